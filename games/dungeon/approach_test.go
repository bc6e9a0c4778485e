package dungeon

import (
	"fmt"
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

// TestFirstStepOutCounts: a Hero's first step out of its zone, from a2
// to b2, leaves it beyond approachRef from the enemy King, yet it gains
// approachW besides the moves it opens. With the approach clamped at
// approachRef, units at home had nothing to gain from their first steps
// out and stayed there.
func TestFirstStepOutCounts(t *testing.T) {
	from := heroStepPos(t, "a2", "0")
	m := from.m
	walk, n := m.walkDist(), m.Files*m.Ranks
	k := int(m.fromBox[from.kingSq(1)])
	dist := func(sq string) int {
		b, _, err := m.parseSquare(sq)
		if err != nil {
			t.Fatal(err)
		}
		return int(walk[int(m.fromBox[b])*n+k])
	}
	df, dt := dist("a2"), dist("b2")
	if dt <= m.approachRef() || dt != df-1 {
		t.Fatalf("a2 %d and b2 %d from the King: want b2 one nearer and beyond approachRef %d", df, dt, m.approachRef())
	}
	if gain := heroStepGain(t, "0", false); gain != approachW {
		t.Errorf("a2-b2 gains %d besides mobility, want approachW %d", gain, approachW)
	}
}

// heroStepPos is a Human Hero on sq facing a distant Undead King, with the
// no-capture count at quiet (of 100, two players).
func heroStepPos(t *testing.T, sq, quiet string) *Position {
	return mustParse(t, "two-player-dungeon human:Pd1,H"+sq+" undead:La20,Kh20 1 "+quiet+" 0")
}

// heroStepGain is what the Hero's step a2-b2 gains besides mobility, with
// the count at quiet and, if mark, the root marked there.
func heroStepGain(t *testing.T, quiet string, mark bool) int {
	from, to := heroStepPos(t, "a2", quiet), heroStepPos(t, "b2", quiet)
	if mark {
		from.MarkRoot()
		to.MarkRoot()
	}
	return to.Evaluate(0) - from.Evaluate(0) - mobilityW*(to.quietCount(0)-from.quietCount(0))
}

// TestApproachPressesWithTheRootCount: the same step towards the enemy
// King gains more when the search began late in a run without captures,
// and nothing changes for the position's own count alone, so that a
// capture inside the search does not look like a loss of the pressure.
func TestApproachPressesWithTheRootCount(t *testing.T) {
	if g := heroStepGain(t, "50", false); g != approachW {
		t.Errorf("count 50, root not marked: gains %d, want approachW %d", g, approachW)
	}
	if g, want := heroStepGain(t, "50", true), approachW+approachW*pressMul*50/100; g != want || g <= approachW {
		t.Errorf("root marked at count 50: gains %d, want %d, more than approachW %d", g, want, approachW)
	}
	if g := heroStepGain(t, "0", true); g != approachW {
		t.Errorf("root marked at count 0: gains %d, want approachW %d", g, approachW)
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
		m, err := LookupMap(c.id)
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

// TestPressScalesWithTheLimit: the approach presses by the share of the
// limit in force at the root, not by turns, so that four seats, with 200
// turns to play, are not pressed twice as early as two.
func TestPressScalesWithTheLimit(t *testing.T) {
	cases := []struct {
		pos      string
		num, den int // the share of the limit reached
	}{
		{"two-player-dungeon human:Pd1,Ha2 undead:La20,Kh20 1 50 0", 1, 2},
		{fmt.Sprintf(quietFour, 100), 1, 2},
		{fmt.Sprintf(quietFour, 50), 1, 4},
		{fmt.Sprintf(quietFour, 200), 1, 1},
		{fmt.Sprintf(quietThree, 75), 1, 2},
		{fmt.Sprintf(quietThree, 150), 1, 1},
		{fmt.Sprintf(quietFour, 0), 0, 1},
	}
	for _, c := range cases {
		p := mustParse(t, c.pos)
		p.MarkRoot()
		if want := approachW * pressMul * c.num / c.den; int(p.rootPress) != want {
			t.Errorf("%s: press %d, want %d (%d/%d of the most)", c.pos, p.rootPress, want, c.num, c.den)
		}
	}
}
