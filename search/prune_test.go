package search

import (
	"context"
	"testing"

	"wyrm/game"
	"wyrm/games/dragon"
)

// TestPruningKeepsForcedWins searches positions with one winning move with
// every technique on (SEE pruning, internal iterative reduction, singular
// extensions, history reductions) and checks the move is found, and that
// no singular-extension exclusion is left behind on the stack.
func TestPruningKeepsForcedWins(t *testing.T) {
	for _, c := range []struct{ pos, want string }{
		{"4k3/8/8/3q4/8/8/8/3RK3[] w - - 0 1", "d1d5"},  // a queen to take
		{"6k1/5ppp/8/8/8/8/8/K3R3[] w - - 0 1", "e1e8"}, // mate on the back rank
		{"k7/8/1K6/8/8/8/8/7R[] w - - 0 1", "h1h8"},     // mate with king and rook
	} {
		p, err := dragon.Game.Parse(c.pos, nil)
		if err != nil {
			t.Fatal(err)
		}
		e := New(1)
		r := e.Search(context.Background(), p, Limits{Depth: 8}, nil)
		if r.BestText != c.want {
			t.Errorf("%s: played %s, want %s", c.pos, r.BestText, c.want)
		}
		for i := range e.stack {
			if e.stack[i].excluded != game.NoMove {
				t.Fatalf("ply %d still excludes a move", i)
			}
		}
	}
}
