package dungeon

import (
	"fmt"
	"testing"
)

// TestKingNet: the squares next to a King that it could step to, split
// into those the hunter attacks and those still free. Each is judged with
// the King standing on it, so a slider is not blocked by the King itself.
func TestKingNet(t *testing.T) {
	cases := []struct {
		pos            string
		attacked, free int
	}{
		// A lone King in the corner has three squares.
		{"two-player-dungeon human:Pa1 undead:La20 1 0 0", 0, 3},
		// A Stronghold's rook slide along rank 19 takes a19 and b19.
		{"two-player-dungeon human:Pa1,Sh19 undead:La20 1 0 0", 2, 1},
		// A second one along rank 20 takes b20 (the King stepping there
		// does not shield it).
		{"two-player-dungeon human:Pa1,Sh19,Sh20 undead:La20 1 0 0", 3, 0},
		// The King's own unit on b20 is not a square to step to.
		{"two-player-dungeon human:Pa1,Sh19 undead:La20,Kb20 1 0 0", 2, 0},
		// A Hero next to the King covers a19 and b19, but the King may
		// take it on b20; defended from c20 it may not.
		{"two-player-dungeon human:Pa1,Hb20 undead:La20 1 0 0", 2, 1},
		{"two-player-dungeon human:Pa1,Hb20,Hc20 undead:La20 1 0 0", 3, 0},
	}
	for _, c := range cases {
		p := mustParse(t, c.pos)
		att, free := p.kingNet(0, p.kingSq(1))
		if att != c.attacked || free != c.free {
			t.Errorf("%s: attacked %d free %d, want %d %d", c.pos, att, free, c.attacked, c.free)
		}
		if s := p.String(); s != mustParse(t, c.pos).String() {
			t.Errorf("kingNet changed the position: %s", s)
		}
	}
}

// TestQuietCounter: the search reads the no-capture rule's count here,
// with the limit in force: 50 rounds of the seats still in.
func TestQuietCounter(t *testing.T) {
	cases := []struct {
		pos          string
		quiet, limit int
	}{
		{"two-player-dungeon human:Pa1,Wd3,Ne3 undead:La20 1 90 90", 90, 100},
		{fmt.Sprintf(quietFour, 150), 150, 200},
		{fmt.Sprintf(quietThree, 100), 100, 150},
		{"four-player-dungeon human:Pk1 undead:La10 redskin:Ek20 1 120 3", 120, 150},
	}
	for _, c := range cases {
		if n, limit := mustParse(t, c.pos).Quiet(); n != c.quiet || limit != c.limit {
			t.Errorf("%s: Quiet() = %d, %d; want %d, %d", c.pos, n, limit, c.quiet, c.limit)
		}
	}
}

// TestMopUpDrawsFarUnits: against a lone King every unit closes in, from
// anywhere on the map. Pulled only from within eight squares, far units
// stayed where they were and lone Kings escaped until the no-capture rule.
func TestMopUpDrawsFarUnits(t *testing.T) {
	// The Hero steps from d4 to d5, one square nearer the King on a20 and
	// more than eight squares from it, with the same mobility.
	gain := func(enemy string) int {
		before := mustParse(t, "two-player-dungeon human:Pa1,Hd4 "+enemy+" 1 0 0")
		after := mustParse(t, "two-player-dungeon human:Pa1,Hd5 "+enemy+" 1 0 0")
		return after.Evaluate(0) - before.Evaluate(0)
	}
	alone, defended := gain("undead:La20"), gain("undead:La20,Vh20")
	if defended != approachW {
		t.Errorf("against a defended King the step gains %d, want approachW %d", defended, approachW)
	}
	if alone != approachW+mopCloseW {
		t.Errorf("against a lone King the step gains %d, want approachW+mopCloseW %d", alone, approachW+mopCloseW)
	}
}

// TestMopUpUnitsCount: against a lone King every unit of the hunter
// counts mop.unit more than its material, so that a Skeleton (10 cp) is
// not thrown away for the few squares it gains by stepping up to the King.
// Against a King with an army the term is off.
func TestMopUpUnitsCount(t *testing.T) {
	mu := defaultWeights.mopUnit
	if mu <= 0 {
		t.Fatalf("mop.unit %d, want more than 0", mu)
	}
	without := *defaultWeights
	without.mopUnit = 0
	// What the Skeleton on b13 is worth to Undead, with the table as it is
	// and with mop.unit 0.
	skeleton := func(enemy string, w *weights) int {
		with, lost := mustParse(t, "two-player-dungeon undead:Ld3,Kb13,Vh20 "+enemy+" 1 0 0"),
			mustParse(t, "two-player-dungeon undead:Ld3,Vh20 "+enemy+" 1 0 0")
		with.w, lost.w = w, w
		return with.Evaluate(0) - lost.Evaluate(0)
	}
	if d := skeleton("redskin:Ee17", defaultWeights) - skeleton("redskin:Ee17", &without); d != mu {
		t.Errorf("against a lone King the Skeleton gains %d from mop.unit, want %d", d, mu)
	}
	army := "redskin:Ee17,Fa20,Fb20,Fc20"
	if d := skeleton(army, defaultWeights) - skeleton(army, &without); d != 0 {
		t.Errorf("against a King with an army the Skeleton gains %d from mop.unit, want 0", d)
	}
}
