package search

import (
	"math"

	"wyrm/game"
)

const histBits = 12
const histSize = 1 << histBits
const histMax = 1 << 20

// histIndex hashes a move's encoding into the history table. Moves are
// opaque, but a game's encoding of "this piece from here to there" is the
// same in every position, which is what history ordering relies on.
func histIndex(m game.Move) uint32 { return uint32(m) * 2654435761 >> (32 - histBits) }

// Ordering scores: the hash move, then winning or even noisy moves by Gain,
// then killers and the counter-move, then quiet moves by history and
// continuation history, then losing noisy moves.
const (
	orderTT     = 1 << 30
	orderNoisy  = 1 << 26
	orderKiller = 1 << 25
	orderBad    = -(1 << 26)
	// orderUnscored stands for a quiet move's score, in selective games,
	// until pick first reaches the quiet moves: most nodes are cut by the
	// hash move, a capture or a killer before that, and need no history
	// look-ups. (Other games score every move at once, which keeps the
	// trees their strength was measured with.)
	orderUnscored = orderKiller - 1
)

// noisyGain recovers a noisy move's Gain (clamped to ±2^20) from the
// ordering score scoreMoves gave it, when it was not the hash move.
func noisyGain(order int32) int {
	if order >= orderNoisy {
		return int(order - orderNoisy)
	}
	return int(order - orderBad)
}

// noKey marks a ply whose move has no key (a pass, the root's parent).
const noKey = -1

// contTable is a continuation history: how well a move (by key) did as
// the answer to an earlier move (by key), two-byte entries bounded by
// contMax.
type contTable [game.MoveKeys][game.MoveKeys]int16

const contMax = 1 << 14

// moveKey is the game's MoveKey of m, or its encoding hashed to the same
// range for games without one.
func (e *Engine) moveKey(m game.Move) int {
	if e.keyer != nil {
		return e.keyer.MoveKey(m)
	}
	return int(uint32(m) * 2654435761 >> 22)
}

// prevKeys are the keys of the moves one and two plies before ply. With
// more than two players a ply is not one opponent's answer (a BRS+ round
// plays several moves), and continuation histories made the four-player
// bench search three times the nodes: they are for two players only.
func (e *Engine) prevKeys(ply int) (k1, k2 int) {
	k1, k2 = noKey, noKey
	if e.players > 2 {
		return k1, k2
	}
	if ply >= 1 {
		k1 = e.stack[ply-1].key
	}
	if ply >= 2 {
		k2 = e.stack[ply-2].key
	}
	return k1, k2
}

// quietScore is a quiet move's ordering score: its history plus its
// continuation histories after the previous two moves.
func (e *Engine) quietScore(hist *[histSize]int32, m game.Move, k1, k2 int) int32 {
	s := hist[histIndex(m)]
	if k1 == noKey && k2 == noKey {
		return s
	}
	k := e.moveKey(m)
	if k1 != noKey {
		s += 32 * int32(e.conts[0][k1][k])
	}
	if k2 != noKey {
		s += 32 * int32(e.conts[1][k2][k])
	}
	return s
}

// scoreMoves fills the ply's score buffer for its moves.
func (e *Engine) scoreMoves(ply int, ttMove game.Move) {
	sd := &e.stack[ply]
	sd.scores = sd.scores[:0]
	hist := &e.history[max(e.pos.ToMove(), 0)]
	k1, k2 := e.prevKeys(ply)
	counter := game.NoMove
	if k1 != noKey {
		counter = e.counters[k1]
	}
	sd.unscored = false
	for _, m := range sd.moves {
		var s int32
		switch {
		case m == ttMove:
			s = orderTT
		case e.pos.IsNoisy(m):
			g := e.pos.Gain(m)
			if g >= 0 {
				s = orderNoisy + int32(min(g, 1<<20))
			} else {
				s = orderBad + int32(max(g, -(1<<20)))
			}
		case m == sd.killers[0]:
			s = orderKiller + 2
		case m == sd.killers[1]:
			s = orderKiller + 1
		case m == counter:
			s = orderKiller
		case e.selective:
			s, sd.unscored = orderUnscored, true
		default:
			s = e.quietScore(hist, m, k1, k2)
		}
		sd.scores = append(sd.scores, s)
	}
}

// scoreQuiets gives the quiet moves at and after i, which scoreMoves left
// at orderUnscored, their history scores.
func (e *Engine) scoreQuiets(ply, i int) {
	sd := &e.stack[ply]
	sd.unscored = false
	hist := &e.history[max(e.pos.ToMove(), 0)]
	k1, k2 := e.prevKeys(ply)
	for j := i; j < len(sd.moves); j++ {
		if sd.scores[j] == orderUnscored {
			sd.scores[j] = e.quietScore(hist, sd.moves[j], k1, k2)
		}
	}
}

// pick moves the best-scored move at or after i to i and returns it.
func (e *Engine) pick(ply, i int) (game.Move, int32) {
	sd := &e.stack[ply]
	best := i
	for j := i + 1; j < len(sd.moves); j++ {
		if sd.scores[j] > sd.scores[best] {
			best = j
		}
	}
	if sd.unscored && sd.scores[best] == orderUnscored {
		e.scoreQuiets(ply, i)
		return e.pick(ply, i)
	}
	sd.moves[i], sd.moves[best] = sd.moves[best], sd.moves[i]
	sd.scores[i], sd.scores[best] = sd.scores[best], sd.scores[i]
	return sd.moves[i], sd.scores[i]
}

// dropPrunedQuiets moves out of the ply's list, at and after from, the
// quiet moves that give no check, keeping the others in their order.
// Late move pruning and futility skip those moves anyway; picking them
// one by one made move ordering a sixth of the search's time. Their
// scores stay in sd.dropped, for rankOf.
func (e *Engine) dropPrunedQuiets(ply, from int) {
	sd := &e.stack[ply]
	n := from
	sd.dropped = sd.dropped[:0]
	for j := from; j < len(sd.moves); j++ {
		m, s := sd.moves[j], sd.scores[j]
		if len(sd.dropped) < maxDropped && s < orderKiller && !e.pos.IsNoisy(m) && !e.givesCheck(m) {
			sd.dropped = append(sd.dropped, s)
			continue
		}
		sd.moves[n], sd.scores[n] = m, s
		n++
	}
	sd.moves, sd.scores = sd.moves[:n], sd.scores[:n]
}

// maxDropped bounds the moves dropPrunedQuiets takes out; any beyond it
// stay in the list and are pruned one by one.
const maxDropped = 256

// rankOf is the place in the ply's order of the move at i with score
// order, counting the moves dropPrunedQuiets took out before it: late
// move reductions follow it.
func (e *Engine) rankOf(ply, i int, order int32) int {
	sd := &e.stack[ply]
	for _, s := range sd.dropped {
		if s > order {
			i++
		}
	}
	return i
}

// goodQuiet rewards a quiet move that caused a cut-off and punishes the
// quiet moves tried before it, in the history and the continuation
// histories, and makes it the counter-move of the previous move.
func (e *Engine) goodQuiet(ply, depth int, m game.Move, tried int) {
	sd := &e.stack[ply]
	if sd.killers[0] != m {
		sd.killers[1], sd.killers[0] = sd.killers[0], m
	}
	seat := e.pos.ToMove()
	if seat < 0 {
		return
	}
	hist := &e.history[seat]
	k1, k2 := e.prevKeys(ply)
	if k1 != noKey {
		e.counters[k1] = m
	}
	bonus := int32(min(depth*depth, 400))
	update := func(q game.Move, b int32) {
		i := histIndex(q)
		h := hist[i]
		h += b*32 - h*abs32(b*32)/histMax
		hist[i] = h
		if k1 == noKey && k2 == noKey {
			return
		}
		k := e.moveKey(q)
		if k1 != noKey {
			contUpdate(&e.conts[0][k1][k], b*16)
		}
		if k2 != noKey {
			contUpdate(&e.conts[1][k2][k], b*16)
		}
	}
	update(m, bonus)
	for j := 0; j < tried; j++ {
		q := sd.moves[j]
		if q != m && sd.scores[j] < orderKiller && sd.scores[j] > orderBad/2 {
			update(q, -bonus)
		}
	}
}

// contUpdate moves a continuation history entry by b, less as it nears
// contMax (|b| must not exceed contMax).
func contUpdate(c *int16, b int32) {
	v := int32(*c)
	v += b - v*abs32(b)/contMax
	*c = int16(v)
}

func abs32(x int32) int32 {
	if x < 0 {
		return -x
	}
	return x
}

// lmrReduction is the reduction of the nth move at depth: about
// ln(depth)·ln(n)/2. With more than two players it stays as measured
// there, a little smaller.
func lmrReduction(depth, n int, multi bool) int {
	if depth < 3 || n < 3 {
		return 0
	}
	if multi {
		return int(0.6 + math.Log(float64(depth))*math.Log(float64(n))/2.2)
	}
	return int(0.8 + math.Log(float64(depth))*math.Log(float64(n))/2.0)
}
