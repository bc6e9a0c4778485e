package dungeon

import (
	"slices"
	"strconv"
	"testing"

	"wyrm/game"
)

// TestSampleArmies: every faction's example army is legal on every built-in
// map's zones, and the quick start with armies=sample fields exactly them.
func TestSampleArmies(t *testing.T) {
	for f := Human; f < numFactions; f++ {
		a := SampleArmy(f)
		if a.Faction != f || a.Cost() > Budget {
			t.Errorf("%s: %s costs %d", f, a, a.Cost())
		}
		for _, m := range BuiltinMaps() {
			for z := range m.zoneSqs {
				if len(m.zoneSqs[z]) == 0 {
					continue // no such zone on this map
				}
				if err := a.Validate(m.ZoneSize(z)); err != nil {
					t.Errorf("%s on %s zone %d: %v", a, m.ID, z+1, err)
				}
			}
		}
	}
	for _, players := range []int{2, 3, 4} {
		opts := game.Options{"armies": "sample", "players": strconv.Itoa(players), "seed": "5"}
		gp, err := Game{}.Start(opts)
		if err != nil {
			t.Fatalf("%v: %v", opts, err)
		}
		p := gp.(*Position)
		for s := 0; s < players; s++ {
			var got []Kind
			st := &p.seats[s]
			for id := st.first; id < st.end; id++ {
				got = append(got, p.units[id].kind)
			}
			want := slices.Clone(SampleArmy(p.seats[s].faction).Units)
			slices.Sort(got)
			slices.Sort(want)
			if !slices.Equal(got, want) {
				t.Errorf("%d players, seat %d (%s): units %v, want %v", players, s+1, p.seats[s].faction, got, want)
			}
		}
	}
	if _, err := (Game{}).Start(game.Options{"armies": "best"}); err == nil {
		t.Error("armies=best accepted")
	}
}

// TestQuickStartLeavesNoKingEnPrise: the quick start deploys again when a
// King could be taken on the first move. (Seed 12 with example armies put
// the Human Princess at the end of a Goblin's cannon line down the open
// corridor.)
func TestQuickStartLeavesNoKingEnPrise(t *testing.T) {
	for _, armies := range []string{"random", "sample"} {
		for _, players := range []string{"2", "3", "4"} {
			for seed := 1; seed <= 150; seed++ {
				opts := game.Options{"armies": armies, "players": players, "seed": strconv.Itoa(seed)}
				gp, err := Game{}.Start(opts)
				if err != nil {
					t.Fatal(err)
				}
				if p := gp.(*Position); p.anyInCheck() {
					t.Fatalf("%v: a King can be taken at once in %s", opts, p)
				}
			}
		}
	}
}
