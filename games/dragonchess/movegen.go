package dragonchess

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

// testEveryMove makes generate test every move by making it, as a
// reference for tests of the shortcut.
var testEveryMove = false

// alwaysTest marks kinds whose every move must be tested: the King, and the
// Basilisk, whose leaving can unfreeze an enemy piece.
var alwaysTest = [kindCount]bool{king: true, basilisk: true}

// generate appends the legal moves of the side to move, ignoring the draw
// rules; with noisy only captures and promotions.
func (p *Position) generate(dst []game.Move, noisy bool) []game.Move {
	us := p.side
	r := p.r
	check := p.analyze() || testEveryMove
	st := p.stamp
	frozenBy := code(basilisk, us^1)
	n := p.n[us]
	for j := 0; j < n; j++ {
		from := int(p.list[us][j])
		pc := p.b[from]
		if p.b[r.below[from]] == frozenBy {
			continue
		}
		test := check || alwaysTest[kindOf(pc)] || p.mark[from] == st
		es := r.moveList[pc][from]
		for i := 0; i < len(es); i++ {
			e := es[i]
			t := p.b[e.to()]
			if t == 0 {
				if noisy && r.promoted[pc][e.to()] == pc {
					continue
				}
				if e.mode() != modeCapture && p.b[e.cond()] == 0 {
					m := game.Move(uint32(from) | e.bits())
					if !test || p.safeAfter(m) {
						dst = append(dst, m)
					}
				}
				continue
			}
			i += e.skip()
			if int(t&1) != us && e.mode() != modeMove && p.b[e.cond()] == 0 {
				m := game.Move(uint32(from) | e.bits())
				if (!test && (e.bits()&afarBit == 0 || p.mark[e.to()] != st)) || p.safeAfter(m) {
					dst = append(dst, m)
				}
			}
		}
	}
	if p.ep != noSq {
		dst = p.epCaptures(dst)
	}
	return dst
}

// epCaptures appends the en-passant captures of the Dragon on p.ep by any
// Sylph of the side to move on the Sky, except the one whose ordinary
// capture already reaches it.
func (p *Position) epCaptures(dst []game.Move) []game.Move {
	for j := 0; j < p.n[p.side]; j++ {
		if m, ok := p.epCapture(int(p.list[p.side][j])); ok {
			dst = append(dst, m)
		}
	}
	return dst
}

// epCapture returns the legal en-passant capture by the piece on from, if
// it has one.
func (p *Position) epCapture(from int) (game.Move, bool) {
	us := p.side
	if p.b[from] != code(sylph, us) || levelOf(from) != lvSky ||
		square(lvSky, fileOf(from), rankOf(from)+forward(us)) == p.ep {
		return game.NoMove, false
	}
	m := game.Move(uint32(from) | uint32(p.ep)<<9)
	return m, p.safeAfter(m)
}

// anyLegal reports whether the side to move has a legal move, stopping at
// the first one found (the search asks this at every node).
func (p *Position) anyLegal() bool {
	us := p.side
	r := p.r
	frozenBy := code(basilisk, us^1)
	for j := 0; j < p.n[us]; j++ {
		from := int(p.list[us][j])
		if p.b[r.below[from]] == frozenBy {
			continue
		}
		es := r.moveList[p.b[from]][from]
		for i := 0; i < len(es); i++ {
			e := es[i]
			t := p.b[e.to()]
			var ok bool
			if t == 0 {
				ok = e.mode() != modeCapture
			} else {
				i += e.skip()
				ok = int(t&1) != us && e.mode() != modeMove
			}
			if ok && p.b[e.cond()] == 0 && p.safeAfter(game.Move(uint32(from)|e.bits())) {
				return true
			}
		}
		if p.ep != noSq {
			if _, ok := p.epCapture(from); ok {
				return true
			}
		}
	}
	return false
}

// LegalMoves appends every legal move; none when the game is over.
func (p *Position) LegalMoves(dst []game.Move) []game.Move {
	if p.drawnByRule() != "" {
		return dst
	}
	return p.generate(dst, false)
}
