package dragonchess

import (
	"math/rand/v2"
	"testing"

	"wyrm/game"
)

// TestToMoveCache plays random games with Play, Undo and null moves and
// checks ToMove's cached verdict against a fresh computation at each step.
func TestToMoveCache(t *testing.T) {
	rng := rand.New(rand.NewPCG(7, 11))
	over := 0
	for g := 0; g < 6; g++ {
		gp, err := Game.Start(nil)
		if err != nil {
			t.Fatal(err)
		}
		p := gp.(*Position)
		for ply := 0; ply < 200; ply++ {
			check := func(what string) {
				got := p.ToMove()
				fresh := *p
				fresh.status = statusUnknown
				if want := fresh.ToMove(); got != want {
					t.Fatalf("game %d ply %d after %s: ToMove = %d, fresh = %d", g, ply, what, got, want)
				}
			}
			check("play")
			moves := p.LegalMoves(nil)
			if len(moves) == 0 {
				over++
				// Step back out of the finished position and on.
				p.Undo()
				check("undo from the end")
				continue
			}
			m := moves[rng.IntN(len(moves))]
			// Mostly step back where the mover came from, so that
			// repetition draws, and with them finished positions, occur.
			if n := len(p.hist); n >= 2 && !p.hist[n-2].null && rng.IntN(8) != 0 {
				last := p.hist[n-2].m
				for _, c := range moves {
					if moveFrom(c) == moveTo(last) && moveTo(c) == moveFrom(last) {
						m = c
					}
				}
			}
			p.Play(m)
			check("play")
			if rng.IntN(4) == 0 {
				p.Undo()
				check("undo")
				p.Play(m)
			}
			if rng.IntN(8) == 0 && p.ToMove() != game.NoPlayer {
				p.PlayNull()
				check("null")
				p.UndoNull()
				check("undo null")
			}
		}
	}
	if over == 0 {
		t.Error("no game reached a finished position; the test checks too little")
	}
}
