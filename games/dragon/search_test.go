package dragon

import (
	"strings"
	"testing"

	"wyrm/game"
)

func TestGain(t *testing.T) {
	cases := []struct {
		fen, move string
		want      int
	}{
		// Pawn takes an undefended queen.
		{"4k3/8/8/3q4/4P3/8/8/4K3[] w - - 0 1", "e4d5", 950},
		// Pawn takes a queen defended by a pawn: the pawn is lost back.
		{"4k3/8/2p5/3q4/4P3/8/8/4K3[] w - - 0 1", "e4d5", 850},
		// Queen takes a pawn defended by a pawn: a bad trade.
		{"4k3/8/2p5/3p4/8/8/8/3QK3[] w - - 0 1", "d1d5", 100 - 950},
		// Dragon takes a knight defended by a rook, with a rook behind: the
		// exchange ends after the rook recaptures.
		{"3rk3/8/8/3n4/8/2D5/8/3RK3[] w - - 0 1", "c3d5", 320 - 850 + 500},
		// Quiet moves and drops gain nothing.
		{StartFEN, "g1f3", 0},
		{"4k3/8/8/8/8/8/8/4K3[D] w - - 0 1", "D@a1", 0},
		// Promotion wins the difference.
		{"4k3/P7/8/8/8/8/8/4K3[] w - - 0 1", "a7a8d", 850 - 100},
		// En passant takes a pawn.
		{"4k3/8/8/3pP3/8/8/8/4K3[] w - d6 0 1", "e5d6", 100},
	}
	for _, c := range cases {
		p := mustFEN(t, c.fen)
		m, err := p.ParseMove(c.move)
		if err != nil {
			t.Fatal(err)
		}
		if got := p.Gain(m); got != c.want {
			t.Errorf("%s %s: Gain %d, want %d", c.fen, c.move, got, c.want)
		}
	}
}

// TestExchange: the exchange evaluation of any move, quiet moves and drops
// included, is what the mover keeps once the captures on its square end.
func TestExchange(t *testing.T) {
	cases := []struct {
		fen, move string
		want      int
	}{
		// A capture: the same as Gain.
		{"4k3/8/2p5/3p4/8/8/8/3QK3[] w - - 0 1", "d1d5", 100 - 950},
		// A knight steps where a pawn takes it.
		{"4k3/8/2p5/8/8/8/8/1N2K3[] w - - 0 1", "b1d2", 0},
		{"4k3/4p3/8/8/8/8/8/1N2K3[] w - - 0 1", "b1c3", 0},
		{"4k3/8/4p3/8/8/8/8/1N2K3[] w - - 0 1", "b1c3", 0},
		{"4k3/8/8/4p3/8/8/8/1N2K3[] w - - 0 1", "b1c3", 0},
		{"4k3/8/8/8/3p4/8/8/1N2K3[] w - - 0 1", "b1c3", -320},
		// Defended, the knight is still lost for a pawn.
		{"4k3/8/8/8/3p4/8/1P6/1N2K3[] w - - 0 1", "b1c3", -320 + 100},
		// A queen steps where a rook takes it, or where the king takes the
		// rook back.
		{"3rk3/8/8/8/8/8/8/Q6K[] w - - 0 1", "a1d1", -950},
		{"3rk3/8/8/8/8/8/8/Q3K3[] w - - 0 1", "a1d1", -950 + 500},
		// A queen moves where a rook takes it but a bishop takes back: a
		// queen for a rook.
		{"3rk3/8/8/8/8/8/2B5/Q6K[] w - - 0 1", "a1d1", -950 + 500},
		// A drop: the dragon is safe on an unattacked square, lost on an
		// attacked one.
		{"4k3/8/8/8/8/8/8/4K3[D] w - - 0 1", "D@a1", 0},
		{"r3k3/8/8/8/8/8/8/4K3[D] w - - 0 1", "D@a1", -850},
		// Castling gains nothing.
		{"4k3/8/8/8/8/8/8/4K2R[] w K - 0 1", "e1g1", 0},
	}
	for _, c := range cases {
		p := mustFEN(t, c.fen)
		m, err := p.ParseMove(c.move)
		if err != nil {
			t.Fatalf("%s: %v", c.fen, err)
		}
		if got := p.Exchange(m); got != c.want {
			t.Errorf("%s %s: Exchange %d, want %d", c.fen, c.move, got, c.want)
		}
	}
}

func TestNoisyMoves(t *testing.T) {
	for _, p := range notationPositions(t) {
		noisy := map[game.Move]bool{}
		for _, m := range p.NoisyMoves(nil) {
			noisy[m] = true
		}
		want := 0
		for _, m := range p.LegalMoves(nil) {
			d := p.DescribeMove(m)
			isNoisy := d.Target >= 0 || d.Promotion != 0
			if isNoisy {
				want++
			}
			if noisy[m] != isNoisy || p.IsNoisy(m) != isNoisy {
				t.Errorf("%s: %s noisy=%v IsNoisy=%v, want %v", p.FEN(), p.MoveString(m), noisy[m], p.IsNoisy(m), isNoisy)
			}
		}
		if len(noisy) != want {
			t.Errorf("%s: %d noisy moves, want %d", p.FEN(), len(noisy), want)
		}
	}
}

// mirror swaps the colours of a FEN (board flipped, hands and side swapped).
func mirror(fen string) string {
	f := strings.Fields(fen)
	board, hand, _ := strings.Cut(strings.TrimSuffix(f[0], "]"), "[")
	ranks := strings.Split(board, "/")
	for i, j := 0, len(ranks)-1; i < j; i, j = i+1, j-1 {
		ranks[i], ranks[j] = ranks[j], ranks[i]
	}
	swap := func(s string) string {
		return strings.Map(func(r rune) rune {
			switch {
			case r >= 'a' && r <= 'z':
				return r - 'a' + 'A'
			case r >= 'A' && r <= 'Z':
				return r - 'A' + 'a'
			}
			return r
		}, s)
	}
	side := map[string]string{"w": "b", "b": "w"}[f[1]]
	return swap(strings.Join(ranks, "/")) + "[" + swap(hand) + "] " + side + " - - 0 1"
}

func TestEvaluateSymmetry(t *testing.T) {
	for _, c := range loadReference(t) {
		p := mustFEN(t, c.fen)
		q := mustFEN(t, mirror(c.fen))
		if p.Evaluate(0) != -p.Evaluate(1) {
			t.Errorf("%s: Evaluate(White) %d, Evaluate(Black) %d", c.fen, p.Evaluate(0), p.Evaluate(1))
		}
		if p.Evaluate(0) != q.Evaluate(1) {
			t.Errorf("%s: %d, mirrored %d", c.fen, p.Evaluate(0), q.Evaluate(1))
		}
	}
}

func TestEvaluateSense(t *testing.T) {
	start := mustFEN(t, StartFEN)
	// The weights fitted to Fairy-Stockfish's judgement give the move
	// about two thirds of a pawn (it scores the start +113 at depth 14).
	if e := start.Evaluate(0); e <= 0 || e > 100 {
		t.Errorf("start: %d, want an edge for the side to move of at most a pawn", e)
	}
	// A Dragon up, in hand or on the board, is worth most of a queen.
	for _, fen := range []string{
		"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR[DDd] w KQkq - 0 1",
		"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR[DD] w KQkq - 0 1",
	} {
		if e := mustFEN(t, fen).Evaluate(0) - start.Evaluate(0); e < 600 {
			t.Errorf("%s: Dragon advantage %d, want at least 600", fen, e)
		}
	}
}

func TestEvaluatePawnsAndKing(t *testing.T) {
	better := []struct{ good, bad, why string }{
		{"4k3/7p/8/3P4/8/8/8/4K3[] w - - 0 1", "4k3/4p3/8/3P4/8/8/8/4K3[] w - - 0 1", "a passed pawn"},
		{"4k3/8/8/8/8/8/2P1P3/4K3[] w - - 0 1", "4k3/8/8/8/8/2P5/2P5/4K3[] w - - 0 1", "healthy pawns over doubled ones"},
		{"rnbq1rk1/ppppbppp/5n2/4p3/4P3/5N2/PPPPBPPP/RNBQ1RK1[DDdd] w - - 0 1", "rnbq1rk1/ppppbppp/5n2/4p3/4P1PP/5N2/PPPPBP2/RNBQ1RK1[DDdd] w - - 0 1", "a pawn shelter"},
	}
	for _, c := range better {
		g, b := mustFEN(t, c.good).Evaluate(0), mustFEN(t, c.bad).Evaluate(0)
		if g <= b {
			t.Errorf("%s: %d (%s) should beat %d (%s)", c.why, g, c.good, b, c.bad)
		}
	}
}

func TestInCheckAndNull(t *testing.T) {
	p := mustFEN(t, "4k3/8/8/8/8/8/8/r3K3[D] w - - 0 1")
	if !p.InCheck() {
		t.Error("InCheck false in check")
	}
	p = mustFEN(t, "rnbqkbnr/ppp1pppp/8/8/3pP3/8/PPPP1PPP/RNBQKBNR[DDdd] b KQkq e3 0 3")
	before, hash := p.FEN(), p.Hash()
	p.PlayNull()
	if p.ToMove() != 0 || p.Hash() == hash || p.ep != -1 || p.hash != p.computeHash() {
		t.Errorf("after null: %s", p.FEN())
	}
	p.UndoNull()
	if p.FEN() != before || p.Hash() != hash {
		t.Errorf("UndoNull gave %s", p.FEN())
	}
}

func TestViewer(t *testing.T) {
	p := mustFEN(t, "rn2kbdr/pb2p2p/2pq3n/RP1pPpp1/3P4/1P3PPB/2P4P/2BQKNNR[DDd] w Kq f6 0 13")
	if g := p.Geometry(); g.Squares() != 64 || g.Levels != 1 {
		t.Errorf("geometry %+v", g)
	}
	if h := p.Hands(); h[0] != "DD" || h[1] != "d" {
		t.Errorf("hands %q", h)
	}
	pieces := p.Pieces(nil)
	if len(pieces) != popcount(p.occ()) {
		t.Errorf("%d pieces", len(pieces))
	}
	found := false
	for _, pc := range pieces {
		if pc.Square == 62 {
			found = pc.Letter == 'D' && pc.Owner == 1 && pc.Name == "Dragon"
		}
	}
	if !found {
		t.Error("no black Dragon on g8")
	}
	cases := []struct {
		move     string
		from, to int
		target   int
		drop     byte
		promo    byte
	}{
		{"D@a1", -1, 0, -1, 'D', 0},
		{"e5f6", 36, 45, 37, 0, 0},
		{"a5a7", 32, 48, 48, 0, 0},
		{"b5b6", 33, 41, -1, 0, 0},
	}
	for _, c := range cases {
		m, err := p.ParseMove(c.move)
		if err != nil {
			t.Fatal(err)
		}
		d := p.DescribeMove(m)
		if d.Text != c.move || d.From != c.from || d.To != c.to || d.Target != c.target || d.Drop != c.drop || d.Promotion != c.promo {
			t.Errorf("DescribeMove(%s) = %+v", c.move, d)
		}
	}
	if p.SquareName(0) != "a1" || p.SquareName(63) != "h8" || p.SquareName(64) != "?" {
		t.Error("SquareName")
	}
	q := mustFEN(t, "4k3/P7/8/8/8/8/8/4K3[] w - - 0 1")
	m, _ := q.ParseMove("a8=D")
	if d := q.DescribeMove(m); d.Promotion != 'D' || d.Target != -1 {
		t.Errorf("promotion view %+v", d)
	}
}

func TestCloneIsIndependent(t *testing.T) {
	p := mustFEN(t, StartFEN)
	play(t, p, "e2e4", "e7e5")
	q := p.Clone().(*Position)
	play(t, q, "g1f3")
	if p.FEN() == q.FEN() {
		t.Fatal("clone shares state")
	}
	q.Undo()
	q.Undo()
	if q.FEN() != "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR[DDdd] b KQkq - 0 1" {
		t.Errorf("clone history: %s", q.FEN())
	}
}
