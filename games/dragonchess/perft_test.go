package dragonchess

import (
	"bufio"
	"os"
	"strconv"
	"strings"
	"testing"

	"wyrm/game"
)

const startPos = "2g3r3g1/s1s1s1s1s1s1/12/12/12/12/S1S1S1S1S1S1/2G3R3G1|ouhtcmkpthuo/wwwwwwwwwwww/12/12/12/12/WWWWWWWWWWWW/OUHTCMKPTHUO|2b3e3b1/1d1d1d1d1d1d/12/12/12/12/1D1D1D1D1D1D/2B3E3B1 g 0 1"

func mustParse(t testing.TB, s, variants string) *Position {
	t.Helper()
	p, err := Game.Parse(s, game.Options{"variants": variants})
	if err != nil {
		t.Fatalf("parse %q: %v", s, err)
	}
	return p.(*Position)
}

func TestStartPositionString(t *testing.T) {
	p, err := Game.Start(nil)
	if err != nil {
		t.Fatal(err)
	}
	if got := p.String(); got != startPos {
		t.Fatalf("start position\n got %s\nwant %s", got, startPos)
	}
	q := mustParse(t, startPos, "")
	if q.String() != startPos || q.Hash() != p.Hash() {
		t.Fatal("start position does not round-trip")
	}
}

func TestStartMovesByPiece(t *testing.T) {
	p := mustParse(t, startPos, "")
	want := map[string]int{"Sylph": 11, "Griffon": 5, "Dragon": 13, "Warrior": 12, "Oliphant": 0, "Unicorn": 4,
		"Hero": 8, "Thief": 0, "Cleric": 2, "Mage": 2, "King": 0, "Paladin": 8, "Dwarf": 17, "Basilisk": 2, "Elemental": 6}
	got := map[string]int{}
	moves := p.LegalMoves(nil)
	for _, m := range moves {
		got[kindNames[kindOf(p.b[moveFrom(m)])]]++
	}
	for k, n := range want {
		if got[k] != n {
			t.Errorf("%s: %d moves, want %d", k, got[k], n)
		}
	}
	if len(moves) != 90 {
		t.Errorf("%d moves, want 90", len(moves))
	}
	names := map[string]bool{}
	for _, m := range moves {
		names[p.MoveString(m)] = true
	}
	for _, s := range []string{"3g1x3a7", "2c1-2a3", "2c1-2e3", "2c1-3b2", "2c1-3d2", "2j1-2h3", "2j1-2l3", "2j1-1i2", "2j1-1k2"} {
		if !names[s] {
			t.Errorf("missing %s", s)
		}
	}
}

func TestPerftStart(t *testing.T) {
	p := mustParse(t, startPos, "")
	for d, want := range []uint64{1, 90, 8094} {
		if got := p.Perft(d); got != want {
			t.Errorf("perft(%d) = %d, want %d", d, got, want)
		}
	}
}

// TestPerftReference checks every count of the reference suite.
func TestPerftReference(t *testing.T) {
	// A copy of ../shared/reference/dragonchess-perft.epd, so that a clone
	// without shared/ still checks it.
	f, err := os.Open("testdata/dragonchess-perft.epd")
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	sc := bufio.NewScanner(f)
	lines := 0
	for sc.Scan() {
		parts := strings.Split(sc.Text(), ";")
		if len(parts) < 2 {
			continue
		}
		lines++
		p := mustParse(t, strings.TrimSpace(parts[0]), "")
		for _, fld := range parts[1:] {
			fs := strings.Fields(fld)
			d, _ := strconv.Atoi(fs[0][1:])
			want, _ := strconv.ParseUint(fs[1], 10, 64)
			if testing.Short() && want > 100000 {
				continue
			}
			if got := p.Perft(d); got != want {
				t.Errorf("line %d depth %d: got %d want %d", lines, d, got, want)
			}
		}
	}
	if lines != 5 {
		t.Fatalf("read %d reference lines, want 5", lines)
	}
}
