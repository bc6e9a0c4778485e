package record_test

import (
	"bytes"
	"context"
	"reflect"
	"strings"
	"testing"

	"wyrm/game"
	"wyrm/games"
	"wyrm/match"
	"wyrm/record"
)

// matchRecords plays a short match of g between a greedy and a random
// player and returns the games with the PGN the match wrote.
func matchRecords(t *testing.T, cfg match.Config) (match.Summary, string) {
	t.Helper()
	var pgn bytes.Buffer
	cfg.PGN = &pgn
	for _, spec := range []*func(uint64) (match.Player, error){&cfg.NewA, &cfg.NewB} {
		if *spec == nil {
			name := "random"
			if spec == &cfg.NewA {
				name = "greedy"
			}
			*spec = func(seed uint64) (match.Player, error) { return match.NewPlayer(name, seed) }
		}
	}
	sum, err := match.Run(context.Background(), cfg)
	if err != nil {
		t.Fatal(err)
	}
	return sum, pgn.String()
}

func lookup(t *testing.T, name string) game.Game {
	g, err := games.Lookup(name)
	if err != nil {
		t.Fatal(err)
	}
	return g
}

// Every record wyrm match writes, of every game, reads back to the same
// moves and results, and the moves replay by the game's rules to the
// position the game reached, each in the notation Notation gives.
func TestEveryGamesRecordsReadBack(t *testing.T) {
	cases := []struct {
		game    string
		opts    game.Options
		games   int
		plies   int
		variant string
	}{
		{"dragon", nil, 4, 200, "dragon"},
		{"dragonchess", nil, 2, 120, ""},
		{"dungeon", game.Options{"armies": "sample"}, 2, 150, ""},
		{"dungeon", game.Options{"players": "3"}, 3, 300, ""},
		{"dungeon", game.Options{"players": "4", "armies": "sample"}, 4, 400, ""},
	}
	for _, c := range cases {
		g := lookup(t, c.game)
		sum, text := matchRecords(t, match.Config{Game: g, Options: c.opts, Games: c.games, MaxPlies: c.plies, Seed: 3})
		name := c.game + " " + c.opts["players"]
		recs, err := record.Parse(text)
		if err != nil || len(recs) != len(sum.Records) {
			t.Fatalf("%s: %d of %d games read, %v", name, len(recs), len(sum.Records), err)
		}
		for i, r := range recs {
			played := sum.Records[i]
			seats := len(played.Names)
			if !reflect.DeepEqual(r.Moves, played.Text) || !reflect.DeepEqual(r.Results, played.Results[:seats]) ||
				!reflect.DeepEqual(r.Players, played.Names) || r.Start != played.Start || r.Reason != played.Reason ||
				r.Termination != played.Termination || r.Variant != c.variant || r.Game != c.game {
				t.Errorf("%s game %d: read\n%+v\nplayed\n%+v", name, i+1, r, played)
				continue
			}
			k := 0
			pos, err := r.Replay(g, func(pos game.Position, m game.Move) error {
				if got := pos.MoveString(m); got != played.Moves[k] {
					t.Errorf("%s game %d move %d: %q read as %s, played %s", name, i+1, k+1, r.Moves[k], got, played.Moves[k])
				}
				if got := game.Notation(pos, m); got != r.Moves[k] {
					t.Errorf("%s game %d move %d: written %q, Notation %q", name, i+1, k+1, r.Moves[k], got)
				}
				k++
				return nil
			})
			if err != nil {
				t.Fatalf("%s game %d: %v", name, i+1, err)
			}
			if o := pos.Outcome(); played.Termination == record.Normal && (!o.Over || string(o.Reason) != played.Reason) {
				t.Errorf("%s game %d: replay ends %+v, the game %q", name, i+1, o, played.Reason)
			}
		}
		if seats := len(sum.Records[0].Names); seats == 2 {
			// Two-seat records carry nothing the reader drops: written again
			// they are the same text.
			var again strings.Builder
			for i := range recs {
				if err := record.Write(&again, &recs[i]); err != nil {
					t.Fatal(err)
				}
			}
			if again.String() != text {
				t.Errorf("%s: read and written again, the records changed:\n%s\nwas\n%s", name, again.String(), text)
			}
		}
	}
}

// A Dragon Chess record in SAN: the seven tags first, the variant named,
// lines under 80 columns.
func TestDragonRecordsLookLikePGN(t *testing.T) {
	_, text := matchRecords(t, match.Config{Game: lookup(t, "dragon"), Games: 2, MaxPlies: 400, Seed: 8})
	for i, game := range strings.Split(strings.TrimSpace(text), "\n\n[") {
		lines := strings.Split(strings.TrimPrefix(game, "["), "\n")
		for k, tag := range []string{"Event", "Site", "Date", "Round", "White", "Black", "Result"} {
			if !strings.HasPrefix(strings.TrimPrefix(lines[k], "["), tag+" \"") {
				t.Errorf("game %d: tag %d is %q, want %s", i+1, k+1, lines[k], tag)
			}
		}
		if !strings.Contains(game, "\n[Variant \"dragon\"]\n") || !strings.Contains(game, "[SetUp \"1\"]\n[FEN ") {
			t.Errorf("game %d: variant or SetUp and FEN missing:\n%s", i+1, game)
		}
		_, movetext, _ := strings.Cut(game, "\n\n")
		for _, l := range strings.Split(movetext, "\n") {
			if len(l) >= 80 {
				t.Errorf("game %d: line of %d characters", i+1, len(l))
			}
		}
		if !strings.HasPrefix(movetext, "1. ") || strings.Contains(movetext, "e2e4") {
			t.Errorf("game %d: movetext is not SAN:\n%s", i+1, movetext)
		}
	}
}
