package dungeon

// sampleArmies are the rulebook's example armies, one per faction, for the
// quick start's option armies=sample. The rulebook's Undead example, the
// Skeleton swarm, has 22 units and fits no map's zone, so Undead fields
// wyrm's cut of it: the swarm's leaders (Warlock, Tomb, Reaper, Wraith)
// with as many Skeletons as a 16-square zone holds (74 XP, 16 units).
var sampleArmies = [numFactions]string{
	Human:     "human: Princess, Wizard, Archer, Knight, 7 Heroes",
	Undead:    "undead: Warlock, Tomb, Reaper, Wraith, 12 Skeletons",
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
