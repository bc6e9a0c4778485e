package dungeon

import "testing"

// TestEvaluateApproach: the same unit on mirrored squares of the
// symmetric two-player map (equal mobility) is worth more near the enemy
// King, so that the engine has a reason to cross the map.
func TestEvaluateApproach(t *testing.T) {
	cases := []struct{ far, near string }{
		{"two-player-dungeon human:Pa1,Hd6 undead:La20 1 0 0", "two-player-dungeon human:Pa1,Hd15 undead:La20 1 0 0"},
		{"two-player-dungeon human:Pa1,He6 undead:Lh20 1 0 0", "two-player-dungeon human:Pa1,He15 undead:Lh20 1 0 0"},
	}
	for _, c := range cases {
		far, near := mustParse(t, c.far), mustParse(t, c.near)
		if ef, en := far.Evaluate(0), near.Evaluate(0); en <= ef {
			t.Errorf("%s: %d, nearer the enemy King %d: want more", c.far, ef, en)
		}
	}
}
