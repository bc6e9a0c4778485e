package dragonchess

// Attack detection and the legality test of single moves.

import "wyrm/game"

// attacked reports whether colour by attacks square t: some unfrozen piece
// of by could capture on t if it were by's move.
func (p *Position) attacked(t, by int) bool {
	r := p.r
	idx := r.revIdx[by][t]
	es := r.rev[by][idx[0]:idx[1]]
	frozenBy := code(basilisk, by^1)
	for i := 0; i < len(es); i++ {
		e := &es[i]
		pc := p.b[e.sq]
		if pc == 0 {
			continue
		}
		i += int(e.skip)
		if e.mask>>pc&1 != 0 && p.b[e.cond] == 0 && p.b[r.below[e.sq]] != frozenBy {
			return true
		}
	}
	return false
}

// analyze prepares legality testing for the side to move: it reports
// whether that side is in check and marks, with a new stamp, every square
// whose emptying might uncover its King: a lone blocker between the King
// and an enemy piece that attacks along that line, and an occupied square
// that alone keeps an enemy Elemental from reaching the King.
func (p *Position) analyze() bool {
	p.stamp++
	if p.stamp == 0 {
		p.mark = [boardLen]uint32{}
		p.stamp = 1
	}
	st := p.stamp
	us := p.side
	by := us ^ 1
	t := p.king[us]
	r := p.r
	idx := r.revIdx[by][t]
	es := r.rev[by][idx[0]:idx[1]]
	frozenBy := code(basilisk, us)
	check := false
	for i := 0; i < len(es); i++ {
		e := &es[i]
		pc := p.b[e.sq]
		if pc == 0 {
			continue
		}
		attacker := e.mask>>pc&1 != 0 && p.b[r.below[e.sq]] != frozenBy
		if attacker {
			if p.b[e.cond] == 0 {
				check = true
			} else {
				p.mark[e.cond] = st
			}
		}
		if e.ray && !attacker {
			// Look behind the blocker for a piece attacking along the line.
			for j := i + 1; j <= i+int(e.skip); j++ {
				f := &es[j]
				q := p.b[f.sq]
				if q == 0 {
					continue
				}
				if f.mask>>q&1 != 0 && p.b[r.below[f.sq]] != frozenBy {
					p.mark[e.sq] = st
				}
				break
			}
		}
		i += int(e.skip)
	}
	return check
}

// InCheck reports whether the side to move is in check.
func (p *Position) InCheck() bool {
	return p.attacked(p.king[p.side], p.side^1)
}

// safeAfter makes m on the board only, tests whether the mover's King is
// then attacked, and takes m back.
func (p *Position) safeAfter(m game.Move) bool {
	from, to := int(m&511), int(m>>9&511)
	us := p.side
	if m&afarBit != 0 {
		v := p.b[to]
		p.b[to] = 0
		ok := !p.attacked(p.king[us], us^1)
		p.b[to] = v
		return ok
	}
	pc, cp := p.b[from], p.b[to]
	p.b[to], p.b[from] = pc, 0
	k := p.king[us]
	if k == from {
		k = to
	}
	ok := !p.attacked(k, us^1)
	p.b[from], p.b[to] = pc, cp
	return ok
}
