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

// completable reports whether the players in set (entrant indices) can all
// be paired with each other, one of them taking the bye when they are odd.
func (p *pairer) completable(set []int) bool {
	_, ok := p.matchAll(set, func(a, b int) bool { return p.compat[a][b] },
		func(a int) bool { return p.es[a].byeOK })
	return ok
}

// matchAll matches set by the rules given; the bye is the extra vertex
// len(set) when set is odd.
func (p *pairer) matchAll(set []int, edge func(a, b int) bool, bye func(a int) bool) (*matcher, bool) {
	n, b := len(set), -1
	if n%2 == 1 {
		b = n
		n++
	}
	m := newMatcher(n, func(i, j int) bool {
		switch b {
		case i:
			return bye(set[j])
		case j:
			return bye(set[i])
		}
		return edge(set[i], set[j])
	})
	return m, m.perfect()
}

// diagnose names the absolute criterion that makes the round unpairable,
// checking them one at a time from the most basic.
func (p *pairer) diagnose(all []int) error {
	notMet := func(a, b int) bool { return a != b && !p.met[a][b] }
	anyone := func(int) bool { return true }
	if _, ok := p.matchAll(all, notMet, anyone); !ok {
		return fmt.Errorf("%w: every pairing repeats a game", ErrNoPairing)
	}
	if _, ok := p.matchAll(all, notMet, func(a int) bool { return p.es[a].byeOK }); !ok {
		return fmt.Errorf("%w: no player who may take the bye can be left out", ErrNoPairing)
	}
	return fmt.Errorf("%w: colour limits (a colour difference beyond 2 or the same colour three times running)", ErrNoPairing)
}
