package swiss

import (
	"cmp"
	"errors"
	"fmt"
	"slices"
)

// ErrNoPairing is wrapped by the error PairRound returns when no pairing of
// the round satisfies the absolute criteria.
var ErrNoPairing = errors.New("swiss: no pairing satisfies the absolute criteria")

// PairRound pairs round `round` (1-based) of a tournament of `rounds` rounds among players
// (those present; withdrawn players are left out by the caller).
// The top seed gets White in round 1; see PairRoundOptions.
func PairRound(players []Player, round, rounds int) (Round, error) {
	return PairRoundOptions(players, round, rounds, Options{})
}

// PairRoundOptions is PairRound with the tournament's options.
func PairRoundOptions(players []Player, round, rounds int, opt Options) (Round, error) {
	if round < 1 || rounds < round {
		return Round{}, fmt.Errorf("swiss: round %d of %d", round, rounds)
	}
	seen := make(map[string]bool, len(players))
	for _, p := range players {
		if p.ID == "" || seen[p.ID] {
			return Round{}, fmt.Errorf("swiss: player ID %q empty or repeated", p.ID)
		}
		seen[p.ID] = true
	}
	if len(players) == 0 {
		return Round{}, nil
	}
	r, err := newPairer(players, round, rounds, opt, false).pair()
	if err != nil && opt.RelaxColours {
		// Only the colour limits give way, and only when they must.
		if relaxed, rerr := newPairer(players, round, rounds, opt, true).pair(); rerr == nil {
			return relaxed, nil
		}
	}
	return r, err
}

// pair pairs the brackets from the top score down, each bracket taking the
// players the one above left over.
func (p *pairer) pair() (Round, error) {
	n := len(p.es)
	all := make([]int, n)
	for i := range all {
		all[i] = i
	}
	if !p.completable(all) {
		return Round{}, p.diagnose(all)
	}
	var games [][2]int
	var carried []int
	for i := 0; i < n; {
		j := i
		for j < n && p.es[j].score == p.es[i].score {
			j++
		}
		bracket := slices.Clone(carried)
		lower := make([]int, 0, n-j)
		for k := i; k < j; k++ {
			bracket = append(bracket, k)
		}
		for k := j; k < n; k++ {
			lower = append(lower, k)
		}
		pairs, floats := p.pairBracket(bracket, lower, j == n)
		games = append(games, pairs...)
		carried = floats
		i = j
	}
	if len(carried) > 1 || len(carried) == 1 && !p.es[carried[0]].byeOK {
		// The completion checks make this unreachable; say so rather than
		// hand out a broken round.
		return Round{}, fmt.Errorf("%w: internal: %d left unpaired", ErrNoPairing, len(carried))
	}
	var r Round
	if len(carried) == 1 {
		r.Bye = p.es[carried[0]].id
	}
	// Boards in order of the higher-ranked player of each game.
	slices.SortFunc(games, func(a, b [2]int) int { return cmp.Compare(a[0], b[0]) })
	for _, g := range games {
		a, b := &p.es[g[0]], &p.es[g[1]]
		if aWhite(a, b, p.initial) {
			r.Pairs = append(r.Pairs, Pair{White: a.id, Black: b.id})
		} else {
			r.Pairs = append(r.Pairs, Pair{White: b.id, Black: a.id})
		}
	}
	return r, nil
}
