package search

import (
	"cmp"
	"slices"

	"wyrm/game"
)

// iterate runs one iteration of depth and returns its lines, best first.
// Line k is the best line among the root moves that lines 1..k-1 do not
// start with, searched with its own aspiration window around line k's
// score in the previous iteration (prev). done is false when the search
// stopped first; lines then holds the lines it finished.
func (e *Engine) iterate(depth int, prev []Line) (lines []Line, done bool) {
	lines = make([]Line, 0, e.multiPV)
	e.exclude = e.exclude[:0]
	defer func() { e.exclude = e.exclude[:0] }()
	for k := 0; k < e.multiPV; k++ {
		e.rootBest = game.NoMove
		guess := 0
		if k < len(prev) {
			guess = prev[k].Score
		}
		s := e.aspiration(depth, guess)
		if e.stopped {
			return lines, false
		}
		l := e.rootLine(s)
		lines = append(lines, l)
		e.exclude = append(e.exclude, l.Move)
	}
	// A later line can score above an earlier one when the tree or the
	// table changed between them; the best is listed first all the same.
	if len(lines) > 1 {
		slices.SortStableFunc(lines, func(a, b Line) int { return cmp.Compare(b.Score, a.Score) })
	}
	return lines, true
}

// rootLine reads the principal variation the root search just found,
// replaying it on the position so that only moves legal where they are
// played are kept, each written in the game's notation.
func (e *Engine) rootLine(score int) Line {
	n := e.pvLen[0]
	l := Line{Move: e.rootBest, Score: score, Moves: make([]game.Move, 0, n), PV: make([]string, 0, n)}
	if n > 0 {
		l.Move = e.pv[0][0]
	}
	played := 0
	for i := 0; i < n; i++ {
		m := e.pv[0][i]
		if m == game.NoMove || e.pos.ToMove() == game.NoPlayer {
			break
		}
		e.scratch = e.pos.LegalMoves(e.scratch[:0])
		if !slices.Contains(e.scratch, m) {
			break
		}
		l.Moves = append(l.Moves, m)
		l.PV = append(l.PV, e.pos.MoveString(m))
		e.pos.Play(m)
		played++
	}
	for ; played > 0; played-- {
		e.pos.Undo()
	}
	return l
}

// excluded drops from the root's moves those that earlier lines of this
// iteration start with.
func (e *Engine) excluded(moves []game.Move) []game.Move {
	return slices.DeleteFunc(moves, func(m game.Move) bool { return slices.Contains(e.exclude, m) })
}
