package dragon

import "testing"

// TestKingFiles: each of the king's three files scores its nearest own
// pawn ahead (shield) and nearest enemy pawn ahead (storm) by distance.
// The weights are powers of ten so that the sum shows every count.
func TestKingFiles(t *testing.T) {
	w := *defaultWeights
	w.fileShield = [4]int{1, 10, 100, 1000}
	w.fileStorm = [4]int{10000, 100000, 1000000, 10000000}
	cases := []struct {
		name, fen string
		c         int
		want      int
	}{
		{"castled, pawns at home and h3", "6k1/8/8/8/8/7P/5PP1/6K1[] w - - 0 1", white,
			2*1 + 10 + 3*10000000},
		{"no shield, a storm two ranks up on g", "6k1/8/8/8/8/6p1/8/6K1[] w - - 0 1", white,
			3*1000 + 100000 + 2*10000000},
		{"Black's king, a pawn far up the h file counts as none", "6k1/5pp1/8/8/8/8/7P/6K1[] b - - 0 1", black,
			2*1 + 1000 + 3*10000000},
		{"a king on the edge has two files", "k7/pp6/8/8/8/8/8/K7[] b - - 0 1", black, 2*1 + 2*10000000},
	}
	for _, c := range cases {
		p := mustFEN(t, c.fen)
		if got := p.kingFiles(c.c, &w); got != c.want {
			t.Errorf("%s: %d, want %d", c.name, got, c.want)
		}
	}
}

// TestKingDanger counts safe checking squares by piece type, squares by
// the king that only it defends, and its files without its own pawns.
func TestKingDanger(t *testing.T) {
	w := *defaultWeights
	w.safeCheck = [8]int{knight: 1, bishop: 10, rook: 100, queen: 1000, dragon: 10000}
	w.weakZone = 100000
	w.openKing = 1000000
	cases := []struct {
		name, fen string
		want      int
	}{
		// The knight on e4 can check from d6 and f6; the king's files
		// d, e and f have no black pawn; nothing attacks the squares
		// around it.
		{"two knight checks", "4k3/8/8/8/4N3/8/8/4K3[] w - - 0 1", 2 + 3*1000000},
		// A pawn on e7 guards d6 and f6, and closes the e file.
		{"checks guarded by a pawn", "4k3/4p3/8/8/4N3/8/8/4K3[] w - - 0 1", 2 * 1000000},
		// The rook on a1 can check from e1 up the open file and from a8
		// along the back rank.
		{"two rook checks", "4k3/8/8/8/8/8/8/R6K[] w - - 0 1", 2*100 + 3*1000000},
		// The dragon on c6 already checks; it attacks d7 (as a bishop),
		// d8 and e7 (as a knight) by the king, which only the king
		// defends. Its other checking squares are not among its attacks.
		{"a dragon by the king", "4k3/8/2D5/8/8/8/8/7K[] b - - 0 1", 3*100000 + 3*1000000},
		// A black knight on f6 guards d7, which is no longer weak.
		{"a defender", "4k3/8/2D2n2/8/8/8/8/7K[] b - - 0 1", 2*100000 + 3*1000000},
	}
	for _, c := range cases {
		p := mustFEN(t, c.fen)
		byType, _ := pieceAttackMaps(p, white)
		_, defence := pieceAttackMaps(p, black)
		got := p.kingDanger(white, &w, defence, &byType)
		if got != c.want {
			t.Errorf("%s: %d, want %d", c.name, got, c.want)
		}
	}
}

// pieceAttackMaps returns the attack maps of c's pieces other than pawns
// and kings, by type and all together, as Evaluate builds them.
func pieceAttackMaps(p *Position, c int) (byType [8]uint64, all uint64) {
	occ := p.occ()
	for b := p.byColor[c] &^ p.byType[pawn] &^ p.byType[king]; b != 0; b &= b - 1 {
		sq := lsb(b)
		t := typeOf(p.board[sq])
		a := pieceAttacks(t, sq, occ)
		byType[t] |= a
		all |= a
	}
	return byType, all
}

// TestKingDangerFlank counts the squares of the king's flank in its camp
// that the attacker's pieces attack, and adds the attacker's queen.
func TestKingDangerFlank(t *testing.T) {
	var w weights
	w.flank, w.dangerQueen = 1, 100
	for _, c := range []struct {
		fen  string
		want int
	}{
		// The rook on f1 attacks f6, f7 and f8 of the e-h files' ranks 6-8.
		{"6k1/8/8/8/8/8/8/5R1K[] b - - 0 1", 3},
		// The queen on a1 adds g7 and h8 (f6 is the rook's already).
		{"6k1/8/8/8/8/8/8/Q4R1K[] b - - 0 1", 5 + 100},
	} {
		p := mustFEN(t, c.fen)
		byType, _ := pieceAttackMaps(p, white)
		if got := p.kingDanger(white, &w, 0, &byType); got != c.want {
			t.Errorf("%s: %d, want %d", c.fen, got, c.want)
		}
	}
}
