package dragon

import "testing"

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
