package search

import (
	"testing"

	"wyrm/game"
	"wyrm/games/dragon"
)

// TestContinuationHistory checks what a quiet cut-off teaches: the move
// becomes the counter-move of the move before it, and its continuation
// history after that move rises above the quiet moves tried before it,
// while after another previous move nothing is learnt.
func TestContinuationHistory(t *testing.T) {
	p, err := dragon.Game.Start(nil)
	if err != nil {
		t.Fatal(err)
	}
	e := New(1)
	e.pos = p
	e.keyer = p.(game.MoveKeyer)
	ms := p.LegalMoves(nil)
	if len(ms) < 6 {
		t.Fatal("too few moves")
	}
	prev, other := e.moveKey(ms[4]), e.moveKey(ms[5])
	sd := &e.stack[1]
	sd.moves = append(sd.moves[:0], ms...)
	sd.scores = sd.scores[:0]
	for range ms {
		sd.scores = append(sd.scores, 0)
	}
	e.stack[0].key = prev
	cut := ms[3]
	e.goodQuiet(1, 8, cut, 3)
	if e.counters[prev] != cut {
		t.Fatalf("counter-move of the previous move is %v, want %v", e.counters[prev], cut)
	}
	hist := &e.history[p.ToMove()]
	k := e.moveKey(cut)
	if e.conts[0][prev][k] <= 0 || e.conts[0][other][k] != 0 {
		t.Fatalf("continuation history after prev %d, after another move %d", e.conts[0][prev][k], e.conts[0][other][k])
	}
	for j := 0; j < 3; j++ {
		if e.quietScore(hist, ms[j], prev, noKey) >= e.quietScore(hist, cut, prev, noKey) {
			t.Fatalf("move %d tried before the cut-off scores as well as it", j)
		}
	}
	e.scoreMoves(1, game.NoMove)
	sd.killers = [2]game.Move{}
	e.scoreMoves(1, game.NoMove)
	for i, m := range sd.moves {
		if m == cut && sd.scores[i] != orderKiller {
			t.Fatalf("the counter-move is ordered %d, want %d", sd.scores[i], orderKiller)
		}
	}
}
