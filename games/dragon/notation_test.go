package dragon

import (
	"strings"
	"testing"

	"wyrm/game"
)

// notationPositions are the reference positions and every position one ply
// after them, which between them hold drops, castling, en passant and
// promotions for both sides.
func notationPositions(t *testing.T) []*Position {
	var out []*Position
	for _, c := range loadReference(t) {
		p, err := ParseFEN(c.fen)
		if err != nil {
			t.Fatal(err)
		}
		out = append(out, p)
		for _, m := range p.LegalMoves(nil) {
			p.Play(m)
			q, err := ParseFEN(p.FEN())
			if err != nil {
				t.Fatal(err)
			}
			out = append(out, q)
			p.Undo()
		}
	}
	return out
}

func TestNotationRoundTrip(t *testing.T) {
	kinds := map[int]int{}
	for _, p := range notationPositions(t) {
		before, hash := p.FEN(), p.hash
		seen := map[string]bool{}
		for _, m := range p.LegalMoves(nil) {
			kinds[moveKind(m)]++
			uci, san := p.MoveString(m), p.SAN(m)
			if seen[san] {
				t.Fatalf("%s: SAN %s given to two moves", before, san)
			}
			seen[san] = true
			for _, text := range []string{uci, san, strings.TrimRight(san, "+#")} {
				got, err := p.ParseMove(text)
				if err != nil || got != m {
					t.Fatalf("%s: ParseMove(%q) = %v, %v; want %s", before, text, got, err, uci)
				}
			}
			if p.FEN() != before || p.hash != hash {
				t.Fatalf("%s: notation changed the position to %s", before, p.FEN())
			}
		}
	}
	for _, k := range []int{kindNormal, kindDouble, kindCastle, kindEnPassant, kindDrop, kindPromoDragon} {
		if kinds[k] == 0 {
			t.Errorf("no move of kind %d was tested", k)
		}
	}
}

func TestSANCases(t *testing.T) {
	cases := []struct{ fen, uci, san string }{
		{"4k3/8/8/8/8/8/8/4K3[D] w - - 0 1", "D@g1", "D@g1"},
		{"8/8/7k/8/8/8/8/4K3[D] w - - 0 1", "D@c1", "D@c1+"},
		{"6R1/8/2K5/8/4B3/R7/7k/8[D] w - - 0 1", "D@f1", "D@f1#"},
		{"4k3/8/8/8/8/8/8/D5DK[] w - - 0 1", "a1d4", "Dad4"},
		{"4k3/8/8/8/8/8/8/D5DK[] w - - 0 1", "g1d4", "Dgd4"},
		{"4k3/5p2/8/8/8/1D6/8/4K3[] w - - 0 1", "b3f7", "Dxf7+"},
		{"4k3/P7/8/8/8/8/8/4K3[] w - - 0 1", "a7a8d", "a8=D"},
		{"4k3/P7/8/8/8/8/8/4K3[] w - - 0 1", "a7a8q", "a8=Q+"},
		{"4k3/8/8/8/8/8/1p6/R3K3[] b - - 0 1", "b2a1d", "bxa1=D"},
		{"r3k2r/8/8/8/8/8/8/R3K2R[DDdd] w KQkq - 0 1", "e1g1", "O-O"},
		{"r3k2r/8/8/8/8/8/8/R3K2R[DDdd] b KQkq - 0 1", "e8c8", "O-O-O"},
		{"rn2kbdr/pb2p2p/2pq3n/RP1pPpp1/3P4/1P3PPB/2P4P/2BQKNNR[DDd] w Kq f6 0 13", "e5f6", "exf6"},
		{"4k3/8/8/8/8/8/8/D1D1K3[] w - - 0 1", "a1b3", "Dab3"},
		{"6k1/8/8/8/D7/8/8/D3K3[] w - - 0 1", "a4c3", "D4c3"},
	}
	for _, c := range cases {
		p, err := ParseFEN(c.fen)
		if err != nil {
			t.Fatal(err)
		}
		m, err := p.ParseMove(c.uci)
		if err != nil {
			t.Fatalf("%s: %s: %v", c.fen, c.uci, err)
		}
		if got := p.SAN(m); got != c.san {
			t.Errorf("%s: SAN of %s = %s, want %s", c.fen, c.uci, got, c.san)
		}
	}
}

func TestParseMoveForms(t *testing.T) {
	p, _ := ParseFEN("r3k3/1P6/8/8/8/8/8/R3K2R[Dd] w KQq - 0 1")
	cases := []struct {
		in, want string // want is UCI, "" for an error
	}{
		{"b7a8D", "b7a8d"}, {"b7a8d", "b7a8d"}, {"bxa8=D", "b7a8d"}, {"bxa8D", "b7a8d"},
		{"b7b8q", "b7b8q"}, {"b8=Q+", "b7b8q"}, {"b8Q", "b7b8q"},
		{"d@b1", "D@b1"}, {"D@b1", "D@b1"}, {"0-0", "e1g1"}, {"O-O-O", "e1c1"},
		{"Rh1h7", "h1h7"}, {"Rhh7", "h1h7"}, {"Rh7", "h1h7"}, {"Kf2", "e1f2"},
		{"b7b8", ""}, {"b7a8x", ""}, {"D@b2", ""}, {"D@e1", ""}, {"e2e4", ""}, {"Rb1", "a1b1"}, {"Rb2", ""},
		{"", ""}, {"x", ""}, {"O-O-O-O", ""}, {"Zf3", ""}, {"Ri9", ""}, {"D@", ""}, {"D@z1", ""},
	}
	for _, c := range cases {
		before := p.FEN()
		m, err := p.ParseMove(c.in)
		if p.FEN() != before {
			t.Fatalf("ParseMove(%q) changed the position", c.in)
		}
		switch {
		case c.want == "" && err == nil:
			t.Errorf("ParseMove(%q) = %s, want an error", c.in, p.MoveString(m))
		case c.want != "" && err != nil:
			t.Errorf("ParseMove(%q): %v", c.in, err)
		case c.want != "" && p.MoveString(m) != c.want:
			t.Errorf("ParseMove(%q) = %s, want %s", c.in, p.MoveString(m), c.want)
		}
	}
	// Two rooks reach e1: plain "Re1" is ambiguous.
	p, _ = ParseFEN("4k3/8/8/8/8/8/3K4/R6R[] w - - 0 1")
	if _, err := p.ParseMove("Re1"); err == nil || !strings.Contains(err.Error(), "ambiguous") {
		t.Errorf("Re1: %v, want ambiguous", err)
	}
}

func FuzzParseMove(f *testing.F) {
	fens := []string{
		StartFEN,
		"r3k3/1P6/8/8/8/8/8/R3K2R[Dd] w KQq - 0 1",
		"rn2kbdr/pb2p2p/2pq3n/RP1pPpp1/3P4/1P3PPB/2P4P/2BQKNNR[DDd] w Kq f6 0 13",
		"4k3/8/8/8/8/8/1p6/R3K3[] b - - 0 1",
	}
	for _, s := range []string{"e2e4", "D@g1", "Nf3", "bxa1=D", "O-O", "a7a8D", "exf6", "Dad4", "Rhh7+"} {
		f.Add(s)
	}
	positions := make([]*Position, len(fens))
	for i, fen := range fens {
		p, err := ParseFEN(fen)
		if err != nil {
			f.Fatal(err)
		}
		positions[i] = p
	}
	f.Fuzz(func(t *testing.T, s string) {
		for _, p := range positions {
			before, hash := p.FEN(), p.hash
			m, err := p.ParseMove(s)
			if p.FEN() != before || p.hash != hash {
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
				t.Fatalf("ParseMove(%q) in %s returned an illegal move", s, before)
			}
			if again, err := p.ParseMove(p.SAN(m)); err != nil || again != m {
				t.Fatalf("SAN of %q did not read back: %v", s, err)
			}
		}
	})
}

// fuzzPositions are positions with drops, castling, en passant and
// promotions available, for the notation fuzzers.
func fuzzPositions(f *testing.F) []*Position {
	var out []*Position
	for _, fen := range []string{
		StartFEN,
		"r3k3/1P6/8/8/8/8/8/R3K2R[Dd] w KQq - 0 1",
		"rn2kbdr/pb2p2p/2pq3n/RP1pPpp1/3P4/1P3PPB/2P4P/2BQKNNR[DDd] w Kq f6 0 13",
		"4k3/8/8/8/8/8/1p6/R3K3[d] b - - 0 1",
	} {
		p, err := ParseFEN(fen)
		if err != nil {
			f.Fatal(err)
		}
		out = append(out, p)
	}
	return out
}

// checkParsed fails unless m is a legal move of p or err explains why not.
func checkParsed(t *testing.T, p *Position, s, before string, m game.Move, err error) {
	if p.FEN() != before {
		t.Fatalf("parsing %q changed %s", s, before)
	}
	if err != nil {
		if m != game.NoMove || err.Error() == "" {
			t.Fatalf("%q: move %v with error %v", s, m, err)
		}
		return
	}
	for _, l := range p.LegalMoves(nil) {
		if l == m {
			return
		}
	}
	t.Fatalf("%q in %s gave an illegal move", s, before)
}

func FuzzParseUCI(f *testing.F) {
	for _, s := range []string{"e2e4", "D@g1", "d@a8", "a7a8D", "b7a8q", "e1g1", "e5f6", "D@", "h9h1", "a1a1x"} {
		f.Add(s)
	}
	positions := fuzzPositions(f)
	f.Fuzz(func(t *testing.T, s string) {
		for _, p := range positions {
			before := p.FEN()
			var l moveList
			p.generate(&l)
			m, looked, err := parseUCI(s, l.moves[:l.n])
			if !looked {
				if m != game.NoMove || err != nil {
					t.Fatalf("%q: not UCI but returned %v, %v", s, m, err)
				}
				continue
			}
			checkParsed(t, p, s, before, m, err)
			if err == nil && !strings.EqualFold(p.MoveString(m), s) {
				t.Fatalf("%q read as %s", s, p.MoveString(m))
			}
		}
	})
}

func FuzzParseSAN(f *testing.F) {
	for _, s := range []string{"Nf3", "e4", "exf6", "bxa8=D", "b8Q+", "O-O", "0-0-0", "Dad4", "Rhh7#", "Ka1b2", "=Q", "x"} {
		f.Add(s)
	}
	positions := fuzzPositions(f)
	f.Fuzz(func(t *testing.T, s string) {
		for _, p := range positions {
			before := p.FEN()
			var l moveList
			p.generate(&l)
			m, err := p.parseSAN(s, l.moves[:l.n])
			checkParsed(t, p, s, before, m, err)
		}
	})
}
