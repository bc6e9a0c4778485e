package games

import (
	"testing"

	"wyrm/game"
)

func TestLookupFindsEveryGame(t *testing.T) {
	for _, name := range []string{"dragon", "dragonchess", "dungeon"} {
		g, err := Lookup(name)
		if err != nil || g.Info().Name != name {
			t.Fatalf("Lookup(%q) = %v, %v", name, g, err)
		}
	}
	if _, err := Lookup("chess"); err == nil {
		t.Fatal("Lookup(chess) found a game")
	}
}

// Every game honours the parts of the contract that generic code relies on.
func TestEveryGameMeetsTheContract(t *testing.T) {
	want := map[string][]string{
		"dragon":      {"White", "Black"},
		"dragonchess": {"Gold", "Scarlet"},
	}
	for _, g := range All() {
		p, err := g.Start(game.Options{})
		if err != nil {
			t.Fatalf("%s: Start: %v", g.Info().Name, err)
		}
		if _, ok := p.(game.Evaluator); !ok {
			t.Errorf("%s: not an Evaluator", g.Info().Name)
		}
		if _, ok := p.(game.Viewer); !ok {
			t.Errorf("%s: not a Viewer", g.Info().Name)
		}
		q, err := g.Parse(p.String(), game.Options{})
		if err != nil || q.String() != p.String() || q.Hash() != p.Hash() {
			t.Errorf("%s: start position does not round-trip: %v", g.Info().Name, err)
		}
		names := map[string]bool{}
		for s := 0; s < p.Players(); s++ {
			n := p.SeatName(game.Player(s))
			if names[n] {
				t.Errorf("%s: seat name %q used twice", g.Info().Name, n)
			}
			names[n] = true
			if w, ok := want[g.Info().Name]; ok && w[s] != n {
				t.Errorf("%s: seat %d is %q, want %q", g.Info().Name, s, n, w[s])
			}
		}
		if _, err := g.Parse("garbage", game.Options{}); err == nil {
			t.Errorf("%s: parsed garbage", g.Info().Name)
		}
	}
}

// A failed Parse or Start returns a nil interface, never one holding a nil
// pointer, so that callers checking the value cannot crash.
func TestFailedParseReturnsNil(t *testing.T) {
	for _, g := range All() {
		if p, err := g.Parse("garbage", game.Options{}); err == nil || p != nil {
			t.Errorf("%s: Parse(garbage) = %v, %v", g.Info().Name, p, err)
		}
		if p, err := g.Start(game.Options{"no-such-option": "x"}); err == nil || p != nil {
			t.Errorf("%s: Start(bad option) = %v, %v", g.Info().Name, p, err)
		}
	}
}
