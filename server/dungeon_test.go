package server

import (
	"testing"

	"wyrm/game"
	"wyrm/games/dungeon"
)

func TestDungeonHelpers(t *testing.T) {
	for n, players := range []string{"2", "3", "4"} {
		opts := game.Options{"players": players}
		st, err := dungeon.Game{}.NewSetup(opts)
		if err != nil {
			t.Fatal(err)
		}
		for st.Stage() != "" {
			w := st.Waiting()
			for _, p := range w {
				c, err := dungeonSuggest(st, opts, p, 7)
				if err != nil {
					t.Fatalf("%s players, seat %d, %s: %v", players, p, st.Stage(), err)
				}
				if err := st.Submit(p, c); err != nil {
					t.Fatalf("%s players, seat %d, %s: suggestion %q refused: %v", players, p, st.Stage(), c, err)
				}
			}
		}
		if _, err := st.Position(); err != nil {
			t.Fatal(err)
		}
		for p := 0; p < n+2; p++ {
			if z := dungeonZone(opts, game.Player(p)); len(z) == 0 {
				t.Errorf("%s players: seat %d has no zone", players, p)
			}
		}
	}
}

func TestRulesDiagramsOfEveryGameParse(t *testing.T) {
	// Every diagram position must be legal in its game and show moves.
	for name, set := range diagramSets {
		if name == "toy" {
			continue
		}
		g, ok := realGames()[name]
		if !ok {
			t.Fatalf("no game %s", name)
		}
		for _, d := range set() {
			p, err := g.Parse(d.Pos, d.Opts)
			if err != nil {
				t.Errorf("%s %c: %v", name, d.Letter, err)
				continue
			}
			if len(p.LegalMoves(nil)) == 0 {
				t.Errorf("%s %c: no legal moves in %s", name, d.Letter, d.Pos)
			}
		}
	}
}
