package dragon

import (
	"strings"
	"testing"
)

func TestFENRoundTrip(t *testing.T) {
	fens := []string{StartFEN, StartFENOneDragon}
	for _, c := range loadReference(t) {
		fens = append(fens, c.fen)
	}
	for _, fen := range fens {
		p, err := ParseFEN(fen)
		if err != nil {
			t.Fatalf("%s: %v", fen, err)
		}
		if got := p.FEN(); got != fen {
			t.Errorf("round trip: got %s, want %s", got, fen)
		}
		if p.hash != p.computeHash() {
			t.Errorf("%s: hash not fresh", fen)
		}
	}
}

func TestFENNormalises(t *testing.T) {
	cases := []struct{ in, out string }{
		// Hand and counters may be missing.
		{"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq -", "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR[] w KQkq - 0 1"},
		// An en-passant square no pawn can use is dropped.
		{"rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR[DDdd] b KQkq e3 0 1", "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR[DDdd] b KQkq - 0 1"},
		// One that a pawn beside can use is kept.
		{"rnbqkbnr/ppp1pppp/8/8/3pP3/8/PPPP1PPP/RNBQKBNR[DDdd] b KQkq e3 0 1", "rnbqkbnr/ppp1pppp/8/8/3pP3/8/PPPP1PPP/RNBQKBNR[DDdd] b KQkq e3 0 1"},
		// Castling rights without their rook are dropped.
		{"4k3/8/8/8/8/8/8/4K2R[] w KQ - 0 1", "4k3/8/8/8/8/8/8/4K2R[] w K - 0 1"},
		// The hand is read as written, in either order.
		{"4k3/8/8/8/8/8/8/4K3[dDd] w - - 3 9", "4k3/8/8/8/8/8/8/4K3[Ddd] w - - 3 9"},
	}
	for _, c := range cases {
		p, err := ParseFEN(c.in)
		if err != nil {
			t.Fatalf("%s: %v", c.in, err)
		}
		if got := p.FEN(); got != c.out {
			t.Errorf("%s: got %s, want %s", c.in, got, c.out)
		}
	}
}

func TestFENErrors(t *testing.T) {
	cases := []struct{ fen, msg string }{
		{"", "fields"},
		{"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP[DDdd] w KQkq - 0 1", "7 ranks"},
		{"rnbqkbnr/pppppppp/9/8/8/8/PPPPPPPP/RNBQKBNR[DDdd] w KQkq - 0 1", "unknown piece"},
		{"rnbqkbnr/ppppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR[DDdd] w KQkq - 0 1", "8 squares"},
		{"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNX[DDdd] w KQkq - 0 1", "unknown piece"},
		{"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQQBNR[DDdd] w KQkq - 0 1", "kings"},
		{"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR[DQdd] w KQkq - 0 1", "only Dragons"},
		{"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR[DDdd w KQkq - 0 1", "closing"},
		{"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR[DDdd] x KQkq - 0 1", "side to move"},
		{"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR[DDdd] w KQkz - 0 1", "castling"},
		{"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR[DDdd] w KQkq e9 0 1", "en-passant"},
		{"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR[DDdd] w KQkq - -1 1", "halfmove"},
		{"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR[DDdd] w KQkq - 0 x", "move number"},
		{"Pnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR[DDdd] w KQkq - 0 1", "pawn on rank"},
		{"4k2R/8/8/8/8/8/8/4K3[] w - - 0 1", "not to move is in check"},
		{"4k3/4R3/8/8/8/8/8/4K3[] w - - 0 1", "not to move is in check"},
		{"4k3/8/8/8/8/8/PPPPPPPP/RNBQKBNR[DDDDD] w - - 0 1", "21 pieces"},
	}
	for _, c := range cases {
		_, err := ParseFEN(c.fen)
		if err == nil || !strings.Contains(err.Error(), c.msg) {
			t.Errorf("ParseFEN(%q) = %v, want an error about %q", c.fen, err, c.msg)
		}
	}
}

func FuzzParseFEN(f *testing.F) {
	f.Add(StartFEN)
	f.Add("r3k2r/8/8/8/8/8/8/R3K2R[DDdd] w KQkq - 0 1")
	f.Add("rnbqkbnr/ppp1pppp/8/8/3pP3/8/PPPP1PPP/RNBQKBNR[DDdd] b KQkq e3 0 1")
	f.Add("8/8/8/8/8/8/8/8[] w - - 0 1")
	f.Add("4k3/8/8/8/8/8/8/4K3[" + strings.Repeat("D", 20) + "] w - - 0 1")
	f.Fuzz(func(t *testing.T, s string) {
		p, err := ParseFEN(s)
		if err != nil {
			if p != nil || err.Error() == "" {
				t.Fatalf("error %v with position %v", err, p)
			}
			return
		}
		// A position read must write out and read back to itself.
		q, err := ParseFEN(p.FEN())
		if err != nil {
			t.Fatalf("%q: re-read of %q: %v", s, p.FEN(), err)
		}
		if q.FEN() != p.FEN() || q.hash != p.hash {
			t.Fatalf("%q: %q re-read as %q", s, p.FEN(), q.FEN())
		}
		var l moveList
		p.generate(&l)
	})
}

func TestCrowdedBoardFitsMoveList(t *testing.T) {
	// Nineteen queens and a king: far more moves than any game reaches.
	p := mustFEN(t, "7k/8/1Q1Q1Q1Q/Q1Q1Q1Q1/1Q1Q1Q1Q/Q1Q1Q1Q1/1Q1Q1Q2/K7[] b - - 0 1")
	p.PlayNull() // White to move, the black king in check does not matter here
	var l moveList
	p.generate(&l)
	if l.n != p.countMoves() {
		t.Fatalf("generated %d, counted %d", l.n, p.countMoves())
	}
	if l.n < 100 {
		t.Errorf("only %d moves for nineteen queens", l.n)
	}
}
