package dungeon

import (
	"strconv"
	"testing"

	"wyrm/game"
)

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

// TestApproachRef: units start earning for nearing a King two squares
// beyond the shortest walk between deployment zones; when mopping up, from
// the longest walk on the map.
func TestApproachRef(t *testing.T) {
	for _, c := range []struct {
		id       string
		ref, far int
	}{{"two-player-dungeon", 19, 21}, {"compact-skirmish", 9, 13}, {"four-player-dungeon", 14, 21}} {
		m, err := LoadMap(c.id)
		if err != nil {
			t.Fatal(err)
		}
		if ref, far := m.approachRef(), m.farthestWalk(); ref != c.ref || far != c.far {
			t.Errorf("%s: approachRef %d farthestWalk %d, want %d %d", c.id, ref, far, c.ref, c.far)
		}
	}
}

// TestEqualArmiesStartNearlyEven: the example armies cost 79 or 80 XP
// each, so no start between them should look decided. When every unit
// earned a constant for existing, Undead's sixteen units were rated up to
// five hundred centipawns ahead, and the engine accepted early
// repetitions against Undead as if it were losing.
func TestEqualArmiesStartNearlyEven(t *testing.T) {
	all := []string{"human", "undead", "redskin", "greenskin"}
	for i, a := range all {
		for _, b := range all[i+1:] {
			for seed := 1; seed <= 4; seed++ {
				opts := game.Options{"armies": "sample", "factions": a + "," + b, "seed": strconv.Itoa(seed)}
				gp, err := Game{}.Start(opts)
				if err != nil {
					t.Fatal(err)
				}
				if v := gp.(*Position).Evaluate(0); v < -250 || v > 250 {
					t.Errorf("%v: %d", opts, v)
				}
			}
		}
	}
}
