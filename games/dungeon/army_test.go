package dungeon

import (
	"strings"
	"testing"
)

// The rulebook's four example armies.
var exampleArmies = []struct {
	name, draft string
	cost, units int
}{
	{"skeleton swarm", "undead: Warlock, 15 Skeletons, Tomb, Reaper, Wraith, 3 Skeletons", 80, 22},
	{"human balanced", "human: Princess, Wizard, Archer, Knight, 7 Heroes", 79, 11},
	{"redskin elite", "redskin: Red Dragon, Demonics, Iron Golem, 4 Kobolds", 80, 7},
	{"greenskin midrange", "greenskin: Warlord, Shaman, Troll, Orc, 3 Goblins", 80, 7},
}

func TestExampleArmies(t *testing.T) {
	largest := 0
	for _, m := range BuiltinMaps() {
		for z := 1; z <= m.Zones; z++ {
			largest = max(largest, m.ZoneSize(z))
		}
	}
	for _, c := range exampleArmies {
		a, err := ParseArmy(c.draft)
		if err != nil {
			t.Fatalf("%s: %v", c.name, err)
		}
		if a.Cost() != c.cost || len(a.Units) != c.units {
			t.Errorf("%s: %d XP, %d units; rulebook arithmetic says %d XP, %d units", c.name, a.Cost(), len(a.Units), c.cost, c.units)
		}
		err = a.Validate(largest)
		if c.name == "skeleton swarm" {
			// 80 XP is within budget, but 22 units fit no zone of any map.
			if err == nil || !strings.Contains(err.Error(), "22 units") || strings.Contains(err.Error(), "XP") {
				t.Errorf("skeleton swarm: %v", err)
			}
			continue
		}
		if err != nil {
			t.Errorf("%s rejected: %v", c.name, err)
		}
	}
}

func TestDraftViolations(t *testing.T) {
	cases := []struct {
		draft string
		zone  int
		want  []string
	}{
		{"human: Princess, Wizard, Wizard, Wizard, Hero", 16, []string{"costs 77"}}, // fine: no error expected below
		{"human: Princess, Wizard, Wizard, Wizard, Hero, Hero, Knight", 16, []string{"costs 91 XP, over the 80 XP budget"}},
		{"human: Wizard, Hero", 16, []string{"no King"}},
		{"human: Princess, Princess, Hero", 16, []string{"2 Kings"}},
		{"human: Princess, Knight", 16, []string{"no Pawn"}},
		{"human: Princess, 10 Heroes", 8, []string{"11 units but the deployment zone has only 8"}},
		{"human: Princess, Hero, Tomb", 16, []string{"Tomb is a Undead unit"}},
		{"human: Wizard, 4 Wizard", 16, []string{"over the 80 XP budget", "no King", "no Pawn"}},
	}
	for i, c := range cases {
		a, err := ParseArmy(c.draft)
		if err != nil {
			t.Fatalf("%s: %v", c.draft, err)
		}
		err = a.Validate(c.zone)
		if i == 0 {
			if err != nil {
				t.Errorf("%s: %v", c.draft, err)
			}
			continue
		}
		if err == nil {
			t.Errorf("%s accepted", c.draft)
			continue
		}
		for _, w := range c.want {
			if !strings.Contains(err.Error(), w) {
				t.Errorf("%s: %q lacks %q", c.draft, err, w)
			}
		}
		if lines := strings.Count(err.Error(), "\n") + 1; lines != len(c.want) {
			t.Errorf("%s: %d messages, want %d: %q", c.draft, lines, len(c.want), err)
		}
	}
}

func TestParseArmyNotation(t *testing.T) {
	for in, want := range map[string]string{
		"human: P, W, A, N, 7H":                  "human: P,W,A,N,7H",
		"Human: princess,wizard,7 heroes":        "human: P,W,7H",
		"redskin: E, 2x Fire Elem., Iron Golem":  "infernal: E,2F,I", // the rulebook's name is read, people's written
		"Infernal: Red Dragon, 2 Kobolds":        "infernal: E,2B",
		"greenskin: Warlord, 3 Goblins, Shaman ": "greenskin: J,Q,3G",
	} {
		a, err := ParseArmy(in)
		if err != nil || a.String() != want {
			t.Errorf("ParseArmy(%q) = %q, %v; want %q", in, a.String(), err, want)
		}
		back, err := ParseArmy(a.String())
		if err != nil || back.String() != a.String() {
			t.Errorf("%q does not round-trip", a.String())
		}
	}
	for _, bad := range []string{"human P", "elves: P", "human: P, Zombie", "human: 0H", "human: 99H"} {
		if _, err := ParseArmy(bad); err == nil {
			t.Errorf("ParseArmy(%q) accepted", bad)
		}
	}
}

func TestRandomArmyIsLegal(t *testing.T) {
	for seed := uint64(0); seed < 200; seed++ {
		rng := newRand(seed)
		f := Faction(seed % 4)
		zone := []int{16, 20, 3, 8}[seed%4]
		a := RandomArmy(f, zone, rng)
		if err := a.Validate(zone); err != nil {
			t.Fatalf("seed %d: %s: %v", seed, a, err)
		}
	}
}

func FuzzParseArmy(f *testing.F) {
	for _, c := range exampleArmies {
		f.Add(c.draft)
	}
	f.Add("human: P,W,A,N,7H")
	f.Fuzz(func(t *testing.T, s string) {
		a, err := ParseArmy(s)
		if err != nil {
			return
		}
		back, err := ParseArmy(a.String())
		if err != nil || back.String() != a.String() {
			t.Fatalf("%q -> %q does not round-trip: %v", s, a.String(), err)
		}
	})
}
