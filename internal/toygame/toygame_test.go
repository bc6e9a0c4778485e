package toygame

import (
	"testing"

	"wyrm/game"
)

func TestStartPositionsPerftChecked(t *testing.T) {
	for _, n := range []string{"2", "3", "4"} {
		p, err := Game{}.Start(game.Options{"players": n})
		if err != nil {
			t.Fatal(err)
		}
		if p.Players() != int(n[0]-'0') {
			t.Fatalf("players %d want %s", p.Players(), n)
		}
		nodes, err := game.PerftChecked(p, 3)
		if err != nil || nodes == 0 {
			t.Fatalf("players %s: %d %v", n, nodes, err)
		}
		q, err := Parse(p.String())
		if err != nil || q.String() != p.String() || q.Hash() != p.Hash() {
			t.Fatalf("round trip %q: %v", p.String(), err)
		}
	}
}

func TestParseErrors(t *testing.T) {
	for _, s := range []string{"", "K0 0", "K0../..k1 5", "X0../..k1 0", "K0../k1 0", "K0K0/..k1 0", "K0../.. 0"} {
		if _, err := Parse(s); err == nil {
			t.Errorf("Parse(%q) accepted", s)
		}
	}
}

func TestMateDetected(t *testing.T) {
	// Black king h8 mated by rook a8 with king g6.
	p, err := Parse("R0......k1/......../......K0. 1")
	if err != nil {
		t.Fatal(err)
	}
	if got := len(p.LegalMoves(nil)); got != 0 {
		t.Fatalf("%d moves", got)
	}
	o := p.Outcome()
	if !o.Over || o.Winner() != 0 || o.Reason != "checkmate" {
		t.Fatalf("%+v", o)
	}
}

func FuzzParse(f *testing.F) {
	for _, s := range []string{"K0../..k1 0", "r1n1/..../K0k1.. 1", "k2......./......../K0.....K1 2"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		p, err := Parse(s)
		if err != nil {
			return
		}
		q, err := Parse(p.String())
		if err != nil || q.String() != p.String() || q.Hash() != p.Hash() {
			t.Fatalf("%q -> %q does not round-trip: %v", s, p.String(), err)
		}
		game.Perft(p, 1)
	})
}
