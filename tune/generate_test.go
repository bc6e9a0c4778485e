package tune

import (
	"bytes"
	"context"
	"strings"
	"testing"

	"wyrm/game"
	"wyrm/games"
)

func TestGenerateWritesQuietPositions(t *testing.T) {
	for _, name := range []string{"dragon", "dragonchess", "dungeon"} {
		g, err := games.Lookup(name)
		if err != nil {
			t.Fatal(err)
		}
		var b, starts bytes.Buffer
		if err := WriteHeader(&b, name, game.Options{}); err != nil {
			t.Fatal(err)
		}
		st, err := Generate(context.Background(), GenConfig{Game: g, Games: 2, Nodes: 300, RandomPlies: 4, Seed: 3, Concurrency: 2, Starts: &starts}, &b)
		if err != nil {
			t.Fatalf("%s: %v", name, err)
		}
		d, err := ReadData(&b)
		if err != nil {
			t.Fatalf("%s: %v", name, err)
		}
		if st.Games+st.Dropped != 2 || st.Positions != len(d.Samples) || st.Wins+st.Draws+st.Losses != st.Games {
			t.Errorf("%s: stats %+v for %d samples", name, st, len(d.Samples))
		}
		if st.Games > 0 && len(d.Samples) == 0 {
			t.Errorf("%s: no positions from %d games", name, st.Games)
		}
		lines := strings.Split(strings.TrimSpace(starts.String()), "\n")
		if len(lines) != st.Games {
			t.Errorf("%s: %d start positions for %d games", name, len(lines), st.Games)
		}
		for _, l := range lines {
			if p, err := g.Parse(l, game.Options{}); err != nil || p.ToMove() == game.NoPlayer {
				t.Errorf("%s: start %q: %v", name, l, err)
			}
		}
		result := map[int]float64{}
		for _, s := range d.Samples {
			p, err := g.Parse(s.Position, d.Options)
			if err != nil {
				t.Fatalf("%s: %v", name, err)
			}
			if p.InCheck() || !quiet(p) {
				t.Errorf("%s: %s is not quiet", name, s.Position)
			}
			if r, ok := result[s.Game]; ok && r != s.Result {
				t.Errorf("%s: game %d has results %g and %g", name, s.Game, r, s.Result)
			}
			result[s.Game] = s.Result
		}
	}
}

func TestGenerateDropsGamesOverTheCap(t *testing.T) {
	g, _ := games.Lookup("dragon")
	var b bytes.Buffer
	st, err := Generate(context.Background(), GenConfig{Game: g, Games: 2, Nodes: 100, MaxPlies: 6, Seed: 1}, &b)
	if err != nil || st.Dropped != 2 || st.Positions != 0 || b.Len() != 0 {
		t.Errorf("stats %+v, %d bytes, %v; want both games dropped", st, b.Len(), err)
	}
	g3, _ := games.Lookup("dungeon")
	if _, err := Generate(context.Background(), GenConfig{Game: g3, Options: game.Options{"players": "3"}, Games: 1, Nodes: 100}, &b); err == nil ||
		!strings.Contains(err.Error(), "two-player") {
		t.Errorf("three players: %v", err)
	}
	if _, err := Generate(context.Background(), GenConfig{Game: g, Games: 0, Nodes: 100}, &b); err == nil {
		t.Error("no games: no error")
	}
	if _, err := Generate(context.Background(), GenConfig{Game: g, Games: 1, Nodes: 100, Params: []game.Param{{Name: "no.such", Value: 1}}}, &b); err == nil {
		t.Error("an unknown parameter: no error")
	}
}

// Games played with other weights are other games.
func TestGenerateWithParams(t *testing.T) {
	g, _ := games.Lookup("dragon")
	play := func(ps []game.Param) string {
		var b bytes.Buffer
		if _, err := Generate(context.Background(), GenConfig{Game: g, Games: 1, Nodes: 400, RandomPlies: 2, Seed: 9, Params: ps}, &b); err != nil {
			t.Fatal(err)
		}
		return b.String()
	}
	start, _ := g.Start(game.Options{})
	first := start.(game.Tuner).Params()[0]
	own, same, other := play(nil), play([]game.Param{first}), play([]game.Param{{Name: "value.knight.mg", Value: 700}, {Name: "value.pawn.mg", Value: 300}})
	if own != same {
		t.Error("the game's own values, named, played other games")
	}
	if own == other {
		t.Error("other weights played the same game")
	}
}

func TestQuiet(t *testing.T) {
	g, _ := games.Lookup("dragon")
	cases := []struct {
		fen   string
		quiet bool
	}{
		{"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR[DDdd] w KQkq - 0 1", true},
		// White's queen takes a loose rook.
		{"4k3/8/8/3r4/8/8/3Q4/4K3[] w - - 0 1", false},
		// The rook is defended by a pawn: Qxd5 loses the queen.
		{"4k3/8/4p3/3r4/8/8/3Q4/4K3[] w - - 0 1", true},
		// In check.
		{"4k3/8/8/8/8/8/4r3/4K3[] w - - 0 1", false},
	}
	for _, c := range cases {
		p, err := g.Parse(c.fen, game.Options{})
		if err != nil {
			t.Fatal(err)
		}
		if got := quiet(p); got != c.quiet {
			t.Errorf("%s: quiet %v, want %v", c.fen, got, c.quiet)
		}
	}
}
