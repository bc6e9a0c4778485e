package dungeon

import (
	"slices"
	"testing"
)

// TestNoisyMovesUnderCheck: NoisyMoves tests only the captures against the
// check rule, but a capture that leaves the King in check is still legal
// when no move at all obeys the rule.
func TestNoisyMovesUnderCheck(t *testing.T) {
	cases := []struct {
		pos  string
		want []string
	}{
		// Checked along the a-file with b1, a2, b2 and c3 covered: nothing
		// helps, the check rule is lifted, and j5xj6 is legal.
		{"compact-skirmish human:Pa1,Hj5 undead:Va10,Vh2,Vj1,Vc10,Lj10,Kj6 1 0 0", []string{"j5xj6"}},
		// The Princess can step out of check, so j5xj6 is not legal.
		{"compact-skirmish human:Pa1,Hj5 undead:Va10,Vc10,Lj10,Kj6 1 0 0", nil},
		// Not in check: the capture is legal.
		{"compact-skirmish human:Pb1,Hj5 undead:Va10,Lj10,Kj6 1 0 0", []string{"j5xj6"}},
	}
	for _, c := range cases {
		p := mustParse(t, c.pos)
		var got []string
		for _, m := range p.NoisyMoves(nil) {
			got = append(got, p.MoveString(m))
		}
		if !slices.Equal(got, c.want) {
			t.Errorf("%s: NoisyMoves %v, want %v", c.pos, got, c.want)
		}
		if !sameMoves(p.NoisyMoves(nil), noisyOf(p, p.LegalMoves(nil))) {
			t.Errorf("%s: NoisyMoves disagrees with the legal moves", c.pos)
		}
	}
}
