package swiss

// searchBudget bounds the candidates tried in one bracket at one number of
// pairs, so that a large bracket with conflicts cannot stall a round; a
// completion check counts as checkCost of them.
const (
	searchBudget = 20000
	checkCost    = 50
)

// bracketSearch walks one bracket's candidate pairings in the Dutch order
// (moved-down players first, against the residents in order; then S1
// against S2 by transpositions, then exchanges; floating last), keeping
// the best by cost that lets the round be completed.
type bracketSearch struct {
	p      *pairer
	pl     []int // entrant indices in ranked order
	score  int   // the residents' score
	lower  []int // everyone in the brackets below
	last   bool  // the lowest bracket: a floater takes the bye
	used   []bool
	s1     []bool // the remainder's top half, once the residents are reached
	pairs  [][2]int
	floats []int
	cur    cost

	found      bool
	best       cost
	bestPairs  [][2]int
	bestFloats []int
	lb         cost
	nodes      int
	done       bool
}

// pairBracket pairs a bracket (entrant indices in ranked order) with as
// many pairs as the criteria and the rest of the round allow, returning
// the games (higher-ranked first) and the players left over.
func (p *pairer) pairBracket(pl, lower []int, last bool) ([][2]int, []int) {
	n := len(pl)
	// No level can have more pairs than a maximum matching of the bracket.
	m, _ := p.matchAll(pl, func(a, b int) bool { return p.compat[a][b] }, func(int) bool { return false })
	most := 0
	for i := 0; i < len(pl); i++ {
		if m.match[i] > i && m.match[i] < len(pl) {
			most++
		}
	}
	for pairs := most; pairs >= 0; pairs-- {
		floats := n - 2*pairs
		if last && floats > 1 {
			break
		}
		s := &bracketSearch{p: p, pl: pl, score: p.es[pl[n-1]].score, lower: lower, last: last,
			used: make([]bool, n)}
		s.lb = s.lowerBound(pairs, floats)
		s.walk(pairs, floats)
		if s.found {
			return s.bestPairs, s.bestFloats
		}
	}
	// Only the lowest bracket gets here, and the completion check above it
	// guarantees a pairing: take the matching's.
	m, _ = p.matchAll(pl, func(a, b int) bool { return p.compat[a][b] }, func(a int) bool { return p.es[a].byeOK })
	var games [][2]int
	var floats []int
	for i, j := range m.match {
		switch {
		case i >= n:
		case j >= n || j == -1:
			floats = append(floats, pl[i])
		case i < j:
			games = append(games, [2]int{pl[i], pl[j]})
		}
	}
	return games, floats
}

// lowerBound is a cost no candidate with this many pairs can beat, so the
// search may stop when it reaches it. Every candidate has an entry at
// least this large for each score difference counted: each moved-down
// player who can meet no other moved-down player differs from whoever it
// meets by its lead at least (and by more if it floats on), and the
// resident floaters, one each.
func (s *bracketSearch) lowerBound(pairs, floats int) cost {
	var c cost
	mdps := 0
	var wantW, wantB, strongW, strongB int
	for _, a := range s.pl {
		e := &s.p.es[a]
		if e.score > s.score {
			mdps++
			alone := true
			for _, b := range s.pl {
				if s.p.compat[a][b] && s.p.es[b].score > s.score {
					alone = false
				}
			}
			if alone {
				c.addSD(e.score - s.score)
			}
		}
		switch {
		case e.pref == White && e.str >= strong:
			strongW++
			wantW++
		case e.pref == White:
			wantW++
		case e.pref == Black && e.str >= strong:
			strongB++
			wantB++
		case e.pref == Black:
			wantB++
		}
	}
	for range max(0, floats-mdps) {
		c.addSD(1)
	}
	// A pair satisfies at most one White and one Black preference.
	c[iDenied] = max(0, wantW-floats-pairs, wantB-floats-pairs)
	c[iStrong] = max(0, strongW-floats-pairs, strongB-floats-pairs)
	return c
}

// walk extends the current candidate from the highest unplaced player.
func (s *bracketSearch) walk(pairsLeft, floatsLeft int) {
	if s.done {
		return
	}
	s.nodes++
	if s.nodes > searchBudget {
		s.done = true
		return
	}
	x := 0
	for x < len(s.pl) && s.used[x] {
		x++
	}
	if x == len(s.pl) {
		s.leaf()
		return
	}
	es := s.p.es
	s.used[x] = true
	defer func() { s.used[x] = false }()
	try := func(y int) {
		if s.done || s.used[y] || !s.p.compat[s.pl[x]][s.pl[y]] {
			return
		}
		s.pairWith(x, y, pairsLeft, floatsLeft)
	}
	if pairsLeft > 0 {
		switch {
		case es[s.pl[x]].score > s.score:
			// A moved-down player: residents first, in order, then the
			// other moved-down players.
			for y := x + 1; y < len(s.pl); y++ {
				if es[s.pl[y]].score == s.score {
					try(y)
				}
			}
			for y := x + 1; y < len(s.pl); y++ {
				if es[s.pl[y]].score > s.score {
					try(y)
				}
			}
		default:
			if s.s1 == nil {
				// The remainder: its top pairsLeft players form S1.
				s.s1 = make([]bool, len(s.pl))
				for y, k := x, 0; y < len(s.pl) && k < pairsLeft; y++ {
					if !s.used[y] || y == x {
						s.s1[y] = true
						k++
					}
				}
				defer func() { s.s1 = nil }()
			}
			if s.s1[x] {
				// S2 in order (transpositions), then S1 from the bottom
				// (exchanges).
				for y := x + 1; y < len(s.pl); y++ {
					if !s.s1[y] {
						try(y)
					}
				}
				for y := len(s.pl) - 1; y > x; y-- {
					if s.s1[y] {
						try(y)
					}
				}
			} else {
				for y := x + 1; y < len(s.pl); y++ {
					try(y)
				}
			}
		}
	}
	if floatsLeft > 0 && !s.done {
		e := &es[s.pl[x]]
		if s.last && !e.byeOK {
			return
		}
		saved := s.cur
		s.cur.addSD(e.score - s.score + 1)
		if e.score == s.score {
			// A resident's downfloat; a moved-down player's was counted
			// in the bracket it came from.
			s.cur = s.cur.add(floatCost(e.down, iDown1, iDown2))
		}
		if !s.found || s.cur.less(s.best) {
			s.floats = append(s.floats, s.pl[x])
			s.walk(pairsLeft, floatsLeft-1)
			s.floats = s.floats[:len(s.floats)-1]
		}
		s.cur = saved
	}
}

// pairWith tries x (higher ranked) against y and searches on.
func (s *bracketSearch) pairWith(x, y, pairsLeft, floatsLeft int) {
	a, b := s.pl[x], s.pl[y]
	ea, eb := &s.p.es[a], &s.p.es[b]
	ca, cb := Black, White
	if aWhite(ea, eb, s.p.initial) {
		ca, cb = White, Black
	}
	la, da, sa := colourCost(ea, ca)
	lb, db, sb := colourCost(eb, cb)
	saved := s.cur
	s.cur.addSD(ea.score - eb.score)
	s.cur[iLimits] += la + lb
	s.cur[iDenied] += da + db
	s.cur[iStrong] += sa + sb
	if ea.score > eb.score {
		// b floats up; a's downfloat was counted when it left its bracket.
		s.cur = s.cur.add(floatCost(eb.up, iUp1, iUp2))
	}
	if !s.found || s.cur.less(s.best) {
		s.used[y] = true
		s.pairs = append(s.pairs, [2]int{a, b})
		s.walk(pairsLeft-1, floatsLeft)
		s.pairs = s.pairs[:len(s.pairs)-1]
		s.used[y] = false
	}
	s.cur = saved
}

// leaf takes a complete candidate if it beats the best so far and the
// rest of the round can still be paired after it.
func (s *bracketSearch) leaf() {
	if s.found && !s.cur.less(s.best) {
		return
	}
	if !s.last {
		s.nodes += checkCost
		rest := append(append([]int(nil), s.floats...), s.lower...)
		if !s.p.completable(rest) {
			return
		}
	}
	s.found = true
	s.best = s.cur
	s.bestPairs = append([][2]int(nil), s.pairs...)
	s.bestFloats = append([]int(nil), s.floats...)
	if !s.lb.less(s.cur) {
		s.done = true
	}
}
