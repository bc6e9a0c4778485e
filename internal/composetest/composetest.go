// Package composetest checks a game's game.Composer the same way for every
// game: positions survive the trip through a composition, and an edit made
// to a composition reaches the position string.
package composetest

import (
	"slices"
	"strings"
	"testing"

	"wyrm/game"
)

// RoundTrip checks that position s, which the game plays under opts, comes
// back from Decompose and Compose as the game writes it, and that its
// composition fits the palette.
func RoundTrip(t *testing.T, g game.Game, opts game.Options, s string) game.Composition {
	t.Helper()
	cp := g.(game.Composer)
	p, err := g.Parse(s, opts)
	if err != nil {
		t.Fatalf("Parse(%q): %v", s, err)
	}
	c, o, err := cp.Decompose(s, opts)
	if err != nil {
		t.Fatalf("Decompose(%q): %v", s, err)
	}
	pal, err := cp.Palette(o)
	if err != nil {
		t.Fatalf("Palette(%v): %v", o, err)
	}
	if err := pal.Check(c); err != nil {
		t.Fatalf("the composition of %q does not fit its palette: %v", s, err)
	}
	got, err := cp.Compose(o, c)
	if err != nil || got != p.String() {
		t.Fatalf("position %q\ncomposed  %q, %v\nwant      %q", s, got, err, p.String())
	}
	// The composition lists what the game's viewer shows.
	want := p.Pieces(nil)
	if len(want) != len(c.Pieces) {
		t.Fatalf("%q: %d pieces composed, the viewer shows %d", s, len(c.Pieces), len(want))
	}
	for _, v := range want {
		if !slices.ContainsFunc(c.Pieces, func(pc game.Placed) bool {
			return pc.Square == v.Square && pc.Owner == v.Owner && pc.Letter == string(v.Letter)
		}) {
			t.Fatalf("%q: the composition lacks seat %d's %c on %s", s, v.Owner+1, v.Letter, p.SquareName(v.Square))
		}
	}
	return c
}

// Edit is one change to a composition and what it must do.
type Edit struct {
	Name string
	// Change edits the composition in place.
	Change func(c *game.Composition)
	// Want is a part of the composed position string; Refused, when not
	// "", a part of the game's reason for refusing it instead.
	Want, Refused string
}

// Edits applies each edit to the composition of position s and checks the
// composed text, or the game's reason for refusing it. A refused position
// must still be written (the editor shows it), and read back by Decompose.
func Edits(t *testing.T, g game.Game, opts game.Options, s string, edits []Edit) {
	t.Helper()
	cp := g.(game.Composer)
	for _, e := range edits {
		c, o, err := cp.Decompose(s, opts)
		if err != nil {
			t.Fatalf("Decompose(%q): %v", s, err)
		}
		e.Change(&c)
		text, err := cp.Compose(o, c)
		switch {
		case e.Refused != "" && (err == nil || !strings.Contains(err.Error(), e.Refused)):
			t.Errorf("%s: composed %q, %v; want refused for %q", e.Name, text, err, e.Refused)
		case e.Refused == "" && err != nil:
			t.Errorf("%s: refused: %v", e.Name, err)
		case !strings.Contains(text, e.Want):
			t.Errorf("%s: composed %q, want it to hold %q", e.Name, text, e.Want)
		}
		if text == "" {
			continue
		}
		back, _, err := cp.Decompose(text, o)
		if err != nil {
			t.Errorf("%s: the composed %q does not read back: %v", e.Name, text, err)
			continue
		}
		if again, _ := cp.Compose(o, back); again != text {
			t.Errorf("%s: composed %q, read back and composed again %q", e.Name, text, again)
		}
	}
}

// Put places a piece, replacing what stood on its square.
func Put(c *game.Composition, pc game.Placed) {
	Remove(c, pc.Square)
	c.Pieces = append(c.Pieces, pc)
}

// Remove takes the piece off square sq, if any.
func Remove(c *game.Composition, sq int) {
	c.Pieces = slices.DeleteFunc(c.Pieces, func(p game.Placed) bool { return p.Square == sq })
}

// Fuzz checks what any input to Decompose must give: no panic, and a
// composition that fits the palette, composes, and reads back the same.
func Fuzz(t *testing.T, g game.Game, opts game.Options, s string) {
	cp := g.(game.Composer)
	c, o, err := cp.Decompose(s, opts)
	if err != nil {
		return
	}
	pal, err := cp.Palette(o)
	if err != nil {
		t.Fatalf("Decompose(%q) gave options %v without a palette: %v", s, o, err)
	}
	if err := pal.Check(c); err != nil {
		return // more than a board's worth (a hand of many): the editor refuses it
	}
	text, err := cp.Compose(o, c)
	if text == "" {
		return
	}
	back, o2, err2 := cp.Decompose(text, o)
	if err2 != nil {
		t.Fatalf("Decompose(%q) composed %q (%v), which does not read back: %v", s, text, err, err2)
	}
	if again, _ := cp.Compose(o2, back); again != text {
		t.Fatalf("Decompose(%q) composed %q, then %q", s, text, again)
	}
	if err == nil {
		if _, perr := g.Parse(text, o); perr != nil {
			t.Fatalf("composed %q without error, but Parse refuses it: %v", text, perr)
		}
	}
}
