package dungeon

import (
	"math/bits"

	"wyrm/game"
)

// intimidated reports whether the unit on b, owned by s, stands next to an
// enemy Ogre and so cannot capture. The test of the seats with Ogres is
// inlined; the look around b is made only when an enemy has one.
func (p *Position) intimidated(b int, s uint8) bool {
	return p.ogreSeats&^(1<<s) != 0 && p.nextToOgre(b, s)
}

// nextToOgre reports whether an Ogre of a seat other than s stands next to
// b. Not inlined, so that intimidated is.
//
//go:noinline
func (p *Position) nextToOgre(b int, s uint8) bool {
	m := p.m
	for mk := m.floorQ[b]; mk != 0; mk &= mk - 1 {
		if id := p.board[b+m.queen[bits.TrailingZeros8(mk)]]; id != 0 {
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
	if capturesOnly {
		return p.genCaptures(dst, st.first, st.end)
	}
	for id := st.first; id < st.end; id++ {
		u := &p.units[id]
		if !u.alive || u.hexLeft > 0 {
			continue
		}
		dst = p.genQuiet(dst, int(u.sq), kinds[u.kind].move)
		dst = p.genCaptures(dst, id, id+1)
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
	if !capturesOnly {
		dst = p.genQuiet(dst, from, kinds[u.kind].move)
	}
	return p.genCaptures(dst, id, id+1)
}

// genQuiet appends moves onto empty floor by pattern pat. The directions
// are those of the pattern whose first square is floor (see dirMasks), in
// the order of Map.queen and Map.leaps; a square is empty floor when its
// terrain and occupant codes are both zero.
func (p *Position) genQuiet(dst []game.Move, from int, pat uint16) []game.Move {
	m := p.m
	terr := &m.terrain
	board := &p.board
	dm := &patDirs[pat&511]
	fq := m.floorQ[from]
	for mk := dm.step & fq; mk != 0; mk &= mk - 1 {
		if s := from + m.queen[bits.TrailingZeros8(mk)]; board[s] == 0 {
			dst = append(dst, mkMove(from, s))
		}
	}
	for mk := dm.slide & fq; mk != 0; mk &= mk - 1 {
		d := m.queen[bits.TrailingZeros8(mk)]
		for s := from + d; terr[s]|board[s] == 0; s += d {
			dst = append(dst, mkMove(from, s))
		}
	}
	for mk := dm.leap & m.floorL[from]; mk != 0; mk &= mk - 1 {
		if s := from + m.leaps[bits.TrailingZeros8(mk)]; board[s] == 0 {
			dst = append(dst, mkMove(from, s))
		}
	}
	for mk := dm.jump & fq; mk != 0; mk &= mk - 1 {
		d := m.queen[bits.TrailingZeros8(mk)]
		if s := from + d; board[s] == 0 && terr[s+d]|board[s+d] == 0 {
			dst = append(dst, mkMove(from, s+d))
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

// genCaptures appends the captures of the units first to end-1 that are
// alive and not hexed, unit by unit: none for a unit an enemy Ogre
// intimidates; otherwise those of its attack pattern, looping over
// directions as genQuiet does, and then those of adjacent enemy Skeletons
// by the Fragile rule, which the pattern's captures leave out so that none
// is listed twice. Against enemies with Ogres or Skeletons one look at the
// neighbours finds the Ogres, the Skeletons and the step captures. It takes
// a range so that a seat's captures cost one call, not one per unit.
func (p *Position) genCaptures(dst []game.Move, first, end uint8) []game.Move {
	m := p.m
	terr := &m.terrain
	board := &p.board
units:
	for id := first; id < end; id++ {
		u := &p.units[id]
		if !u.alive || u.hexLeft > 0 {
			continue
		}
		from := int(u.sq)
		base := len(dst)
		pat := kinds[u.kind].attack
		dm := &patDirs[pat&511]
		fq := m.floorQ[from]
		owner := u.owner
		var skel uint8 // directions of adjacent enemy Skeletons
		if (p.skeletons|p.ogreSeats)&^(1<<owner) == 0 {
			for mk := dm.step & fq; mk != 0; mk &= mk - 1 {
				if s := from + m.queen[bits.TrailingZeros8(mk)]; p.enemy(owner, s, true) {
					dst = append(dst, mkMove(from, s))
				}
			}
		} else {
			var foe uint8 // directions of other adjacent enemies
			for mk := fq; mk != 0; mk &= mk - 1 {
				i := bits.TrailingZeros8(mk)
				tid := board[from+m.queen[i]]
				if tid == 0 {
					continue
				}
				t := &p.units[tid-1]
				switch {
				case t.owner == owner:
				case t.kind == Ogre:
					continue units // intimidated
				case t.kind == Skeleton:
					skel |= 1 << i
				default:
					foe |= 1 << i
				}
			}
			for mk := dm.step & foe; mk != 0; mk &= mk - 1 {
				dst = append(dst, mkMove(from, from+m.queen[bits.TrailingZeros8(mk)]))
			}
		}
		for mk := dm.slide & fq; mk != 0; mk &= mk - 1 {
			d := m.queen[bits.TrailingZeros8(mk)]
			s := from + d
			for terr[s]|board[s] == 0 {
				s += d
			}
			if terr[s] == tFloor && p.enemy(owner, s, s == from+d) {
				dst = append(dst, mkMove(from, s))
			}
		}
		for mk := dm.leap & m.floorL[from]; mk != 0; mk &= mk - 1 {
			if s := from + m.leaps[bits.TrailingZeros8(mk)]; p.enemy(owner, s, false) {
				dst = append(dst, mkMove(from, s))
			}
		}
		for mk := dm.jump & fq; mk != 0; mk &= mk - 1 {
			d := m.queen[bits.TrailingZeros8(mk)]
			if s := from + d; board[s] == 0 && p.enemy(owner, s+d, false) {
				dst = append(dst, mkMove(from, s+d))
			}
		}
		if pat&pCannon != 0 {
			for _, d := range m.ortho {
				if s := cannonTarget(terr, board, from, d); s >= 0 && p.enemy(owner, s, false) &&
					p.units[board[s]-1].kind != IronGolem {
					dst = append(dst, mkMove(from, s))
				}
			}
		}
		if pat&pPhase != 0 {
			for _, d := range m.ortho {
				if s := p.phaseTarget(from, d, u.owner); s >= 0 && p.enemy(owner, s, s == from+d) {
					dst = append(dst, mkMove(from, s))
				}
			}
		}
		for mk := skel; mk != 0; mk &= mk - 1 {
			dst = append(dst, mkMove(from, from+m.queen[bits.TrailingZeros8(mk)]))
		}
		if u.kind == Salamander && len(dst) > base {
			dst = p.addRetreats(dst, base)
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

// addRetreats expands the Salamander's captures in dst[base:], listed as
// plain moves, into one move per retreat square each (none: no move), in
// the same order. The generators list a capture as a plain move and leave
// the Salamander, which few armies have, to this pass, so that the common
// capture costs no call.
func (p *Position) addRetreats(dst []game.Move, base int) []game.Move {
	var caps [64]game.Move
	n := copy(caps[:], dst[base:])
	dst = dst[:base]
	for _, mv := range caps[:n] {
		from, to := mFrom(mv), mTo(mv)
		t := &p.units[p.board[to]-1]
		if t.kind == Demonics {
			// The explosion destroys the Salamander on the spot: no retreat.
			dst = append(dst, mv)
			continue
		}
		pushed := p.pushSquare(t, to)
		for _, d := range p.m.queen {
			r := to + d
			if p.m.terrain[r] == tFloor && p.board[r] == 0 && r != pushed {
				dst = append(dst, mkRetreat(from, to, r))
			}
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
