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

// variantNames are the option names, in the rulebook's order.
var variantNames = []struct {
	name string
	bits variant
}{
	{"summon-elemental", vSummonElemental},
	{"harnessed-dragon-1", vHarnessed1},
	{"harnessed-dragon-2", vHarnessed2},
	{"synchronized", vSynchronized},
	{"en-passant-sylph-1", vEnPassant1},
	{"en-passant-sylph-2", vEnPassant2},
	{"reversing-dwarf", vReversingDwarf},
	{"above-ground-dwarf", vAboveGroundDwarf},
	{"troll", vTroll | vEnPassant2 | vTrollDwarf},
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
