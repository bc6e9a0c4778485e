package dungeon_test

import (
	"context"
	"slices"
	"testing"

	"wyrm/game"
	"wyrm/games/dungeon"
	"wyrm/search"
)

// TestEngineSearchesDungeon runs the project's search on two- and
// four-player positions: it must return a legal move and take a free King.
func TestEngineSearchesDungeon(t *testing.T) {
	for _, o := range []game.Options{{"seed": "4"}, {"players": "4", "seed": "4"}} {
		p, err := dungeon.Game{}.Start(o)
		if err != nil {
			t.Fatal(err)
		}
		r := search.New(1).Search(context.Background(), p.(game.Searchable), search.Limits{Nodes: 20000}, nil)
		if !slices.Contains(p.LegalMoves(nil), r.Best) {
			t.Fatalf("%v: engine chose %q, not a legal move", o, r.BestText)
		}
	}
	// The Hero on c4 takes the Warlock on c5 and wins.
	p, err := dungeon.Game{}.Parse("compact-skirmish human:Pj1,Hc4 undead:Lc5,Ka9,Kb9 1 0 0", nil)
	if err != nil {
		t.Fatal(err)
	}
	r := search.New(1).Search(context.Background(), p.(game.Searchable), search.Limits{Depth: 3}, nil)
	if r.BestText != "c4xc5" {
		t.Fatalf("engine played %s, not the King capture", r.BestText)
	}
}
