package dragonchess

import (
	"bufio"
	"os"
	"strings"
	"testing"

	"wyrm/game"
)

func referencePositions(t testing.TB) []string {
	f, err := os.Open("testdata/dragonchess-perft.epd")
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	var out []string
	sc := bufio.NewScanner(f)
	for sc.Scan() {
		if pos, _, ok := strings.Cut(sc.Text(), ";"); ok {
			out = append(out, strings.TrimSpace(pos))
		}
	}
	return out
}

func TestRoundTrip(t *testing.T) {
	for _, s := range append(referencePositions(t), startPos) {
		p := mustParse(t, s, "")
		if p.String() != s {
			t.Errorf("round trip\n got %s\nwant %s", p.String(), s)
		}
	}
}

func TestPerftChecked(t *testing.T) {
	for i, s := range append(referencePositions(t), startPos) {
		p := mustParse(t, s, "")
		depth := 2
		if i == 3 || i == 4 {
			depth = 3
		}
		want := p.Perft(depth)
		n, err := game.PerftChecked(p, depth)
		if err != nil {
			t.Fatal(err)
		}
		if n != want {
			t.Errorf("%s: checked perft %d, fast perft %d", s, n, want)
		}
	}
}

func TestParseErrors(t *testing.T) {
	start := startPos
	bad := map[string]string{
		"empty":                     "",
		"two boards":                "12/12/12/12/12/12/12/12|12/12/12/12/12/12/12/12 g 0 1",
		"seven ranks":               strings.Replace(start, "2g3r3g1/", "", 1),
		"thirteen files":            strings.Replace(start, "2g3r3g1", "2g3r3g2", 1),
		"eleven files":              strings.Replace(start, "2g3r3g1", "2g3r3g", 1),
		"bad letter":                strings.Replace(start, "2g3r3g1", "2g3x3g1", 1),
		"bad count":                 strings.Replace(start, "/12/12/12/12/S1S", "/13/12/12/12/S1S", 1),
		"zero count":                strings.Replace(start, "2g3r3g1", "02g3r3g1", 1),
		"bad side":                  strings.Replace(start, " g 0 1", " w 0 1", 1),
		"bad clock":                 strings.Replace(start, " g 0 1", " g -1 1", 1),
		"bad fullmove":              strings.Replace(start, " g 0 1", " g 0 0", 1),
		"no king":                   strings.Replace(start, "OUHTCMKPTHUO", "OUHTCMCPTHUO", 1),
		"two kings":                 strings.Replace(start, "OUHTCMKPTHUO", "OUHTKMKPTHUO", 1),
		"warrior on 3":              strings.Replace(start, "2G3R3G1|", "2G3W3G1|", 1),
		"dragon on 2":               strings.Replace(start, "OUHTCMKPTHUO", "OUHTCMKPTHUR", 1),
		"warrior on last rank":      build(t, "g", "2a1K", "2l8k", "2e8W"),
		"unknown field":             start + " x=1",
		"ep without variant":        start + " ep=3g1",
		"side not to move in check": build(t, "g", "2a1K", "2a8k", "2a4O"),
	}
	for name, s := range bad {
		if _, err := Game.Parse(s, nil); err == nil {
			t.Errorf("%s: %q accepted", name, s)
		}
	}
	if _, err := Game.Parse(start+" ep=3g1", game.Options{"variants": "en-passant-sylph-1"}); err == nil {
		t.Error("ep square with a Dragon of the side to move accepted")
	}
}

func TestParseMove(t *testing.T) {
	p := mustParse(t, startPos, "")
	for _, s := range []string{"2a2-2a3", "2a22a3", "2a2x2a3", " 3g1x3a7 ", "3g13a7", "3g1-3a7"} {
		if _, err := p.ParseMove(s); err != nil {
			t.Errorf("%q: %v", s, err)
		}
	}
	for _, s := range []string{"", "2a2", "2a2-2a4", "4a2-2a3", "2m2-2m3", "2a2-2a3=H", "2a2--2a3", "e2e4"} {
		if _, err := p.ParseMove(s); err == nil {
			t.Errorf("%q accepted", s)
		}
	}
	if p.String() != startPos {
		t.Error("ParseMove changed the position")
	}
}

func FuzzParsePosition(f *testing.F) {
	f.Add(startPos)
	for _, s := range referencePositions(f) {
		f.Add(s)
	}
	f.Add(build(f, "g", "2a1K", "2l8k", "1e8D", "rev=1e8"))
	f.Fuzz(func(t *testing.T, s string) {
		for _, v := range []string{"", "troll,reversing-dwarf,en-passant-sylph-1"} {
			p, err := Game.Parse(s, game.Options{"variants": v})
			if err != nil {
				continue
			}
			out := p.String()
			q, err := Game.Parse(out, game.Options{"variants": v})
			if err != nil {
				t.Fatalf("own output %q rejected: %v", out, err)
			}
			if q.String() != out || q.Hash() != p.Hash() {
				t.Fatalf("round trip %q -> %q", out, q.String())
			}
			p.LegalMoves(nil)
		}
	})
}

func FuzzParseMove(f *testing.F) {
	for _, s := range []string{"2a2-2a3", "3g1x3a7", "2c12e3", "1g1-1g3", "9z9-1a1", "", "2a2-"} {
		f.Add(s)
	}
	p := mustParse(f, startPos, "")
	f.Fuzz(func(t *testing.T, s string) {
		m, err := p.ParseMove(s)
		if p.String() != startPos {
			t.Fatal("position changed")
		}
		if err != nil {
			return
		}
		legal := false
		for _, l := range p.LegalMoves(nil) {
			legal = legal || l == m
		}
		if !legal {
			t.Fatalf("%q parsed to an illegal move", s)
		}
		if back, err := p.ParseMove(p.MoveString(m)); err != nil || back != m {
			t.Fatalf("MoveString %q does not parse back", p.MoveString(m))
		}
	})
}
