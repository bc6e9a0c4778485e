package dungeon

import "wyrm/game"

// enemyOgres reports whether any seat other than s has a living Ogre.
func (p *Position) enemyOgres(s uint8) bool {
	for i := 0; i < p.n; i++ {
		if uint8(i) != s && p.ogres[i] > 0 {
			return true
		}
	}
	return false
}

// intimidated reports whether the unit on b, owned by s, stands next to an
// enemy Ogre and so cannot capture.
func (p *Position) intimidated(b int, s uint8) bool {
	if !p.enemyOgres(s) {
		return false
	}
	for _, d := range p.m.queen {
		if id := p.board[b+d]; id != 0 {
			if v := &p.units[id-1]; v.kind == Ogre && v.owner != s {
				return true
			}
		}
	}
	return false
}

// pseudo appends the moves of seat s's units by their patterns, before the
// check rule. With capturesOnly it appends captures alone.
func (p *Position) pseudo(dst []game.Move, capturesOnly bool) []game.Move {
	s := p.toMove
	st := &p.seats[s]
	for id := st.first; id < st.end; id++ {
		u := &p.units[id]
		if !u.alive || u.hexLeft > 0 {
			continue
		}
		dst = p.genUnit(dst, id, capturesOnly)
	}
	if capturesOnly {
		return dst
	}
	// Hexes come last: one per unspent, unhexed Shaman and enemy unit.
	for id := st.first; id < st.end; id++ {
		u := &p.units[id]
		if !u.alive || u.kind != Shaman || u.hexUsed || u.hexLeft > 0 {
			continue
		}
		for v := 0; v < p.nUnits; v++ {
			t := &p.units[v]
			if t.alive && t.owner != uint8(s) {
				dst = append(dst, mkHex(int(u.sq), int(t.sq)))
			}
		}
	}
	return dst
}

// genUnit appends the moves and captures of one unit.
func (p *Position) genUnit(dst []game.Move, id uint8, capturesOnly bool) []game.Move {
	u := &p.units[id]
	from := int(u.sq)
	info := &kinds[u.kind]
	if !capturesOnly {
		dst = p.genQuiet(dst, from, info.move)
	}
	if p.intimidated(from, u.owner) {
		return dst
	}
	dst = p.genAttacks(dst, u, from, info.attack)
	if p.skeletons&^(1<<u.owner) == 0 {
		return dst
	}
	return p.genFragile(dst, u, from)
}

// genFragile appends captures of every adjacent enemy Skeleton, whatever
// the attack pattern; genAttacks leaves those out so none is listed twice.
func (p *Position) genFragile(dst []game.Move, u *unit, from int) []game.Move {
	for _, d := range p.m.queen {
		if tid := p.board[from+d]; tid != 0 {
			if t := &p.units[tid-1]; t.kind == Skeleton && t.owner != u.owner {
				dst = p.addCapture(dst, u, from, from+d)
			}
		}
	}
	return dst
}

// genQuiet appends moves onto empty floor by pattern pat.
func (p *Position) genQuiet(dst []game.Move, from int, pat uint16) []game.Move {
	m := p.m
	terr := &m.terrain
	board := &p.board
	if pat&pStepO != 0 && pat&pSlideO == 0 {
		for _, d := range m.ortho {
			if s := from + d; terr[s] == tFloor && board[s] == 0 {
				dst = append(dst, mkMove(from, s))
			}
		}
	}
	if pat&pStepD != 0 && pat&pSlideD == 0 {
		for _, d := range m.diag {
			if s := from + d; terr[s] == tFloor && board[s] == 0 {
				dst = append(dst, mkMove(from, s))
			}
		}
	}
	if pat&pSlideO != 0 {
		for _, d := range m.ortho {
			for s := from + d; terr[s] == tFloor && board[s] == 0; s += d {
				dst = append(dst, mkMove(from, s))
			}
		}
	}
	if pat&pSlideD != 0 {
		for _, d := range m.diag {
			for s := from + d; terr[s] == tFloor && board[s] == 0; s += d {
				dst = append(dst, mkMove(from, s))
			}
		}
	}
	if pat&pLeap != 0 {
		for _, d := range m.leaps {
			if s := from + d; terr[s] == tFloor && board[s] == 0 {
				dst = append(dst, mkMove(from, s))
			}
		}
	}
	if pat&pOrc2 != 0 {
		for _, d := range m.ortho {
			if s := from + d; terr[s] == tFloor && board[s] == 0 {
				if s2 := s + d; terr[s2] == tFloor && board[s2] == 0 {
					dst = append(dst, mkMove(from, s2))
				}
			}
		}
	}
	if pat&pGapD != 0 {
		for _, d := range m.diag {
			if s := from + d; terr[s] == tFloor && board[s] == 0 {
				if s2 := s + d; terr[s2] == tFloor && board[s2] == 0 {
					dst = append(dst, mkMove(from, s2))
				}
			}
		}
	}
	return dst
}

// enemy reports whether the unit on s belongs to a seat other than owner
// and is one the attack pattern (not the Fragile rule) should capture: a
// Skeleton next to the attacker (adjacent, which each caller knows from its
// pattern) is left to the Fragile pass. Small enough to be inlined, which
// matters most in the browser's WebAssembly, where a call costs more.
func (p *Position) enemy(owner uint8, s int, adjacent bool) bool {
	id := p.board[s]
	if id == 0 {
		return false
	}
	t := &p.units[id-1]
	return t.owner != owner && (!adjacent || t.kind != Skeleton)
}

func isAdjacent(m *Map, a, b int) bool {
	d := a - b
	return d == 1 || d == -1 || d == m.w || d == -m.w || d == m.w+1 || d == m.w-1 || d == -m.w+1 || d == -m.w-1
}

// genAttacks appends captures by pattern pat.
func (p *Position) genAttacks(dst []game.Move, u *unit, from int, pat uint16) []game.Move {
	m := p.m
	terr := &m.terrain
	board := &p.board
	if pat&pStepO != 0 && pat&pSlideO == 0 {
		for _, d := range m.ortho {
			if s := from + d; p.enemy(u.owner, s, true) {
				dst = p.addCapture(dst, u, from, s)
			}
		}
	}
	if pat&pStepD != 0 && pat&pSlideD == 0 {
		for _, d := range m.diag {
			if s := from + d; p.enemy(u.owner, s, true) {
				dst = p.addCapture(dst, u, from, s)
			}
		}
	}
	if pat&pSlideO != 0 {
		for _, d := range m.ortho {
			s := from + d
			for terr[s] == tFloor && board[s] == 0 {
				s += d
			}
			if terr[s] == tFloor && p.enemy(u.owner, s, s == from+d) {
				dst = p.addCapture(dst, u, from, s)
			}
		}
	}
	if pat&pSlideD != 0 {
		for _, d := range m.diag {
			s := from + d
			for terr[s] == tFloor && board[s] == 0 {
				s += d
			}
			if terr[s] == tFloor && p.enemy(u.owner, s, s == from+d) {
				dst = p.addCapture(dst, u, from, s)
			}
		}
	}
	if pat&pLeap != 0 {
		for _, d := range m.leaps {
			if s := from + d; terr[s] == tFloor && p.enemy(u.owner, s, false) {
				dst = p.addCapture(dst, u, from, s)
			}
		}
	}
	if pat&pOrc2 != 0 {
		for _, d := range m.ortho {
			if s := from + d; terr[s] == tFloor && board[s] == 0 {
				if s2 := s + d; p.enemy(u.owner, s2, false) {
					dst = p.addCapture(dst, u, from, s2)
				}
			}
		}
	}
	if pat&pGapD != 0 {
		for _, d := range m.diag {
			if s := from + d; terr[s] == tFloor && board[s] == 0 {
				if s2 := s + d; p.enemy(u.owner, s2, false) {
					dst = p.addCapture(dst, u, from, s2)
				}
			}
		}
	}
	if pat&pCannon != 0 {
		for _, d := range m.ortho {
			if s := cannonTarget(terr, board, from, d); s >= 0 && p.enemy(u.owner, s, false) &&
				p.units[board[s]-1].kind != IronGolem {
				dst = p.addCapture(dst, u, from, s)
			}
		}
	}
	if pat&pPhase != 0 {
		for _, d := range m.ortho {
			if s := p.phaseTarget(from, d, u.owner); s >= 0 && p.enemy(u.owner, s, s == from+d) {
				dst = p.addCapture(dst, u, from, s)
			}
		}
	}
	return dst
}

// cannonTarget returns the square of the first unit beyond exactly one
// screen along direction d, skipping water and stopping at void, or -1.
func cannonTarget(terr *[maxBox]uint8, board *[maxBox]uint8, from, d int) int {
	s := from + d
	for ; terr[s] != tVoid; s += d {
		if board[s] != 0 {
			break
		}
	}
	if terr[s] == tVoid {
		return -1
	}
	for s += d; terr[s] != tVoid; s += d {
		if board[s] != 0 {
			return s
		}
	}
	return -1
}

// phaseTarget returns the square of the first enemy unit along d for a
// Tomb of seat s, passing empty squares, water and at most one friend.
func (p *Position) phaseTarget(from, d int, s uint8) int {
	terr := &p.m.terrain
	friends := 0
	for sq := from + d; terr[sq] != tVoid; sq += d {
		id := p.board[sq]
		if id == 0 {
			continue
		}
		if p.units[id-1].owner != s {
			return sq
		}
		friends++
		if friends > 1 {
			return -1
		}
	}
	return -1
}

// addCapture appends the capture from->to, expanding a Salamander's
// capture into one move per retreat square (none: no move).
func (p *Position) addCapture(dst []game.Move, u *unit, from, to int) []game.Move {
	if u.kind != Salamander {
		return append(dst, mkMove(from, to))
	}
	t := &p.units[p.board[to]-1]
	if t.kind == Demonics {
		// The explosion destroys the Salamander on the spot: no retreat.
		return append(dst, mkMove(from, to))
	}
	pushed := p.pushSquare(t, to)
	for _, d := range p.m.queen {
		r := to + d
		if p.m.terrain[r] == tFloor && p.board[r] == 0 && r != pushed {
			dst = append(dst, mkRetreat(from, to, r))
		}
	}
	return dst
}

// pushSquare returns where a capture on sq pushes unit t: for an unwounded
// Troll with empty floor behind it that square, otherwise -1.
func (p *Position) pushSquare(t *unit, sq int) int {
	if t.kind != Troll || t.wounded {
		return -1
	}
	b := sq + p.seats[t.owner].back
	if p.m.terrain[b] == tFloor && p.board[b] == 0 {
		return b
	}
	return -1
}
