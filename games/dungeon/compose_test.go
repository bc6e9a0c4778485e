package dungeon

import (
	"strconv"
	"strings"
	"testing"

	"wyrm/game"
	ct "wyrm/internal/composetest"
)

// composeBench is a deployed two-player position (perft_test.go's).
const composeBench = "two-player-dungeon human:Hb1,Nc1,Pd1,We1,Af1,Ha2,Hb2,Hc2,Hd2,He2,Hf2,Hg2 " +
	"greenskin:Ga19,Gc19,Cd19,Ue19,Gf19,Qd20,Je20 1 0 0"

// Starts on every map for every number of players, and the positions of
// games played on from them (wounded Trolls, hexes, seats knocked out),
// come back from their compositions as written.
func TestComposeRoundTrip(t *testing.T) {
	ct.RoundTrip(t, Game{}, nil, composeBench)
	marks := map[string]bool{}
	for _, m := range BuiltinMaps() {
		for n := 2; n <= m.Zones; n++ {
			for seed := 1; seed <= 3; seed++ {
				opts := game.Options{"map": m.ID, "players": strconv.Itoa(n), "seed": strconv.Itoa(seed)}
				p, err := Game{}.Start(opts)
				if err != nil {
					t.Fatal(err)
				}
				c := ct.RoundTrip(t, Game{}, opts, p.String())
				if c.ToMove != 0 || len(c.Pieces) != len(p.Pieces(nil)) {
					t.Fatalf("%v: start composed with seat %d to move", opts, c.ToMove)
				}
				// Play on, choosing moves by a fixed rule, hexes first
				// where there are some.
				for ply := 0; ply < 120 && p.ToMove() != game.NoPlayer; ply++ {
					moves := p.LegalMoves(nil)
					mv := moves[(ply*7+seed)%len(moves)]
					for _, x := range moves {
						if strings.Contains(p.MoveString(x), "@") && ply%3 == 0 {
							mv = x
						}
					}
					p.Play(mv)
					s := p.String()
					for _, mk := range []string{"w,", "u,", "h1", "h2", ":-"} {
						if strings.Contains(s+",", mk) {
							marks[mk] = true
						}
					}
					ct.RoundTrip(t, Game{}, opts, s)
				}
			}
		}
	}
	t.Logf("states seen in the walks: %v", marks)
}

// The options Decompose returns name the string's map, seats and factions,
// and shape the palette the composition fits.
func TestDecomposeGivesTheShapingOptions(t *testing.T) {
	p, err := Game{}.Start(game.Options{"players": "3", "factions": "redskin,human,greenskin"})
	if err != nil {
		t.Fatal(err)
	}
	_, o, err := Game{}.Decompose(p.String(), game.Options{"seed": "5"})
	if err != nil {
		t.Fatal(err)
	}
	if o["map"] != "four-player-dungeon" || o["players"] != "3" || o["factions"] != "redskin,human,greenskin" || o["seed"] != "5" {
		t.Fatalf("options %v", o)
	}
	pal, err := Game{}.Palette(o)
	if err != nil {
		t.Fatal(err)
	}
	if len(pal.Seats) != 3 || pal.Seats[2] != "Greenskin" || len(pal.Pieces[0]) != 6 || len(pal.Pieces[2]) != 8 {
		t.Fatalf("palette seats %v, %d and %d units", pal.Seats, len(pal.Pieces[0]), len(pal.Pieces[2]))
	}
	if k := pal.Pieces[2][0]; k.Letter != 'J' || !k.Royal || k.Art == "" {
		t.Fatalf("Greenskin's first unit %+v, want its King role, the Warlord", k)
	}
	// Without factions the seats take the first ones, in order.
	pal, err = (Game{}).Palette(game.Options{"players": "4"})
	if err != nil || strings.Join(pal.Seats, ",") != "Human,Undead,Infernal,Greenskin" {
		t.Fatalf("default factions %v, %v", pal.Seats, err)
	}
	if _, err := (Game{}).Palette(game.Options{"map": "two-player-dungeon", "players": "3"}); err == nil {
		t.Fatal("a palette for three on a map of two")
	}
}

func TestComposeEdits(t *testing.T) {
	sq := func(name string) int {
		m, _ := mapForID("two-player-dungeon", nil)
		b, _, err := m.parseSquare(name)
		if err != nil {
			t.Fatal(err)
		}
		return int(m.fromBox[b])
	}
	ct.Edits(t, Game{}, nil, composeBench, []ct.Edit{
		{Name: "Greenskin to move", Change: func(c *game.Composition) { c.ToMove = 1 }, Want: " 2 0 0"},
		{Name: "a Hero forward", Change: func(c *game.Composition) {
			ct.Remove(c, sq("e2"))
			ct.Put(c, game.Placed{Square: sq("e3"), Owner: 0, Letter: "H"})
		}, Want: "Hf2,Hg2,He3 greenskin"},
		{Name: "a wounded Troll", Change: func(c *game.Composition) {
			ct.Put(c, game.Placed{Square: sq("e19"), Owner: 1, Letter: "U", Marks: []string{"wounded"}})
		}, Want: "Ue19w"},
		{Name: "a spent Shaman and a hexed Goblin", Change: func(c *game.Composition) {
			ct.Put(c, game.Placed{Square: sq("d20"), Owner: 1, Letter: "Q", Marks: []string{"hex-used"}})
			ct.Put(c, game.Placed{Square: sq("a19"), Owner: 1, Letter: "G", Marks: []string{"hexed-2"}})
		}, Want: "Ga19h2,"},
		{Name: "counters", Change: func(c *game.Composition) { c.Fields["quiet"], c.Fields["turn"] = "30", "61" }, Want: " 1 30 61"},
		{Name: "a seat with no units is out, and the game with it", Change: func(c *game.Composition) {
			for _, s := range []string{"a19", "c19", "d19", "e19", "f19", "d20", "e20"} {
				ct.Remove(c, sq(s))
			}
		}, Want: "greenskin:- 1 0 0", Refused: "only one seat is left"},
		{Name: "no Human King", Change: func(c *game.Composition) { ct.Remove(c, sq("d1")) }, Refused: "seat 1 has no King"},
		{Name: "a unit on water", Change: func(c *game.Composition) { ct.Put(c, game.Placed{Square: sq("c10"), Owner: 0, Letter: "N"}) },
			Want: "Nc10", Refused: "which is water"},
		{Name: "a unit in the void", Change: func(c *game.Composition) { ct.Put(c, game.Placed{Square: sq("a4"), Owner: 0, Letter: "N"}) },
			Refused: "void"},
		{Name: "too quiet for two", Change: func(c *game.Composition) { c.Fields["quiet"] = "150" }, Refused: "from 0 to 100"},
		{Name: "nobody to move with two in", Change: func(c *game.Composition) { c.ToMove = game.NoPlayer }, Want: " - 0 0",
			Refused: "no seat to move"},
	})
}

// What the palette does not hold is refused before anything is written.
func TestComposeRefusesWhatThePaletteLacks(t *testing.T) {
	base, opts, err := Game{}.Decompose(composeBench, nil)
	if err != nil {
		t.Fatal(err)
	}
	for _, c := range []struct {
		name   string
		change func(c *game.Composition)
		want   string
	}{
		{"another faction's unit", func(c *game.Composition) { c.Pieces[0].Letter = "K" }, "no piece"},
		{"a wounded Hero", func(c *game.Composition) { c.Pieces[0].Marks = []string{"wounded"} }, "cannot be wounded"},
		{"a third seat", func(c *game.Composition) { c.Pieces[0].Owner = 2 }, "belongs to no seat"},
		{"off the map", func(c *game.Composition) { c.Pieces[0].Square = 8 * 20 }, "not on the board"},
		{"a hand", func(c *game.Composition) { c.Hands = []string{"H"} }, "cannot hold"},
		{"a quiet count past any limit", func(c *game.Composition) { c.Fields = game.Options{"quiet": "201"} }, "not a number from 0 to 200"},
	} {
		comp := base
		comp.Pieces = append([]game.Placed(nil), base.Pieces...)
		c.change(&comp)
		if text, err := (Game{}).Compose(opts, comp); err == nil || text != "" || !strings.Contains(err.Error(), c.want) {
			t.Errorf("%s: %q, %v; want refused for %q", c.name, text, err, c.want)
		}
	}
}

func TestDecompose(t *testing.T) {
	for _, s := range []string{
		"two-player-dungeon human:Hb1 undead:Kc20 1 0 0",              // no Kings
		"two-player-dungeon human:Hc10,Pd1 undead:Ra20 2 0 0",         // a unit on water
		"two-player-dungeon human:- undead:- - 0 0",                   // nobody left
		"four-player-dungeon human:Pg1 undead:Ra8 redskin:Fh20 3 9 0", // three seats
	} {
		if _, _, err := (Game{}).Decompose(s, nil); err != nil {
			t.Errorf("Decompose(%q): %v", s, err)
		}
	}
	for _, s := range []string{"", "no-such-map human:Pd1 undead:Ra20 1 0 0", "two-player-dungeon human:Pd1 1 0 0",
		"two-player-dungeon human:Pd1 human:Pa1 1 0 0", "two-player-dungeon human:Pd1 undead:Ra20 3 0 0",
		"two-player-dungeon human:Pd1 undead:Pa20 1 0 0", "two-player-dungeon human:Pd1,Hd1 undead:Ra20 1 0 0",
		"two-player-dungeon human:Pd1 undead:Ra20 1 201 0", "two-player-dungeon human:Pd1 undead:Ra20 1 0",
		"two-player-dungeon human: undead:Ra20 1 0 0", "two-player-dungeon human:Pd1x undead:Ra20 1 0 0"} {
		if _, _, err := (Game{}).Decompose(s, nil); err == nil {
			t.Errorf("Decompose(%q) read it", s)
		}
	}
}

func FuzzDecompose(f *testing.F) {
	f.Add(composeBench)
	f.Add("four-player-dungeon human:Pg1 undead:Ra8 redskin:Fh20 3 9 0")
	f.Add("two-player-dungeon human:Hb1,Pd1h2 greenskin:Ue19w,Qd20u,Je20 2 4 17")
	f.Fuzz(func(t *testing.T, s string) { ct.Fuzz(t, Game{}, nil, s) })
}
