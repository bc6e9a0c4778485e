package server

import (
	"strings"
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
		// Computer seats set up through the Setup's own suggestions.
		adv, ok := st.(SetupAdvisor)
		if !ok {
			t.Fatal("the Dungeon Chess setup offers no suggestions")
		}
		for st.Stage() != "" {
			w := st.Waiting()
			for _, p := range w {
				c, err := adv.Suggest(p)
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

func TestDragonChessRecordHasSANAndTags(t *testing.T) {
	h := newHarnessGames(t, realGames()["dragon"])
	cr := h.create(CreateRequest{Game: "dragon", Options: game.Options{"dragons": "1"}, Seats: []Seat{{Kind: SeatLocal}, {Kind: SeatLocal}}})
	c := h.dial(cr.ID, cr.Tokens[0], cr.Tokens[1])
	for _, mv := range []string{"e2e4", "e7e5", "g1f3", "b8c6", "f1c4", "D@b8"} {
		c.send(map[string]any{"type": "move", "move": mv})
		c.expect("ack")
	}
	_, rec := h.get("/api/games/" + cr.ID + "/record")
	for _, want := range []string{`[Variant "dragon"]`, `[FEN "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR[Dd] w KQkq - 0 1"]`,
		"1. e4 e5 2. Nf3 Nc6 3. Bc4 D@b8", `[Result "*"]`} {
		if !strings.Contains(rec, want) {
			t.Errorf("record lacks %q:\n%s", want, rec)
		}
	}
}
