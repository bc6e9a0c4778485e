package dragon

import (
	"math/rand/v2"
	"testing"
)

// TestPawnStructure checks the pawn terms one at a time: each case's
// weights are zero but for the term it shows.
func TestPawnStructure(t *testing.T) {
	cases := []struct {
		name, fen string
		c         int
		set       func(*weights)
		wantMG    int
		wantEG    int
	}{
		{"connected: d4 defended by c3, and e4 beside d4", "4k3/8/8/8/3PP3/2P5/8/4K3[] w - - 0 1", white,
			func(w *weights) { w.connected = [2]int{1, 10} }, 2, 20},
		{"an isolated pawn is not connected", "4k3/8/8/8/3P4/8/8/4K3[] w - - 0 1", white,
			func(w *weights) { w.connected = [2]int{1, 10} }, 0, 0},
		{"a passed pawn blocked by a piece", "4k3/8/4n3/4P3/8/8/8/4K3[] w - - 0 1", white,
			func(w *weights) { w.blocked = [2]int{3, 7} }, -3, -7},
		// The square in front of e5 is e6: the black king on e8 is two
		// steps from it, the white king on e1 five.
		{"kings and a passed pawn", "4k3/8/8/4P3/8/8/8/4K3[] w - - 0 1", white,
			func(w *weights) { w.kingPassed = 10 }, 0, 10 * (2 - 5)},
		{"Black's passed pawn on d4, square in front d3", "8/8/8/1k6/3p4/8/8/7K[] b - - 0 1", black,
			func(w *weights) { w.kingPassed = 10 }, 0, 10 * (4 - 2)},
	}
	for _, c := range cases {
		var w weights
		c.set(&w)
		p := mustFEN(t, c.fen)
		mg, eg := p.pawnStructure(c.c, &w)
		if mg != c.wantMG || eg != c.wantEG {
			t.Errorf("%s: %d/%d, want %d/%d", c.name, mg, eg, c.wantMG, c.wantEG)
		}
	}
}

// TestPushThreats counts the enemy pieces a safe pawn push would attack.
func TestPushThreats(t *testing.T) {
	cases := []struct {
		name, fen string
		want      int
	}{
		{"e4-e5 attacks the knight on d6", "4k3/8/3n4/8/4P3/8/8/4K3[] w - - 0 1", 1},
		{"not when a pawn guards e5", "4k3/8/3n1p2/8/4P3/8/8/4K3[] w - - 0 1", 0},
		{"d2-d4 attacks the rook on e5", "4k3/8/8/4r3/8/8/3P4/4K3[] w - - 0 1", 1},
		{"not through a piece on d3", "4k3/8/8/4r3/8/3N4/3P4/4K3[] w - - 0 1", 0},
		{"not onto a square a bishop takes, undefended", "4k3/8/8/4r3/8/8/3P4/b3K3[] w - - 0 1", 0},
		{"a pawn is no target", "4k3/8/3p4/8/4P3/8/8/4K3[] w - - 0 1", 0},
	}
	for _, c := range cases {
		p := mustFEN(t, c.fen)
		var att [2]uint64
		_, att[white] = pieceAttackMaps(p, white)
		_, att[black] = pieceAttackMaps(p, black)
		if got := p.pushThreats(white, att); got != c.want {
			t.Errorf("%s: %d, want %d", c.name, got, c.want)
		}
	}
}

// TestFreePassedPawn: a passed pawn with nothing on its way scores per
// rank; a piece anywhere ahead of it on its file stops that.
func TestFreePassedPawn(t *testing.T) {
	var w weights
	w.freePassed = [2]int{1, 10}
	for _, c := range []struct {
		fen    string
		mg, eg int
	}{
		{"k7/8/8/4P3/8/8/8/4K3[] w - - 0 1", 4, 40},
		{"k7/4n3/8/4P3/8/8/8/4K3[] w - - 0 1", 0, 0},
		{"4k3/8/8/4P3/8/8/8/4K3[] w - - 0 1", 0, 0}, // the king on e8 is in its way too
		{"4k3/8/8/8/8/3p4/8/K7[] b - - 0 1", 0, 0},  // White's view: Black's pawn is not White's
	} {
		mg, eg := mustFEN(t, c.fen).pawnStructure(white, &w)
		if mg != c.mg || eg != c.eg {
			t.Errorf("%s: %d/%d, want %d/%d", c.fen, mg, eg, c.mg, c.eg)
		}
	}
}

// TestStoppedByMatchesPassedMask checks the shift form of "not passed"
// against the per-square masks, over random sets of enemy pawns.
func TestStoppedByMatchesPassedMask(t *testing.T) {
	rng := rand.New(rand.NewPCG(1, 2))
	for range 2000 {
		e := rng.Uint64() & rng.Uint64() & rng.Uint64() &^ (rank1BB | rank8BB)
		for c := white; c <= black; c++ {
			stopped := stoppedBy(e, c)
			for sq := 0; sq < 64; sq++ {
				want := passedMask[c][sq]&e != 0
				if got := stopped&sqBB(sq) != 0; got != want {
					t.Fatalf("enemy pawns %#x, colour %d, square %d: stopped %v, want %v", e, c, sq, got, want)
				}
			}
		}
		files := occupiedFiles(e)
		for f := 0; f < 8; f++ {
			if got, want := files>>f&1 != 0, e&fileBB[f] != 0; got != want {
				t.Fatalf("pawns %#x, file %d: occupied %v, want %v", e, f, got, want)
			}
		}
	}
}
