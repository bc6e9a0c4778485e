package main

import (
	"context"
	"strings"
	"testing"

	"wyrm/game"
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

// Options for the self-play games belong to one game, and a bad one is
// refused before any game is played.
func TestPuzzlesFlags(t *testing.T) {
	for _, c := range []struct {
		args []string
		want int
	}{
		{[]string{"-opt", "players=2"}, 2},
		{[]string{"-vary", "seed"}, 2},
		{[]string{"-game", "dragon", "-random", "0"}, 2},
		{[]string{"-game", "dungeon", "-opt", "players=9", "-games", "1"}, 1},
	} {
		var out, errOut strings.Builder
		if got := runPuzzles(c.args, nil, &out, &errOut); got != c.want {
			t.Errorf("%v: exit %d, want %d (%s)", c.args, got, c.want, errOut.String())
		}
	}
}

// -vary gives each self-play game its own value of the option: two games
// of a game whose deployment depends on it start differently.
func TestPuzzlesVary(t *testing.T) {
	g, err := games.Lookup("dungeon")
	if err != nil {
		t.Fatal(err)
	}
	var starts []string
	sp := selfPlay{opts: game.Options{"armies": "sample"}, vary: "seed", random: 1}
	for k := range 2 {
		opts := sp.gameOptions(k)
		pos, err := g.Start(opts)
		if err != nil {
			t.Fatal(err)
		}
		starts = append(starts, pos.String())
	}
	if starts[0] == starts[1] {
		t.Errorf("two games with -vary seed start alike: %s", starts[0])
	}
}
