package dragon

import "testing"

// TestOutpost: a minor piece's square on ranks 4 to 6, defended by a
// pawn, that no enemy pawn can ever attack.
func TestOutpost(t *testing.T) {
	cases := []struct {
		name, fen string
		c, sq     int
		want      bool
	}{
		{"knight on e5 behind d4, no black pawn on d or f", "4k3/8/8/4N3/3P4/8/8/4K3[] w - - 0 1", white, 36, true},
		{"not defended by a pawn", "4k3/8/8/4N3/8/8/8/4K3[] w - - 0 1", white, 36, false},
		{"an f7 pawn can come to attack it", "4k3/5p2/8/4N3/3P4/8/8/4K3[] w - - 0 1", white, 36, false},
		{"a pawn behind it on f4 cannot", "4k3/8/8/4N3/3P1p2/8/8/4K3[] w - - 0 1", white, 36, true},
		{"rank 3 is too low", "4k3/8/8/8/8/4N3/3P4/4K3[] w - - 0 1", white, 20, false},
		{"Black's bishop on d4 (its rank 5) behind e5", "4k3/8/8/4p3/3b4/8/8/4K3[] b - - 0 1", black, 27, true},
	}
	for _, c := range cases {
		p := mustFEN(t, c.fen)
		if got := p.outpost(c.c, c.sq); got != c.want {
			t.Errorf("%s: outpost %v, want %v", c.name, got, c.want)
		}
	}
}

// TestSpace counts the safe squares of ranks 2 to 4 of the c to f files,
// twice those behind an own pawn.
func TestSpace(t *testing.T) {
	cases := []struct {
		name, fen string
		c         int
		want      int
	}{
		// c3-f4: eight squares, none behind a pawn.
		{"the start", StartFEN, white, 8},
		// e4 leaves e2 free and puts e2 and e3 behind it.
		{"after e4", "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR[DDdd] b KQkq - 0 1", white, 8 + 2},
		// A black pawn on d5 takes c4.
		{"d5 attacks c4 (e4 holds a pawn)", "rnbqkbnr/ppp1pppp/8/3p4/4P3/8/PPPP1PPP/RNBQKBNR[DDdd] w KQkq - 0 2", white, 10 - 1},
		{"Black at the start", StartFEN, black, 8},
	}
	for _, c := range cases {
		p := mustFEN(t, c.fen)
		if got := p.spaceCount(c.c); got != c.want {
			t.Errorf("%s: space %d, want %d", c.name, got, c.want)
		}
	}
}

func TestSameColour(t *testing.T) {
	for _, c := range []struct {
		sq    int
		light bool
	}{{0, false}, {1, true}, {8, true}, {9, false}, {63, false}, {62, true}} {
		if got := sameColour(c.sq) == lightSquares; got != c.light {
			t.Errorf("square %d: light %v, want %v", c.sq, got, c.light)
		}
		if sameColour(c.sq)&sqBB(c.sq) == 0 {
			t.Errorf("square %d is not in its own colour's set", c.sq)
		}
	}
}

// TestMinorPlacement: a knight or bishop loses per step from its own
// king (protector) and gains right behind a pawn, in both game phases.
func TestMinorPlacement(t *testing.T) {
	eval := func(fen string, term func(*weights) *[2]int, v int) int {
		p := mustFEN(t, fen)
		w := *defaultWeights
		*term(&w) = [2]int{v, v}
		p.w = &w
		return p.Evaluate(white)
	}
	protector := func(w *weights) *[2]int { return &w.protector }
	behind := func(w *weights) *[2]int { return &w.behindPawn }
	for _, c := range []struct {
		name, fen string
		term      func(*weights) *[2]int
		want      int
	}{
		{"a knight on a8, four files and seven ranks from its king", "N3k3/8/8/8/8/8/8/4K3[] w - - 0 1", protector, -70},
		{"a bishop behind its pawn, a step from its king", "4k3/8/8/8/8/3P4/3B4/4K3[] w - - 0 1", behind, 10},
		{"a knight behind a Black pawn", "4k3/8/8/8/8/3p4/3N4/4K3[] w - - 0 1", behind, 10},
		{"a knight beside a pawn is not behind it", "4k3/8/8/8/8/8/3NP3/4K3[] w - - 0 1", behind, 0},
	} {
		d := eval(c.fen, c.term, 10) - eval(c.fen, c.term, 0)
		if d < c.want-1 || d > c.want+1 {
			t.Errorf("%s: the term adds %d, want %d", c.name, d, c.want)
		}
	}
}

// TestMobilityCurve: a piece's mobility score is the line through its
// typical count plus the curve's weight at its count of reachable
// squares, counts past the ends of the curve taking the nearer end's.
func TestMobilityCurve(t *testing.T) {
	cases := []struct {
		name, fen string
		t, n      int // the piece whose curve the case sets, at count n
	}{
		{"a knight in the corner reaches 2 squares", "4k3/8/8/8/8/8/8/N3K3[] w - - 0 1", knight, 2},
		{"a knight in the centre reaches 8", "4k3/8/8/8/4N3/8/8/4K3[] w - - 0 1", knight, 8},
		{"squares a pawn attacks do not count", "4k3/8/5p2/8/4N3/8/8/4K3[] w - - 0 1", knight, 7},
		{"a queen reaching 25 counts as the curve's last, 17", "6k1/8/8/8/3Q4/8/8/7K[] w - - 0 1", queen, mobCap[queen]},
		{"a queen reaching nothing counts as the curve's first, 1", "4k3/8/8/8/8/8/PP6/QN2K3[] w - - 0 1", queen, mobLow[queen]},
	}
	for _, c := range cases {
		var flat weights
		flat.mobility[0][c.t], flat.mobility[1][c.t] = 3, 3
		got := scoreChange(mustFEN(t, c.fen), flat, func(w *weights) {
			w.mobCurve[0][c.t][c.n], w.mobCurve[1][c.t][c.n] = 40, 40
		})
		// The blend of the phases divides once, and may round by one.
		if got < 39 || got > 40 {
			t.Errorf("%s: the curve's weight at %d changed the score by %d, want 40", c.name, c.n, got)
		}
	}
	// The line: each square beyond the typical count adds the weight.
	var w weights
	w.mobility[0][rook], w.mobility[1][rook] = 5, 7
	deriveWeights(&w)
	if got := w.mob[0][rook][mobBase[rook]+2]; got != 10 {
		t.Errorf("rook two squares above its typical count: %d, want 10", got)
	}
	if got := w.mob[1][rook][mobBase[rook]-1]; got != -7 {
		t.Errorf("rook one square below its typical count, endgame: %d, want -7", got)
	}
}

// scoreChange is how much change moves p's score for the side to move
// from what the weights base give it, each with its tables derived.
func scoreChange(p *Position, base weights, change func(*weights)) int {
	changed := base
	change(&changed)
	deriveWeights(&base)
	deriveWeights(&changed)
	p.w = &base
	before := p.Evaluate(p.ToMove())
	p.w = &changed
	return p.Evaluate(p.ToMove()) - before
}

// TestSquareCorrections: a piece's correction by square applies on its
// square and on the mirror of it across the board's middle file, from the
// owner's side, and nowhere else.
func TestSquareCorrections(t *testing.T) {
	cases := []struct {
		name, fen string
		t, sq     int // the piece whose correction the case sets, at the index rank*4+file from the nearer edge
	}{
		{"a white knight on b1", "4k3/8/8/8/8/8/8/1N2K3[] w - - 0 1", knight, 0*4 + 1},
		{"a white knight on g1 shares b1's", "4k3/8/8/8/8/8/8/4K1N1[] w - - 0 1", knight, 0*4 + 1},
		{"a black knight on b8 counts as b1, for Black", "1n2k3/8/8/8/8/8/8/4K3[] b - - 0 1", knight, 0*4 + 1},
		{"a white pawn on e4 counts as d4", "4k3/8/8/8/4P3/8/8/4K3[] w - - 0 1", pawn, 3*4 + 3},
		{"a black king on e8 counts as d1", "4k3/8/8/8/8/8/8/7K[] b - - 0 1", king, 0*4 + 3},
		{"a white dragon on h4 counts as a4", "4k3/8/8/8/7D/8/8/4K3[] w - - 0 1", dragon, 3*4 + 0},
	}
	for _, c := range cases {
		got := scoreChange(mustFEN(t, c.fen), weights{}, func(w *weights) {
			w.square[0][c.t][c.sq], w.square[1][c.t][c.sq] = 30, 30
		})
		if got < 29 || got > 30 {
			t.Errorf("%s: the correction changed the side to move's score by %d, want 30", c.name, got)
		}
	}
	// A correction elsewhere leaves the position's score alone.
	p := mustFEN(t, "4k3/8/8/8/8/8/8/1N2K3[] w - - 0 1")
	if got := scoreChange(p, weights{}, func(w *weights) { w.square[0][knight][2*4+1] = 30 }); got != 0 {
		t.Errorf("a correction on b3 changed a knight on b1's score by %d, want 0", got)
	}
}
