package dragonchess

import (
	"strings"
	"testing"

	"wyrm/game"
)

// FuzzDragonchessPosition reads arbitrary position strings under arbitrary
// variant lists: no panic, a clear error or a position that writes out and
// reads back to itself with the same hash, whose legal moves all write
// out and parse back.
func FuzzDragonchessPosition(f *testing.F) {
	f.Add(startPos, "")
	f.Add(startPos, "troll,synchronized")
	f.Add(strings.Replace(startPos, " g 0 1", " s 12 40", 1), "summon-elemental")
	f.Add("12/12/12/12/12/12/12/12|12/12/12/12/12/12/12/6K5|12/12/12/12/12/12/12/12 g 0 1", "")
	f.Add("12/12/12/12/12/12/12/12|5k6/12/12/12/12/12/12/6K5|12/12/12/12/12/12/12/12 s 99 200", "reversing-dwarf")
	f.Add("x|y|z g 0 1", "nonsense")
	f.Add(startPos, "troll,,TROLL, harnessed-dragon-1")
	f.Fuzz(func(t *testing.T, s, variants string) {
		opts := game.Options{"variants": variants}
		gp, err := Game.Parse(s, opts)
		if err != nil {
			// (Parse returns a typed nil *Position inside the interface on
			// error, so gp != nil here; callers must test err.)
			if err.Error() == "" {
				t.Fatal("empty error")
			}
			return
		}
		p := gp.(*Position)
		text := p.String()
		q, err := Game.Parse(text, opts)
		if err != nil {
			t.Fatalf("%q: re-read of %q: %v", s, text, err)
		}
		if q.String() != text || q.Hash() != p.Hash() {
			t.Fatalf("%q: %q re-read as %q", s, text, q.String())
		}
		for _, m := range p.LegalMoves(nil) {
			ms := p.MoveString(m)
			back, err := p.ParseMove(ms)
			if err != nil || back != m {
				t.Fatalf("%s: legal move %s parses back as %v, %v", text, ms, back, err)
			}
		}
		if p.String() != text {
			t.Fatalf("listing moves changed %s into %s", text, p.String())
		}
	})
}

// FuzzDragonchessMove parses arbitrary move text in a few positions: an
// error leaves the position exactly as it was; a move accepted is legal,
// and playing and undoing it restores the position.
func FuzzDragonchessMove(f *testing.F) {
	for _, s := range []string{"2e2-2e3", "2e2x2f3", "3g5x2g5", "2a2 2a3", "1c1-1c2", "2e2", "2e2-", "9z99-1a1", "-", "2e2-2e3-2e4", "2E2X2E3"} {
		f.Add(s)
	}
	start, err := Game.Start(nil)
	if err != nil {
		f.Fatal(err)
	}
	mid := start.Clone()
	for range 12 {
		ms := mid.LegalMoves(nil)
		mid.Play(ms[len(ms)/2])
	}
	positions := []game.Position{start, mid}
	f.Fuzz(func(t *testing.T, s string) {
		for _, p := range positions {
			before, hash := p.String(), p.Hash()
			m, err := p.ParseMove(s)
			if p.String() != before || p.Hash() != hash {
				t.Fatalf("ParseMove(%q) changed %s", s, before)
			}
			if err != nil {
				if m != game.NoMove || err.Error() == "" {
					t.Fatalf("ParseMove(%q): move %v with error %v", s, m, err)
				}
				continue
			}
			legal := false
			for _, l := range p.LegalMoves(nil) {
				legal = legal || l == m
			}
			if !legal {
				t.Fatalf("ParseMove(%q) gave %v, not a legal move in %s", s, m, before)
			}
			p.Play(m)
			p.Undo()
			if p.String() != before || p.Hash() != hash {
				t.Fatalf("play and undo of %q changed %s", s, before)
			}
		}
	})
}
