package dragonchess

import (
	"testing"

	"wyrm/game"
)

// TestNoAllocation checks that move generation, Play, Undo, the null move
// and evaluation allocate nothing once the buffers exist.
func TestNoAllocation(t *testing.T) {
	p := mustParse(t, referencePositions(t)[1], "troll,reversing-dwarf")
	buf := make([]game.Move, 0, 512)
	moves := p.LegalMoves(nil)
	allocs := testing.AllocsPerRun(50, func() {
		buf = p.LegalMoves(buf[:0])
		for _, m := range moves {
			p.Play(m)
			p.Undo()
		}
		p.PlayNull()
		p.UndoNull()
		buf = p.NoisyMoves(buf[:0])
		_ = p.Evaluate(0) + p.Gain(moves[0])
		_ = p.InCheck()
		_ = p.ToMove()
		_ = p.Outcome()
		_ = p.Perft(2)
	})
	if allocs != 0 {
		t.Errorf("%v allocations per run", allocs)
	}
}

func TestSearchable(t *testing.T) {
	p := mustParse(t, startPos, "")
	if e := p.Evaluate(0); e != -p.Evaluate(1) || e < -50 || e > 50 {
		t.Errorf("start evaluation %d / %d", e, p.Evaluate(1))
	}
	m, _ := p.ParseMove("3g1x3a7")
	if !p.IsNoisy(m) || p.Gain(m) != 100 {
		t.Errorf("3g1x3a7: noisy %v gain %d", p.IsNoisy(m), p.Gain(m))
	}
	q, _ := p.ParseMove("2a2-2a3")
	if p.IsNoisy(q) || p.Gain(q) != 0 {
		t.Error("quiet move noisy")
	}
	noisy := p.NoisyMoves(nil)
	if len(noisy) != 1 || noisy[0] != m {
		t.Errorf("noisy moves %v", noisy)
	}
	// Freezing the Mage halves its value in the evaluation.
	a := mustParse(t, build(t, "g", "2a1K", "2l8k", "2e4m", "1e4B"), "")
	b := mustParse(t, build(t, "g", "2a1K", "2l8k", "2e4m", "1e3B"), "")
	if a.Evaluate(0)-b.Evaluate(0) < 400 {
		t.Errorf("frozen Mage: %d vs %d", a.Evaluate(0), b.Evaluate(0))
	}
	// A defended victim costs the attacker.
	c := mustParse(t, build(t, "g", "2a1K", "2l8k", "2e4M", "2e6w", "2f7w"), "")
	x, err := c.ParseMove("2e4x2e6")
	if err != nil {
		t.Fatal(err)
	}
	if g := c.Gain(x); g != 100-1100 {
		t.Errorf("gain of a defended capture %d", g)
	}
	p.PlayNull()
	if p.ToMove() != 1 || p.Hash() == mustParse(t, startPos, "").Hash() {
		t.Error("null move")
	}
	p.UndoNull()
	if p.String() != startPos {
		t.Error("undo null")
	}
}
