package dungeon

import (
	"math/bits"

	"wyrm/game"
)

// fileRank returns the map coordinates of mailbox square b.
func (m *Map) fileRank(b int) (int, int) {
	return int(m.file[b]), int(m.rank[b])
}

func iabs(x int) int {
	if x < 0 {
		return -x
	}
	return x
}

func sign(x int) int {
	switch {
	case x > 0:
		return 1
	case x < 0:
		return -1
	}
	return 0
}

// canCapture reports whether unit id, by its attack pattern or the Fragile
// rule, could capture the enemy unit on t now. Hex and intimidation are the
// caller's business.
func (p *Position) canCapture(id uint8, t int) bool {
	m := p.m
	u := &p.units[id]
	tid := p.board[t]
	if tid == 0 {
		return false
	}
	target := &p.units[tid-1]
	if target.owner == u.owner {
		return false
	}
	from := int(u.sq)
	ff, fr := m.fileRank(from)
	tf, tr := m.fileRank(t)
	df, dr := tf-ff, tr-fr
	adf, adr := iabs(df), iabs(dr)
	pat := kinds[u.kind].attack
	ok := false
	switch {
	case adf <= 1 && adr <= 1:
		ok = target.kind == Skeleton ||
			(adf+adr == 1 && pat&(pStepO|pSlideO|pPhase) != 0) ||
			(adf+adr == 2 && pat&(pStepD|pSlideD) != 0)
	case (adf == 1 && adr == 2) || (adf == 2 && adr == 1):
		ok = pat&pLeap != 0
	default:
		if df != 0 && dr != 0 && adf != adr {
			return false
		}
		d := sign(df) + sign(dr)*m.w
		mid := from + d
		midEmpty := m.terrain[mid] == tFloor && p.board[mid] == 0
		if adf+adr == 2 && pat&pOrc2 != 0 && midEmpty {
			ok = true
		} else if adf == 2 && adr == 2 && pat&pGapD != 0 && midEmpty {
			ok = true
		} else if df == 0 || dr == 0 {
			ok = (pat&pSlideO != 0 && p.clearSlide(from, t, d)) ||
				(pat&pCannon != 0 && target.kind != IronGolem && cannonTarget(&m.terrain, &p.board, from, d) == t) ||
				(pat&pPhase != 0 && p.phaseTarget(from, d, u.owner) == t)
		} else {
			ok = pat&pSlideD != 0 && p.clearSlide(from, t, d)
		}
	}
	if ok && u.kind == Salamander && target.kind != Demonics {
		ok = p.hasRetreat(target, t)
	}
	return ok
}

// clearSlide reports whether every square strictly between from and t
// along d is empty floor.
func (p *Position) clearSlide(from, t, d int) bool {
	for s := from + d; s != t; s += d {
		if p.m.terrain[s] != tFloor || p.board[s] != 0 {
			return false
		}
	}
	return true
}

// hasRetreat reports whether a Salamander capturing target on t would have
// an empty floor square next to t to step to.
func (p *Position) hasRetreat(target *unit, t int) bool {
	pushed := p.pushSquare(target, t)
	for _, d := range p.m.queen {
		r := t + d
		if p.m.terrain[r] == tFloor && p.board[r] == 0 && r != pushed {
			return true
		}
	}
	return false
}

// threatens reports whether any unit of a live seat in mask, free to act,
// could capture the unit on t.
func (p *Position) threatens(mask uint8, t int) bool {
	m := p.m
	words := uint(m.words)
	// The bitsets of the squares from which each attack class might
	// reach t: one test per unit rejects nearly all of them.
	reach := m.reach[uint(t)*numClasses*words : (uint(t)+1)*numClasses*words]
	for mk := mask & p.live; mk != 0; mk &= mk - 1 {
		st := &p.seats[bits.TrailingZeros8(mk)&(game.MaxPlayers-1)]
		// A mask of the seat's units (at most maxArmy) that might reach
		// t, made without a branch per unit and four units a loop: the
		// units past the seat's end (others', or none) are masked off.
		var cand uint64
		first, n := uint(st.first), uint(st.end-st.first)
		for i := uint(0); i < n; i += 4 {
			k := first + i
			cand |= (mayReach(reach, words, &p.units[k&(maxUnits-1)]) |
				mayReach(reach, words, &p.units[(k+1)&(maxUnits-1)])<<1 |
				mayReach(reach, words, &p.units[(k+2)&(maxUnits-1)])<<2 |
				mayReach(reach, words, &p.units[(k+3)&(maxUnits-1)])<<3) << (i & 31)
		}
		cand &= 1<<n - 1
		for ; cand != 0; cand &= cand - 1 {
			id := st.first + uint8(bits.TrailingZeros64(cand))
			u := &p.units[id]
			if u.alive && u.hexLeft == 0 && p.canCapture(id, t) && !p.intimidated(int(u.sq), u.owner) {
				return true
			}
		}
	}
	return false
}

// mayReach is 1 when unit u's attack class might reach the square whose
// reach bitsets are given (see Map.reach), else 0.
func mayReach(reach []uint64, words uint, u *unit) uint64 {
	b := uint(uint16(u.sq))
	return reach[uint(attackClass[u.kind&31])*words+b>>6] >> (b & 63) & 1
}

// inCheck reports whether seat s's King could be captured, or destroyed by
// an explosion, by an enemy acting now. A seat without a King is in check.
func (p *Position) inCheck(s int) bool {
	k := p.kingSq(s)
	if k < 0 {
		return true
	}
	enemies := p.live &^ (1 << s)
	if p.threatens(enemies, k) {
		return true
	}
	return p.live3() && p.explosionThreat(s, k)
}

// live3 reports whether three or more seats are live, the only case where
// a third party's capture of a Demonics can destroy a King.
func (p *Position) live3() bool { return p.live&(p.live-1)&(p.live&(p.live-1)-1) != 0 }

// explosionThreat reports whether an enemy Demonics next to k could be
// captured by a seat other than its owner and s.
func (p *Position) explosionThreat(s, k int) bool {
	for _, d := range p.m.queen {
		if id := p.board[k+d]; id != 0 {
			if u := &p.units[id-1]; u.kind == Demonics && int(u.owner) != s {
				if p.threatens(p.live&^(1<<s|1<<u.owner), k+d) {
					return true
				}
			}
		}
	}
	return false
}

// nearEnemyDemonics reports whether an enemy Demonics stands next to k.
func (p *Position) nearEnemyDemonics(s, k int) bool {
	for _, d := range p.m.queen {
		if id := p.board[k+d]; id != 0 {
			if u := &p.units[id-1]; u.kind == Demonics && int(u.owner) != s {
				return true
			}
		}
	}
	return false
}
