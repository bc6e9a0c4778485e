package swiss

import "fmt"

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
