package dungeon

import (
	"errors"
	"fmt"
	"math/rand/v2"
	"slices"
	"strconv"
	"strings"
)

// Budget is the XP every army may spend.
const Budget = 80

// Army is a drafted army: one faction and the kinds of its units.
type Army struct {
	Faction Faction
	Units   []Kind
}

// Cost is the army's total XP.
func (a Army) Cost() int {
	c := 0
	for _, k := range a.Units {
		c += k.Cost()
	}
	return c
}

// String writes the army in draft notation: "human: P,W,A,N,7H", units in
// role order from King to Pawn with counts for duplicates.
func (a Army) String() string {
	var parts []string
	for r := King; ; r-- {
		k := KindOf(a.Faction, r)
		if n := count(a.Units, k); n == 1 {
			parts = append(parts, string(k.Letter()))
		} else if n > 1 {
			parts = append(parts, strconv.Itoa(n)+string(k.Letter()))
		}
		if r == Pawn {
			break
		}
	}
	// Kinds of other factions (an invalid draft) are listed too.
	for _, k := range a.Units {
		if k.Faction() != a.Faction {
			parts = append(parts, string(k.Letter()))
		}
	}
	return a.Faction.Word() + ": " + strings.Join(parts, ",")
}

func count(ks []Kind, k Kind) int {
	n := 0
	for _, x := range ks {
		if x == k {
			n++
		}
	}
	return n
}

// ParseArmy reads draft notation: a faction, a colon, then units separated
// by commas, each a letter or name with an optional count ("7H", "7 Heroes",
// "2x Knight", "Wizard").
func ParseArmy(s string) (Army, error) {
	var a Army
	name, list, ok := strings.Cut(s, ":")
	if !ok {
		return a, fmt.Errorf("draft %q: want \"<faction>: <units>\", such as \"human: P, W, 7H\"", s)
	}
	f, ok := ParseFaction(name)
	if !ok {
		return a, fmt.Errorf("draft: unknown faction %q (%s)", strings.TrimSpace(name), factionList)
	}
	a.Faction = f
	for _, item := range strings.Split(list, ",") {
		item = strings.TrimSpace(item)
		if item == "" {
			continue
		}
		i := 0
		for i < len(item) && item[i] >= '0' && item[i] <= '9' {
			i++
		}
		n := 1
		if i > 0 {
			var err error
			if n, err = strconv.Atoi(item[:i]); err != nil || n < 1 || n > maxArmy {
				return a, fmt.Errorf("draft: bad count in %q", item)
			}
		}
		rest := strings.TrimSpace(item[i:])
		if i > 0 && (strings.HasPrefix(rest, "x ") || strings.HasPrefix(rest, "x") && len(rest) > 2) {
			rest = strings.TrimSpace(rest[1:])
		}
		k, ok := KindByName(rest)
		if !ok {
			return a, fmt.Errorf("draft: %q is not a unit", rest)
		}
		for j := 0; j < n; j++ {
			a.Units = append(a.Units, k)
		}
		if len(a.Units) > maxUnits {
			return a, fmt.Errorf("draft: more than %d units", maxUnits)
		}
	}
	return a, nil
}

// Validate checks the drafting rules for a deployment zone of zoneSize
// squares and returns every violation, each its own message (joined).
func (a Army) Validate(zoneSize int) error {
	var errs []error
	for _, k := range a.Units {
		if k.Faction() != a.Faction {
			errs = append(errs, fmt.Errorf("%s is a %s unit, not %s", k.Name(), k.Faction().Title(), a.Faction.Title()))
		}
	}
	if c := a.Cost(); c > Budget {
		errs = append(errs, fmt.Errorf("army costs %d XP, over the %d XP budget", c, Budget))
	}
	kings, pawns := 0, 0
	for _, k := range a.Units {
		switch k.Role() {
		case King:
			kings++
		case Pawn:
			pawns++
		}
	}
	if kings == 0 {
		errs = append(errs, errors.New("army has no King; exactly one is required"))
	} else if kings > 1 {
		errs = append(errs, fmt.Errorf("army has %d Kings; exactly one is allowed", kings))
	}
	if pawns == 0 {
		errs = append(errs, errors.New("army has no Pawn; at least one is required"))
	}
	if len(a.Units) > zoneSize {
		errs = append(errs, fmt.Errorf("army has %d units but the deployment zone has only %d squares", len(a.Units), zoneSize))
	}
	if len(a.Units) > maxArmy {
		errs = append(errs, fmt.Errorf("army has %d units; at most %d are supported", len(a.Units), maxArmy))
	}
	return errors.Join(errs...)
}

// RandomArmy drafts a legal army of faction f for a zone of zoneSize
// squares: a King, a Pawn, then random affordable units until the budget or
// the zone runs out or a random stop. rng decides everything.
func RandomArmy(f Faction, zoneSize int, rng *rand.Rand) Army {
	a := Army{Faction: f, Units: []Kind{KindOf(f, King), KindOf(f, Pawn)}}
	left := Budget - a.Cost()
	for len(a.Units) < min(zoneSize, maxArmy) {
		var can []Kind
		for r := Pawn; r < King; r++ {
			if k := KindOf(f, r); k.Cost() <= left {
				can = append(can, k)
			}
		}
		if len(can) == 0 || (left < 10 && rng.IntN(3) == 0) {
			break
		}
		k := can[rng.IntN(len(can))]
		a.Units = append(a.Units, k)
		left -= k.Cost()
	}
	return a
}

// RandomDeployment places army a on random squares of zone z of map m and
// returns it in deployment notation.
func RandomDeployment(m *Map, z int, a Army, rng *rand.Rand) string {
	sqs := slices.Clone(m.zoneSqs[z])
	rng.Shuffle(len(sqs), func(i, j int) { sqs[i], sqs[j] = sqs[j], sqs[i] })
	parts := make([]string, 0, len(a.Units))
	for i, k := range a.Units {
		if i >= len(sqs) {
			break
		}
		parts = append(parts, string(k.Letter())+m.squareName(sqs[i]))
	}
	return strings.Join(parts, ",")
}

// ParseDeployment reads deployment notation ("Pd1,Hc2 He2") for army a in
// zone z of map m and checks it places exactly the army on distinct squares
// of the zone.
func ParseDeployment(m *Map, z int, a Army, s string) ([]placement, error) {
	toks := strings.FieldsFunc(s, func(r rune) bool { return r == ',' || r == ' ' || r == '\t' || r == '\n' })
	var out []placement
	var errs []error
	used := map[int]bool{}
	for _, t := range toks {
		pl, err := parseUnit(m, t, a.Faction)
		if err != nil {
			errs = append(errs, err)
			continue
		}
		if pl.wounded || pl.hexUsed || pl.hexLeft != 0 {
			errs = append(errs, fmt.Errorf("%s: units deploy without marks", t))
			continue
		}
		if m.zone[pl.sq] != uint8(z) {
			errs = append(errs, fmt.Errorf("%s: %s is not in your deployment zone", t, m.squareName(pl.sq)))
			continue
		}
		if used[pl.sq] {
			errs = append(errs, fmt.Errorf("%s: %s is already taken", t, m.squareName(pl.sq)))
			continue
		}
		used[pl.sq] = true
		out = append(out, pl)
	}
	for k := Kind(0); k < numKinds; k++ {
		want := count(a.Units, k)
		got := 0
		for _, pl := range out {
			if pl.kind == k {
				got++
			}
		}
		if got != want {
			errs = append(errs, fmt.Errorf("your army has %d %s but %d are placed", want, k.Name(), got))
		}
	}
	if err := errors.Join(errs...); err != nil {
		return nil, err
	}
	return out, nil
}
