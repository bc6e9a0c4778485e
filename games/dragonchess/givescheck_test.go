package dragonchess

import (
	"math/rand/v2"
	"testing"
)

// TestGivesCheck compares GivesCheck with playing every legal move and
// asking InCheck, over positions of random games.
func TestGivesCheck(t *testing.T) {
	rng := rand.New(rand.NewPCG(5, 6))
	checks := 0
	for g := 0; g < 12; g++ {
		pos, err := Game.Start(nil)
		if err != nil {
			t.Fatal(err)
		}
		p := pos.(*Position)
		for ply := 0; ply < 150; ply++ {
			ms := p.LegalMoves(nil)
			if len(ms) == 0 {
				break
			}
			for _, m := range ms {
				p.Play(m)
				want := p.InCheck()
				p.Undo()
				if got := p.GivesCheck(m); got != want {
					t.Fatalf("%s: GivesCheck(%s) = %v, InCheck after it %v", p, p.MoveString(m), got, want)
				}
				if want {
					checks++
				}
			}
			p.Play(ms[rng.IntN(len(ms))])
		}
	}
	if checks < 20 {
		t.Fatalf("only %d checking moves seen: the test hardly tests", checks)
	}
}
