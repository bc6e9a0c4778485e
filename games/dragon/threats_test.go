package dragon

import "testing"

// TestThreats checks the threat terms on small positions, with the piece
// attack maps taken from the positions themselves.
func TestThreats(t *testing.T) {
	w := defaultWeights
	cases := []struct {
		name, fen      string
		c              int
		wantMG, wantEG int
	}{
		{"pawn attacks a lone knight", "4k3/8/8/3p4/4N3/8/8/4K3[] w - - 0 1", black,
			w.threatPawn[0] + w.hanging[0], w.threatPawn[1] + w.hanging[1]},
		{"nothing attacked", "4k3/8/8/3p4/4N3/8/8/4K3[] w - - 0 1", white, 0, 0},
		{"knight attacks a rook defended by a pawn", "4k3/8/2p5/3r4/8/4N3/8/4K3[] w - - 0 1", white,
			w.threatLight[0], w.threatLight[1]},
		{"bishop attacks an undefended pawn", "4k3/8/8/3p4/8/8/6B1/4K3[] w - - 0 1", white, w.hanging[0], w.hanging[1]},
	}
	for _, c := range cases {
		p := mustFEN(t, c.fen)
		occ := p.occ()
		var att [2]uint64
		var minorAtt, rookAtt [2]uint64
		for col := white; col <= black; col++ {
			for b := p.pieces(col, knight); b != 0; b &= b - 1 {
				a := knightAttacks[lsb(b)]
				att[col] |= a
				minorAtt[col] |= a
			}
			for b := p.pieces(col, bishop); b != 0; b &= b - 1 {
				a := bishopAttacks(lsb(b), occ)
				att[col] |= a
				minorAtt[col] |= a
			}
			for b := p.pieces(col, rook); b != 0; b &= b - 1 {
				a := rookAttacks(lsb(b), occ)
				att[col] |= a
				rookAtt[col] |= a
			}
		}
		mg, eg := p.threats(c.c, w, att, minorAtt[c.c], rookAtt[c.c])
		if mg != c.wantMG || eg != c.wantEG {
			t.Errorf("%s: threats %d/%d, want %d/%d", c.name, mg, eg, c.wantMG, c.wantEG)
		}
	}
}
