package main

import (
	"context"
	"testing"

	"wyrm/games"
	"wyrm/search"
)

// A hanging queen is a puzzle whose one answer takes it; the start
// position and a position with two ways to win are not puzzles.
func TestCheckPuzzle(t *testing.T) {
	g, err := games.Lookup("dragon")
	if err != nil {
		t.Fatal(err)
	}
	rules := puzzleRules{Win: 250, Gap: 250, Even: 80, Quick: 20_000, Deep: 80_000}
	for _, c := range []struct {
		pos, want string
	}{
		{"4k3/8/8/3q4/8/8/8/3RK3[] w - - 0 1", "d1d5"},
		{"", ""},
		// Either rook takes the queen.
		{"4k3/8/8/3q4/8/8/8/3RK2R[] w - - 0 1", ""},
	} {
		pos, err := startOrParse(g, c.pos, nil)
		if err != nil {
			t.Fatalf("%q: %v", c.pos, err)
		}
		p, ok := checkPuzzle(context.Background(), search.New(1), pos, rules)
		if got := map[bool]string{true: p.Solution}[ok]; got != c.want {
			t.Errorf("%q: puzzle %v %+v, want solution %q", c.pos, ok, p, c.want)
		}
	}
}
