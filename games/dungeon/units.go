package dungeon

import "strings"

// Faction is one of the four armies.
type Faction uint8

// The four factions, in rulebook order.
const (
	Human Faction = iota
	Undead
	Redskin
	Greenskin
	numFactions
)

// factionNames are the factions' identifiers in position strings and
// options, as the rulebook names them.
var factionNames = [numFactions]string{"human", "undead", "redskin", "greenskin"}

// factionTitles are the names people read. The rulebook's "Redskin" is a
// word widely read as a slur, so it is shown as Infernal (a ruling); its
// identifier stays, so that every position and record still reads.
var factionTitles = [numFactions]string{"Human", "Undead", "Infernal", "Greenskin"}

// String returns the faction's lower-case identifier as position strings
// write it.
func (f Faction) String() string {
	if f < numFactions {
		return factionNames[f]
	}
	return "faction?"
}

// Title is the faction's name as people read it ("Human", "Infernal").
func (f Faction) Title() string {
	if f < numFactions {
		return factionTitles[f]
	}
	return "Faction?"
}

// Word is the faction's name as players write it in draft notation
// ("infernal: E, 3M, B").
func (f Faction) Word() string { return strings.ToLower(f.Title()) }

// ParseFaction reads a faction by its identifier or the name people read
// ("redskin" or "infernal"), case-insensitively.
func ParseFaction(s string) (Faction, bool) {
	s = strings.ToLower(strings.TrimSpace(s))
	for i := range numFactions {
		if factionNames[i] == s || strings.ToLower(factionTitles[i]) == s {
			return i, true
		}
	}
	return 0, false
}

// factionList names the factions as people write them, for messages.
const factionList = "human, undead, infernal, greenskin"

// Role is a unit's chess role; every faction has one unit of each role.
type Role uint8

// The six roles.
const (
	Pawn Role = iota
	Castle
	KnightRole
	Bishop
	Queen
	King
	numRoles
)

// Kind is one of the 24 unit types: faction*6 + role.
type Kind uint8

const numKinds = Kind(numFactions) * Kind(numRoles)

// The 24 unit kinds.
const (
	Hero Kind = iota
	Stronghold
	Knight
	Archer
	Wizard
	Princess
	Skeleton
	Tomb
	Reaper
	Wraith
	Vampire
	Warlock
	Kobold
	IronGolem
	Salamander
	FireElemental
	Demonics
	RedDragon
	Goblin
	Ogre
	Orc
	Troll
	Shaman
	Warlord
)

// Faction returns the kind's faction.
func (k Kind) Faction() Faction { return Faction(k / Kind(numRoles)) }

// Role returns the kind's role.
func (k Kind) Role() Role { return Role(k % Kind(numRoles)) }

// Pattern bits: the primitive ways a unit reaches a square. A unit has one
// set for moving onto empty squares and one for capturing.
const (
	pStepO  uint16 = 1 << iota // one step orthogonally
	pStepD                     // one step diagonally
	pSlideO                    // rook slide
	pSlideD                    // bishop slide
	pLeap                      // knight leap, flies over anything
	pOrc2                      // two squares straight, the first empty floor
	pGapD                      // exactly two squares diagonally, the first empty floor
	pCannon                    // rook line over exactly one screen, water skipped
	pPhase                     // Tomb: rook line through at most one friend and water
)

const pStep8 = pStepO | pStepD

type kindInfo struct {
	name   string
	letter byte
	cost   int
	move   uint16
	attack uint16
}

var kinds = [numKinds]kindInfo{
	Hero:          {"Hero", 'H', 2, pStep8, pStep8},
	Stronghold:    {"Stronghold", 'S', 10, pStepO, pSlideO},
	Knight:        {"Knight", 'N', 12, pLeap, pLeap},
	Archer:        {"Archer", 'A', 18, pSlideD, pGapD},
	Wizard:        {"Wizard", 'W', 20, pSlideO, pSlideD},
	Princess:      {"Princess", 'P', 15, pStepO | pSlideD, pStep8},
	Skeleton:      {"Skeleton", 'K', 1, pStep8, pStep8},
	Tomb:          {"Tomb", 'T', 12, pStepO, pPhase},
	Reaper:        {"Reaper", 'R', 15, pLeap, pLeap},
	Wraith:        {"Wraith", 'Y', 15, pGapD, pSlideD},
	Vampire:       {"Vampire", 'V', 20, pSlideD, pSlideO},
	Warlock:       {"Warlock", 'L', 20, pStep8, pStepO | pSlideD},
	Kobold:        {"Kobold", 'B', 5, pStep8, pStep8 | pCannon},
	IronGolem:     {"Iron Golem", 'I', 18, pStepO, pCannon},
	Salamander:    {"Salamander", 'M', 18, pLeap, pLeap},
	FireElemental: {"Fire Elemental", 'F', 12, pSlideD, pSlideD},
	Demonics:      {"Demonics", 'D', 22, pSlideO | pSlideD, pSlideO | pSlideD},
	RedDragon:     {"Red Dragon", 'E', 20, pStep8, pStep8 | pLeap},
	Goblin:        {"Goblin", 'G', 5, pStep8, pStep8 | pCannon},
	Ogre:          {"Ogre", 'O', 14, pStepO, pCannon},
	Orc:           {"Orc", 'C', 14, pLeap | pOrc2, pLeap | pOrc2},
	Troll:         {"Troll", 'U', 16, pSlideD, pSlideD},
	Shaman:        {"Shaman", 'Q', 20, pSlideO | pSlideD, pSlideO | pSlideD},
	Warlord:       {"Warlord", 'J', 15, pStep8, pStep8 | pLeap},
}

// dirMasks are a pattern's directions as bit masks over Map.queen (bits
// 0-3 orthogonal, 4-7 diagonal) and Map.leaps, one mask per way of moving,
// so that the generators loop over the directions a unit has.
type dirMasks struct {
	step  uint8 // one step, when no slide the same way
	slide uint8
	leap  uint8
	jump  uint8 // Orc double step and gapped diagonal: the first square empty floor
}

func patternMasks(pat uint16) (d dirMasks) {
	if pat&pStepO != 0 && pat&pSlideO == 0 {
		d.step |= 0x0f
	}
	if pat&pStepD != 0 && pat&pSlideD == 0 {
		d.step |= 0xf0
	}
	if pat&pSlideO != 0 {
		d.slide |= 0x0f
	}
	if pat&pSlideD != 0 {
		d.slide |= 0xf0
	}
	if pat&pLeap != 0 {
		d.leap = 0xff
	}
	if pat&pOrc2 != 0 {
		d.jump |= 0x0f
	}
	if pat&pGapD != 0 {
		d.jump |= 0xf0
	}
	return d
}

// patDirs is patternMasks of every pattern, indexed by its nine bits.
var patDirs = func() (t [1 << 9]dirMasks) {
	for pat := range t {
		t[pat] = patternMasks(uint16(pat))
	}
	return t
}()

// Name returns the unit's name ("Iron Golem").
func (k Kind) Name() string { return kinds[k].name }

// Letter returns the unit's upper-case letter, unique among all 24 kinds.
func (k Kind) Letter() byte { return kinds[k].letter }

// Cost returns the unit's XP cost.
func (k Kind) Cost() int { return kinds[k].cost }

// KindOf returns the kind of a faction's unit of role r.
func KindOf(f Faction, r Role) Kind { return Kind(f)*Kind(numRoles) + Kind(r) }

var kindByLetter = func() (t [256]int8) {
	for i := range t {
		t[i] = -1
	}
	for k := Kind(0); k < numKinds; k++ {
		t[kinds[k].letter] = int8(k)
	}
	return t
}()

// KindByLetter reads an upper-case unit letter.
func KindByLetter(c byte) (Kind, bool) {
	k := kindByLetter[c]
	return Kind(k), k >= 0
}

// KindByName reads a unit name or letter, ignoring case, spaces, dots and a
// plural "s" ("Fire Elem.", "iron golem", "Heroes", "H").
func KindByName(s string) (Kind, bool) {
	s = strings.TrimSpace(s)
	if len(s) == 1 {
		return KindByLetter(s[0] &^ 0x20)
	}
	norm := func(x string) string {
		x = strings.ToLower(x)
		return strings.NewReplacer(" ", "", ".", "", "-", "").Replace(x)
	}
	n := norm(s)
	for k := Kind(0); k < numKinds; k++ {
		kn := norm(kinds[k].name)
		if n == kn || n == kn+"s" || n == kn+"es" {
			return k, true
		}
		if k == FireElemental && (n == "fireelem" || n == "fireelems" || n == "fireelementals") {
			return k, true
		}
	}
	return 0, false
}
