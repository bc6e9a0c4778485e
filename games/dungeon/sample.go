package dungeon

// sampleArmies are the rulebook's example armies, one per faction, for the
// quick start's option armies=sample. The rulebook's Undead example, the
// Skeleton swarm, has 22 units and fits no map's zone, so Undead fields
// wyrm's cut of it: as many Skeletons as a 16-square zone holds (12) with
// the swarm's Warlock, Tomb and Reaper, and a Vampire in place of its
// Wraith so that the army spends the budget like the other examples
// (79 XP, 16 units; with the Wraith it would be 74 XP).
var sampleArmies = [numFactions]string{
	Human:     "human: Princess, Wizard, Archer, Knight, 7 Heroes",
	Undead:    "undead: Warlock, Vampire, Reaper, Tomb, 12 Skeletons",
	Redskin:   "redskin: Red Dragon, Demonics, Iron Golem, 4 Kobolds",
	Greenskin: "greenskin: Warlord, Shaman, Troll, Orc, 3 Goblins",
}

// SampleArmy returns the example army of faction f.
func SampleArmy(f Faction) Army {
	a, err := ParseArmy(sampleArmies[f])
	if err != nil {
		panic("dungeon: bad sample army: " + err.Error()) // a table typo, caught by the tests
	}
	return a
}
