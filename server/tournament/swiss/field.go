package swiss

import (
	"cmp"
	"slices"
)

// pairer holds one round's pairing: the entrants in ranked order (score,
// then pairing number), so an index is also a rank.
type pairer struct {
	es      []entrant
	met     [][]bool // have met before
	compat  [][]bool // may meet: not met before and no colour clash
	initial Colour
}

// newPairer prepares a round; relax lets everyone be paired as the
// topscorers of a last round are, past the colour limits.
func newPairer(players []Player, round, rounds int, opt Options, relax bool) *pairer {
	ps := slices.Clone(players)
	// Pairing numbers: rating, highest first, ties by ID.
	slices.SortFunc(ps, func(a, b Player) int {
		return cmp.Or(cmp.Compare(b.Rating, a.Rating), cmp.Compare(a.ID, b.ID))
	})
	es := make([]entrant, len(ps))
	for i, p := range ps {
		e := &es[i]
		e.id, e.score, e.tpn = p.ID, p.Score, i+1
		e.byeOK = p.Byes == 0
		// A topscorer has more than half the points possible so far.
		e.top = relax || round == rounds && round > 1 && p.Score > round-1
		e.setColours(p.Colours)
		e.setFloats(p.Floats)
	}
	slices.SortStableFunc(es, func(a, b entrant) int {
		return cmp.Or(cmp.Compare(b.score, a.score), cmp.Compare(a.tpn, b.tpn))
	})
	at := make(map[string]int, len(es))
	for i := range es {
		at[es[i].id] = i
	}
	met := make([][]bool, len(es))
	for i := range met {
		met[i] = make([]bool, len(es))
	}
	for _, p := range ps {
		for _, o := range p.Opponents {
			if j, ok := at[o]; ok {
				met[at[p.ID]][j], met[j][at[p.ID]] = true, true
			}
		}
	}
	compat := make([][]bool, len(es))
	for i := range es {
		compat[i] = make([]bool, len(es))
		for j := range es {
			compat[i][j] = i != j && !met[i][j] && !colourClash(&es[i], &es[j])
		}
	}
	initial := opt.InitialColour
	if initial == None {
		initial = White
	}
	return &pairer{es: es, met: met, compat: compat, initial: initial}
}
