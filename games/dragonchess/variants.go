package dragonchess

import (
	"fmt"
	"sort"
	"strings"
)

// variant is a set of optional rules as bit flags.
type variant uint16

const (
	vSummonElemental variant = 1 << iota
	vHarnessed1
	vHarnessed2
	vSynchronized
	vEnPassant1
	vEnPassant2
	vReversingDwarf
	vAboveGroundDwarf
	// vTrollDwarf is the Dwarf part of the Troll bundle: a backward step on
	// the Ground and free moves and captures between Ground and Underworld.
	vTrollDwarf
	// vTroll marks that the Troll bundle was chosen (it also sets
	// vEnPassant2 and vTrollDwarf); it renames the Elemental.
	vTroll
	variantLimit
)

// variantNames are the option names, in the rulebook's order, each with
// the rulebook's title and what it changes in a sentence, for players.
var variantNames = []struct {
	name  string
	bits  variant
	title string
	help  string
}{
	{"summon-elemental", vSummonElemental, "Summon Elemental",
		"The Elemental may rise to the Ground onto an empty square, not only to capture."},
	{"harnessed-dragon-1", vHarnessed1, "Harnessed Dragon, Type I",
		"The Dragon loses its one-square step along ranks and files and only slides diagonally."},
	{"harnessed-dragon-2", vHarnessed2, "Harnessed Dragon, Type II",
		"The Dragon captures from afar only the square directly below it."},
	{"synchronized", vSynchronized, "Synchronized Sylphs and Dwarves",
		"The Sylphs start directly above the Dwarves, and a Dwarf going down may return to any empty Dwarf starting square."},
	{"en-passant-sylph-1", vEnPassant1, "En Passant Sylph, Type I",
		"A Dragon that takes a Sylph on its starting square may be taken at once by any Sylph of the Sky."},
	{"en-passant-sylph-2", vEnPassant2, "En Passant Sylph, Type II",
		"A Dragon that takes a Sylph by sliding at it from diagonally ahead may be taken at once by any Sylph of the Sky."},
	{"reversing-dwarf", vReversingDwarf, "Reversing Dwarf",
		"A Dwarf that reaches its last rank turns round and moves back towards its own side."},
	{"above-ground-dwarf", vAboveGroundDwarf, "Above Ground Dwarf",
		"On the Ground a Dwarf may step straight back without capturing, and loses its sideways steps there."},
	{"troll", vTroll | vEnPassant2 | vTrollDwarf, "Troll",
		"En Passant Sylph Type II, freer Dwarves between Ground and Underworld, and the Elemental renamed the Troll."},
}

// variantTitles are the variants' titles, in the order of VariantNames.
func variantTitles() []string {
	out := make([]string, len(variantNames))
	for i, v := range variantNames {
		out[i] = v.title
	}
	return out
}

// variantHelp explains each variant in a sentence, in the order of
// VariantNames.
func variantHelp() []string {
	out := make([]string, len(variantNames))
	for i, v := range variantNames {
		out[i] = v.help
	}
	return out
}

// VariantNames lists the names accepted in the "variants" option.
func VariantNames() []string {
	out := make([]string, len(variantNames))
	for i, v := range variantNames {
		out[i] = v.name
	}
	return out
}

// parseVariants reads a comma-separated list of variant names.
func parseVariants(s string) (variant, error) {
	var v variant
	for _, part := range strings.Split(s, ",") {
		name := strings.ToLower(strings.TrimSpace(part))
		if name == "" {
			continue
		}
		found := false
		for _, vn := range variantNames {
			if vn.name == name {
				v |= vn.bits
				found = true
			}
		}
		if !found {
			return 0, fmt.Errorf("unknown Dragonchess variant %q (known: %s)", name, strings.Join(VariantNames(), ", "))
		}
	}
	return v, nil
}

// String lists the chosen variants by name, sorted, comma-separated.
func (v variant) String() string {
	var names []string
	for _, vn := range variantNames {
		if v&vn.bits == vn.bits && (vn.bits&vTroll == 0 || v&vTroll != 0) {
			names = append(names, vn.name)
		}
	}
	sort.Strings(names)
	return strings.Join(names, ",")
}

func (v variant) has(f variant) bool { return v&f != 0 }
