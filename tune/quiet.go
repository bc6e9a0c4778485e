package tune

import "wyrm/game"

// Quiescence bounds for the quiet test: a position whose captures run
// deeper or wider than this is not kept.
const (
	quietDepth = 8
	quietNodes = 20000
	// decided scores a finished game in the quiescence search, beyond
	// any evaluation.
	decided = 1 << 20
)

// quiet reports whether p, with two seats and not over, is quiet: no
// sequence of captures (noisy moves) gains on the evaluation of p as it
// stands, by the quiescence search an alpha-beta search ends in. Its
// evaluation is then what a search would return for it, and what the
// fit should compare with the game's result.
func quiet(p game.Position) bool {
	me := p.ToMove()
	if me == game.NoPlayer || p.InCheck() {
		return false
	}
	q := quiescer{buf: make([][]game.Move, quietDepth+1)}
	stand := p.Evaluate(me)
	v := q.search(p, me, -decided*2, decided*2, quietDepth)
	return !q.exhausted && v <= stand
}

type quiescer struct {
	buf       [][]game.Move
	nodes     int
	exhausted bool
}

// search is a fail-soft quiescence search of p for seat me, to move.
func (q *quiescer) search(p game.Position, me game.Player, alpha, beta, depth int) int {
	q.nodes++
	if q.nodes > quietNodes {
		q.exhausted = true
		return alpha
	}
	best := p.Evaluate(me)
	if depth == 0 || best >= beta {
		return best
	}
	alpha = max(alpha, best)
	q.buf[depth] = p.NoisyMoves(q.buf[depth][:0])
	for _, m := range q.buf[depth] {
		p.Play(m)
		var v int
		if o := p.Outcome(); o.Over {
			switch o.Results[me] {
			case game.Win:
				v = decided
			case game.Loss, game.Eliminated:
				v = -decided
			}
		} else {
			v = -q.search(p, p.ToMove(), -beta, -alpha, depth-1)
		}
		p.Undo()
		if v > best {
			best = v
			alpha = max(alpha, v)
			if v >= beta {
				break
			}
		}
	}
	return best
}
