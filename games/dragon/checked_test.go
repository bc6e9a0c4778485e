package dragon_test

import (
	"testing"

	"wyrm/game/boardview"
	"wyrm/games/dragon"
)

// A checkmated King is still marked once the game is over, and a King
// that is not in check is not.
func TestMatedKingMarked(t *testing.T) {
	for _, c := range []struct {
		fen    string
		marked bool
	}{
		{"k7/1Q6/1K6/8/8/8/8/8[] b - - 0 1", true},
		{"k7/8/1K6/8/8/8/7Q/8[] b - - 0 1", false},
	} {
		pos, err := dragon.Game.Parse(c.fen, nil)
		if err != nil {
			t.Fatal(err)
		}
		b := boardview.Of(pos, false)
		if got := len(b.Check) > 0; got != c.marked {
			t.Errorf("%s: check marks %v, want marked %v (over %v)", c.fen, b.Check, c.marked, pos.Outcome().Over)
		}
	}
}
