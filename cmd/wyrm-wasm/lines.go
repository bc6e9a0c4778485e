package main

import (
	"wyrm/game"
	"wyrm/game/boardview"
	"wyrm/search"
)

// scoreOf writes a search score as UCI would.
func scoreOf(s int) scoreMsg {
	if search.IsMate(s) {
		return scoreMsg{Kind: "mate", Value: search.MateMoves(s)}
	}
	return scoreMsg{Kind: "cp", Value: s}
}

// linesOf writes the search's lines for the page. pos is the searched
// position; it is played on and restored.
func linesOf(pos game.Position, lines []search.Line) []lineMsg {
	out := make([]lineMsg, 0, len(lines))
	for k, l := range lines {
		out = append(out, lineOf(pos, k+1, l))
	}
	return out
}

func lineOf(pos game.Position, k int, l search.Line) lineMsg {
	out := lineMsg{MultiPV: k, Score: scoreOf(l.Score), PV: make([]string, 0, len(l.Moves)), Moves: make([]string, 0, len(l.Moves))}
	if l.Move != game.NoMove {
		a := boardview.MoveOf(pos.DescribeMove(l.Move))
		out.Arrow = &a
	}
	// The engine only puts moves legal where they stand into a line.
	for _, m := range l.Moves {
		out.PV = append(out.PV, game.Notation(pos, m))
		out.Moves = append(out.Moves, pos.MoveString(m))
		pos.Play(m)
	}
	for range l.Moves {
		pos.Undo()
	}
	return out
}
