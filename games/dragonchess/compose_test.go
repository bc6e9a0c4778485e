package dragonchess

import (
	"bufio"
	"os"
	"strings"
	"testing"

	"wyrm/game"
	ct "wyrm/internal/composetest"
)

// Starts under the variants, the reference suite and positions with the
// variants' own fields come back from their compositions as written.
func TestComposeRoundTrip(t *testing.T) {
	for _, v := range []string{"", "synchronized", "troll", "reversing-dwarf,en-passant-sylph-1", strings.Join(VariantNames(), ",")} {
		opts := game.Options{"variants": v}
		p, err := Game.Start(opts)
		if err != nil {
			t.Fatal(err)
		}
		c := ct.RoundTrip(t, Game, opts, p.String())
		if len(c.Pieces) != 84 {
			t.Fatalf("%s: %d pieces composed, want 84", v, len(c.Pieces))
		}
	}
	f, err := os.Open("testdata/dragonchess-perft.epd")
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	sc := bufio.NewScanner(f)
	for sc.Scan() {
		if pos, _, ok := strings.Cut(sc.Text(), ";"); ok {
			ct.RoundTrip(t, Game, nil, strings.TrimSpace(pos))
		}
	}
	ep := mustParse(t, startPos, "en-passant-sylph-1")
	play(t, ep, "3g1x3a7")
	c := ct.RoundTrip(t, Game, game.Options{"variants": "en-passant-sylph-1"}, ep.String())
	if c.Fields[fieldEnPassant] != "3a7" {
		t.Fatalf("en-passant field %v", c.Fields)
	}
	rev := build(t, "g", "2a1K", "2l8k", "1e8D", "1d7d", "rev=1e8")
	c = ct.RoundTrip(t, Game, game.Options{"variants": "reversing-dwarf"}, rev)
	for _, pc := range c.Pieces {
		if pc.Square == square(lvUnder, 4, 7) && (len(pc.Marks) != 1 || pc.Marks[0] != "reversed") {
			t.Fatalf("the reversed Dwarf is composed as %+v", pc)
		}
	}
}

func TestComposeEdits(t *testing.T) {
	sq := func(name string) int { s, _, _ := parseSquare(name); return s }
	ct.Edits(t, Game, nil, startPos, []ct.Edit{
		{Name: "Scarlet to move", Change: func(c *game.Composition) { c.ToMove = scarlet }, Want: " s 0 1"},
		{Name: "a Warrior forward", Change: func(c *game.Composition) {
			ct.Remove(c, sq("2e2"))
			ct.Put(c, game.Placed{Square: sq("2e4"), Owner: gold, Letter: "W"})
		}, Want: "/wwwwwwwwwwww/12/12/4W7/12/WWWW1WWWWWWW/"},
		{Name: "the Sky cleared", Change: func(c *game.Composition) {
			for f := 0; f < files; f++ {
				for r := 0; r < ranks; r++ {
					ct.Remove(c, square(lvSky, f, r))
				}
			}
		}, Want: "12/12/12/12/12/12/12/12|"},
		{Name: "counters", Change: func(c *game.Composition) { c.Fields[fieldHalfmove], c.Fields[fieldFullmove] = "12", "40" }, Want: " g 12 40"},
		{Name: "no Gold King", Change: func(c *game.Composition) { ct.Remove(c, sq("2g1")) }, Refused: "Gold has no King"},
		{Name: "two Scarlet Kings", Change: func(c *game.Composition) { ct.Put(c, game.Placed{Square: sq("2f5"), Owner: scarlet, Letter: "K"}) },
			Refused: "Scarlet has two Kings"},
		{Name: "a Warrior in the Sky", Change: func(c *game.Composition) { ct.Put(c, game.Placed{Square: sq("3f4"), Owner: gold, Letter: "W"}) },
			Want: "5W6", Refused: "cannot stand on board 3"},
	})
	opts := game.Options{"variants": "reversing-dwarf,en-passant-sylph-1"}
	start, _ := Game.Start(opts)
	ct.Edits(t, Game, opts, start.String(), []ct.Edit{
		{Name: "a reversed Dwarf", Change: func(c *game.Composition) {
			ct.Put(c, game.Placed{Square: sq("1f4"), Owner: scarlet, Letter: "D", Marks: []string{"reversed"}})
		}, Want: "5d6", Refused: ""},
		{Name: "an en-passant square without a Dragon", Change: func(c *game.Composition) { c.Fields[fieldEnPassant] = "3a7" },
			Want: "ep=3a7", Refused: "holds no Dragon"},
		{Name: "an en-passant square that is none", Change: func(c *game.Composition) { c.Fields[fieldEnPassant] = "4z9" },
			Want: " g 0 1", Refused: "not a square"},
	})
}

// What no board holds is refused before anything is written.
func TestComposeRefusesWhatTheBoardCannotHold(t *testing.T) {
	cp := Game.(game.Composer)
	base, _, err := cp.Decompose(startPos, nil)
	if err != nil {
		t.Fatal(err)
	}
	for _, c := range []struct {
		name   string
		change func(c *game.Composition)
		want   string
	}{
		{"off the boards", func(c *game.Composition) { c.Pieces[0].Square = nSq }, "not on the board"},
		{"a chess Queen", func(c *game.Composition) { c.Pieces[0].Letter = "Q" }, "no piece"},
		{"a hand", func(c *game.Composition) { c.Hands = []string{"S"} }, "cannot hold"},
		{"en passant without its variant", func(c *game.Composition) { c.Fields = game.Options{fieldEnPassant: "3a7"} }, "unknown option"},
		{"nobody to move", func(c *game.Composition) { c.ToMove = game.NoPlayer }, "must be to move"},
		{"a reversed Dwarf without its variant", func(c *game.Composition) {
			ct.Put(c, game.Placed{Square: square(lvUnder, 5, 3), Owner: gold, Letter: "D", Marks: []string{"reversed"}})
		}, "needs the reversing-dwarf variant"},
	} {
		comp := base
		comp.Pieces = append([]game.Placed(nil), base.Pieces...)
		c.change(&comp)
		if text, err := cp.Compose(nil, comp); err == nil || text != "" || !strings.Contains(err.Error(), c.want) {
			t.Errorf("%s: %q, %v; want refused for %q", c.name, text, err, c.want)
		}
	}
}

func TestDecompose(t *testing.T) {
	cp := Game.(game.Composer)
	empty := strings.Repeat("12/", 7) + "12"
	three := empty + "|" + empty + "|" + empty
	for _, s := range []string{three + " g 0 1", build(t, "s", "3a1W", "2a1K", "2b1K")} {
		if _, _, err := cp.Decompose(s, nil); err != nil {
			t.Errorf("Decompose(%q): %v", s, err)
		}
	}
	for _, s := range []string{"", three, three + " x 0 1", three + " g -1 1", three + " g 0 0", empty + " g 0 1",
		strings.Replace(three, "12", "13", 1) + " g 0 1", strings.Replace(three, "12", "Q11", 1) + " g 0 1",
		strings.Replace(three, "12", "011", 1) + " g 0 1",
		three + " g 0 1 ep=3a7", three + " g 0 1 rev=1a1", three + " g 0 1 what=1"} {
		if _, _, err := cp.Decompose(s, nil); err == nil {
			t.Errorf("Decompose(%q) read it", s)
		}
	}
	if _, _, err := cp.Decompose(three+" g 0 1 rev=1a1", game.Options{"variants": "reversing-dwarf"}); err == nil {
		t.Error("a reversed Dwarf on an empty square was read")
	}
}

func FuzzDecompose(f *testing.F) {
	f.Add(startPos, "")
	f.Add(build(f, "g", "2a1K", "2l8k", "1e8D", "1d7d", "rev=1e8"), "reversing-dwarf")
	f.Add(startPos+" ep=3a7", "en-passant-sylph-1")
	f.Fuzz(func(t *testing.T, s, variants string) {
		opts := game.Options{"variants": variants}
		if _, err := Game.Normalize(opts); err != nil {
			return
		}
		ct.Fuzz(t, Game, opts, s)
	})
}
