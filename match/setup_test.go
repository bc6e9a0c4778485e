package match

import (
	"testing"

	"wyrm/game"
	"wyrm/games"
)

// TestSetupChoices checks that a match's Dungeon Chess start lets the wyrm
// player draft and deploy its own army (the setup's Suggest) while the
// random player takes a random one, and that RandomArmies keeps the quick
// game's start.
func TestSetupChoices(t *testing.T) {
	g, err := games.Lookup("dungeon")
	if err != nil {
		t.Fatal(err)
	}
	cfg := Config{Game: g, Options: game.Options{}, Games: 2, Seed: 5}
	jobs, err := schedule(cfg)
	if err != nil {
		t.Fatal(err)
	}
	a, _ := NewPlayer("level:1", 1)
	b, _ := NewPlayer("random", 2)
	for _, j := range jobs {
		if !j.setup || j.opts["factions"] == "" {
			t.Fatalf("job %d: setup %v, factions %q", j.index, j.setup, j.opts["factions"])
		}
		got, err := setupStart(cfg, j, a, b)
		if err != nil {
			t.Fatal(err)
		}
		s, err := g.(game.SetupGame).NewSetup(j.opts)
		if err != nil {
			t.Fatal(err)
		}
		rs := s.(randomSuggester)
		for s.Stage() != "" {
			for _, seat := range s.Waiting() {
				c, err := rs.SuggestRandom(seat)
				if seat == j.seat {
					c, err = s.Suggest(seat)
				}
				if err != nil {
					t.Fatal(err)
				}
				if err := s.Submit(seat, c); err != nil {
					t.Fatal(err)
				}
			}
		}
		want, err := s.Position()
		if err != nil {
			t.Fatal(err)
		}
		if got.String() != want.String() {
			t.Fatalf("job %d (A in seat %d):\n got %s\nwant %s", j.index, j.seat+1, got, want)
		}
		if start, _ := g.Start(j.opts); start.String() == got.String() {
			t.Fatalf("job %d: the setup gave the quick game's random start", j.index)
		}
	}
	cfg.RandomArmies = true
	jobs, err = schedule(cfg)
	if err != nil {
		t.Fatal(err)
	}
	if jobs[0].setup {
		t.Fatal("RandomArmies still plays the setup")
	}
}
