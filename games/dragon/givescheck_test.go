package dragon

import (
	"math/rand/v2"
	"testing"

	"wyrm/game"
)

// TestGivesCheck compares GivesCheck with playing every legal move and
// asking InCheck, over positions of random games (drops, promotions,
// castling and discovered checks come up along the way).
func TestGivesCheck(t *testing.T) {
	rng := rand.New(rand.NewPCG(3, 4))
	checks := 0
	for g := 0; g < 60; g++ {
		pos, err := Game.Start(nil)
		if err != nil {
			t.Fatal(err)
		}
		p := pos.(*Position)
		for ply := 0; ply < 120; ply++ {
			ms := p.LegalMoves(nil)
			if len(ms) == 0 {
				break
			}
			for _, m := range ms {
				want := playedCheck(p, m)
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
	if checks < 100 {
		t.Fatalf("only %d checking moves seen: the test hardly tests", checks)
	}
}

func playedCheck(p *Position, m game.Move) bool {
	p.Play(m)
	defer p.Undo()
	return p.InCheck()
}

// TestMoveKey checks that keys are in range and tell apart the piece that
// moves: moves to one square from different piece types differ.
func TestMoveKey(t *testing.T) {
	pos, err := Game.Parse("4k3/8/8/8/8/2N5/8/R3K3[Dd] w - - 0 1", nil)
	if err != nil {
		t.Fatal(err)
	}
	p := pos.(*Position)
	seen := map[int]string{}
	for _, m := range p.LegalMoves(nil) {
		k := p.MoveKey(m)
		if k < 0 || k >= game.MoveKeys {
			t.Fatalf("MoveKey(%s) = %d out of range", p.MoveString(m), k)
		}
		if prev, ok := seen[k]; ok {
			t.Fatalf("%s and %s share key %d", prev, p.MoveString(m), k)
		}
		seen[k] = p.MoveString(m)
	}
}
