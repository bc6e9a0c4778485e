package dungeon

import "wyrm/game"

// danger says which of the mover's moves could expose its King. Leaps and
// steps against the King do not depend on other squares, so besides
// captures and King or Ogre moves only these can: a move from or to a line
// through the King on which an enemy line attacker (slide, cannon, Tomb,
// Orc double step, gapped diagonal) stands, since it may open the line,
// make or take away a cannon screen or a Tomb's friend, or fill or empty
// the gap square; and, with an enemy Salamander a leap away, a move from or
// to a square next to the King, its possible retreat.
type danger struct {
	all  bool  // test every move (in check, or an explosion is near)
	dirs uint8 // directions from the King with an enemy line attacker
	near bool  // an enemy Salamander is a leap away
}

const (
	lineOrtho = pSlideO | pCannon | pPhase | pOrc2
	lineDiag  = pSlideD | pGapD
)

// findDanger fills dz for seat s's King on k.
func (p *Position) findDanger(s, k int, dz *danger) {
	m := p.m
	kf, kr := int(m.file[k]), int(m.rank[k])
	for q := 0; q < p.n; q++ {
		if q == s || !p.isLive(q) {
			continue
		}
		st := &p.seats[q]
		for id := st.first; id < st.end; id++ {
			u := &p.units[id]
			if !u.alive || u.hexLeft > 0 {
				continue
			}
			pat := kinds[u.kind].attack
			df, dr := int(m.file[u.sq])-kf, int(m.rank[u.sq])-kr
			switch {
			case df == 0 || dr == 0:
				if pat&lineOrtho != 0 && m.onLine(k, int(u.sq)) {
					dz.dirs |= dirMask(df, dr)
				}
			case df == dr || df == -dr:
				if pat&lineDiag != 0 && m.onLine(k, int(u.sq)) {
					dz.dirs |= dirMask(df, dr)
				}
			case u.kind == Salamander && iabs(df)+iabs(dr) == 3 && iabs(df) <= 2 && iabs(dr) <= 2:
				dz.near = true
			}
		}
	}
}

// dirMask is the bit of the direction (df, dr) points in, one of eight.
func dirMask(df, dr int) uint8 {
	i := (sign(df)+1)*3 + sign(dr) + 1 // 0..8, 4 is no direction
	if i > 4 {
		i--
	}
	return 1 << uint(i)
}

// needsTest reports whether mv, by a seat not in check, could expose its
// King on k (see danger).
func (p *Position) needsTest(mv game.Move, k int, dz *danger) bool {
	if mType(mv) != mtMove {
		// A hex changes no square and only takes threats away, so it can
		// leave the King in check only when it is in check already.
		return dz.all
	}
	if dz.all {
		return true
	}
	from, to := mFrom(mv), mTo(mv)
	if p.board[to] != 0 {
		return true
	}
	kd := p.units[p.board[from]-1].kind
	if kd == Ogre || kd.Role() == King {
		return true
	}
	m := p.m
	if dz.dirs != 0 {
		kf, kr := int(m.file[k]), int(m.rank[k])
		if m.onLine(k, from) && dz.dirs&dirMask(int(m.file[from])-kf, int(m.rank[from])-kr) != 0 {
			return true
		}
		if m.onLine(k, to) && dz.dirs&dirMask(int(m.file[to])-kf, int(m.rank[to])-kr) != 0 {
			return true
		}
	}
	return dz.near && (isAdjacent(m, k, from) || isAdjacent(m, k, to))
}

// trialOnBoard tests the common moves without Play: a move onto an empty
// square, or a capture that simply removes its target (not a King, not an
// unwounded Troll, not a Demonics). Such a move changes only the mover's
// square and the target's presence, and Play's bookkeeping (hash, history,
// hex counters) does not affect check. done is false for other moves.
func (p *Position) trialOnBoard(mv game.Move, s int) (ok, done bool) {
	from, to := mFrom(mv), mTo(mv)
	id := p.board[from]
	u := &p.units[id-1]
	tid := p.board[to]
	if tid == 0 {
		p.board[from], p.board[to], u.sq = 0, id, int16(to)
		ok = !p.inCheck(s)
		p.board[from], p.board[to], u.sq = id, 0, int16(from)
		return ok, true
	}
	t := &p.units[tid-1]
	if t.kind == Demonics || t.kind.Role() == King || (t.kind == Troll && !t.wounded) {
		return false, false
	}
	dest := to
	if r := mRetreat(mv); r != 0 {
		dest = r
	}
	t.alive = false
	if t.kind == Ogre {
		p.loseOgre(t.owner)
	}
	p.board[from], p.board[to] = 0, 0
	p.board[dest], u.sq = id, int16(dest)
	ok = !p.inCheck(s)
	p.board[dest] = 0
	p.board[to], p.board[from], u.sq = tid, id, int16(from)
	if t.kind == Ogre {
		p.gainOgre(t.owner)
	}
	t.alive = true
	return ok, true
}

// trialHex tests a hex without Play. A hex moves nothing, and of what Play
// does only the target's freeze bears on the mover's check: the spent hex
// and the mover's own hex counters concern its own units, which never
// threaten its King.
func (p *Position) trialHex(mv game.Move, s int) bool {
	t := &p.units[p.board[mTo(mv)]-1]
	prev := t.hexLeft
	t.hexLeft = hexTurns
	ok := !p.inCheck(s)
	t.hexLeft = prev
	return ok
}
