package dungeon

// Hanging units in games of three or four. Between two of a seat's turns
// every opponent acts once, so of its units under attack it can save at
// most one (by moving it or defending it) before the others are taken.
// The search sees this only as far as it reaches, and with three
// opponents to a round it does not reach far: level 8 left units where one
// opponent or another could take them and lost its army a unit at a time
// to seats that simply take what hangs.

// hangPct is the share of the hanging units' loss (all but the dearest,
// which the seat to move can save) that the evaluation counts.
const hangPct = 75

// hangLoss is what seat s stands to lose to enemy captures, unit by unit:
// the whole value of an undefended unit an enemy can take, and of a
// defended one what it is worth above its cheapest attacker. It returns
// the sum and the largest single loss. Kings are not counted (the check
// rule and the search look after them).
func (p *Position) hangLoss(s int) (sum, top int) {
	st := &p.seats[s]
	w := p.w
	for id := st.first; id < st.end; id++ {
		u := &p.units[id]
		if !u.alive || u.kind.Role() == King {
			continue
		}
		t := int(u.sq)
		cheapest, attacked := p.cheapestAttacker(s, t)
		if !attacked {
			continue
		}
		loss := w.worth(u)
		if p.defended(s, id, t) {
			// A King cannot take a defended unit (it would be in check).
			loss = max(0, loss-cheapest)
		}
		sum += loss
		top = max(top, loss)
	}
	return sum, top
}

// cheapestAttacker reports whether a unit of a live seat other than s,
// free to act, could capture the unit on t, and the least evaluation value
// among those that could (a King counts as dear as anything: it cannot
// take a defended unit).
func (p *Position) cheapestAttacker(s, t int) (cheapest int, attacked bool) {
	m := p.m
	tf, tr := int(m.file[t]), int(m.rank[t])
	cheapest = 1 << 20
	for o := 0; o < p.n; o++ {
		if o == s || !p.isLive(o) {
			continue
		}
		st := &p.seats[o]
		for id := st.first; id < st.end; id++ {
			e := &p.units[id]
			if !e.alive || e.hexLeft > 0 {
				continue
			}
			df, dr := int(m.file[e.sq])-tf, int(m.rank[e.sq])-tr
			if df > 2 || df < -2 || dr > 2 || dr < -2 {
				pat := kinds[e.kind].attack
				if df == 0 || dr == 0 {
					if pat&(pSlideO|pCannon|pPhase) == 0 {
						continue
					}
				} else if df != dr && df != -dr || pat&pSlideD == 0 {
					continue
				}
			}
			if !p.canCapture(id, t) || p.intimidated(int(e.sq), e.owner) {
				continue
			}
			attacked = true
			if e.kind.Role() != King {
				cheapest = min(cheapest, p.w.worth(e))
			}
		}
	}
	return cheapest, attacked
}

// defended reports whether another unit of seat s could take back on t,
// where s's unit id stands: whether it could capture there if an enemy
// stood on t.
func (p *Position) defended(s int, id uint8, t int) bool {
	u := &p.units[id]
	saved := u.owner
	// Posing as the next seat's unit, so that s's units see an enemy.
	u.owner = uint8((s + 1) % p.n)
	def := false
	st := &p.seats[s]
	m := p.m
	tf, tr := int(m.file[t]), int(m.rank[t])
	for d := st.first; d < st.end && !def; d++ {
		f := &p.units[d]
		if d == id || !f.alive || f.hexLeft > 0 {
			continue
		}
		df, dr := int(m.file[f.sq])-tf, int(m.rank[f.sq])-tr
		if df > 2 || df < -2 || dr > 2 || dr < -2 {
			pat := kinds[f.kind].attack
			if df == 0 || dr == 0 {
				if pat&(pSlideO|pCannon|pPhase) == 0 {
					continue
				}
			} else if df != dr && df != -dr || pat&pSlideD == 0 {
				continue
			}
		}
		def = p.canCapture(d, t) && !p.intimidated(int(f.sq), f.owner)
	}
	u.owner = saved
	return def
}
