package dungeon

import "wyrm/game"

// testEveryMove turns off the shortcut in filter, so tests can check it.
var testEveryMove = false

// over reports whether no further move may be played.
func (p *Position) over() bool {
	return p.toMove < 0 || p.quiet >= quietLimit || p.repeated()
}

// repeated reports whether the current position has occurred three times
// with the same seat to move. Only positions since the last capture can
// match, and the seat to move is part of the hash.
func (p *Position) repeated() bool {
	if p.quiet < 4 {
		return false
	}
	n := min(int(p.quiet), len(p.hashes))
	count := 1
	for i := len(p.hashes) - 1; i >= len(p.hashes)-n; i-- {
		if p.hashes[i] == p.hash {
			count++
			if count >= 3 {
				return true
			}
		}
	}
	return false
}

// LegalMoves implements game.Position: the moves the units allow that keep
// the mover's King out of check; all of them when none does (the check rule
// is lifted); a pass when the units allow nothing.
func (p *Position) LegalMoves(dst []game.Move) []game.Move {
	if p.over() {
		return dst
	}
	base := len(dst)
	dst = p.pseudo(dst, false)
	if len(dst) == base {
		return append(dst, passMove)
	}
	return p.filter(dst, base)
}

// filter keeps the moves in dst[base:] that obey the check rule, or all of
// them when none does.
func (p *Position) filter(dst []game.Move, base int) []game.Move {
	s := int(p.toMove)
	k := p.kingSq(s)
	if k < 0 {
		return dst
	}
	var dz danger
	if testEveryMove || p.inCheck(s) || (p.live3() && p.nearEnemyDemonics(s, k)) {
		dz.all = true
	} else {
		p.findDanger(s, k, &dz)
	}
	w := base
	for i := base; i < len(dst); i++ {
		mv := dst[i]
		if p.needsTest(mv, k, &dz) && !p.safeAfter(mv, s) {
			continue
		}
		dst[w] = mv
		w++
	}
	if w == base {
		return dst
	}
	return dst[:w]
}

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
		return false // a hex only takes threats away
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

// safeAfter plays mv and reports whether seat s's King is then neither
// gone nor in check.
func (p *Position) safeAfter(mv game.Move, s int) bool {
	if from, to := mFrom(mv), mTo(mv); mType(mv) == mtMove && p.board[to] == 0 {
		// A move onto an empty square removes nothing and changes only the
		// mover's square: try it on the board alone.
		id := p.board[from]
		u := &p.units[id-1]
		p.board[from], p.board[to], u.sq = 0, id, int16(to)
		ok := !p.inCheck(s)
		p.board[from], p.board[to], u.sq = id, 0, int16(from)
		return ok
	}
	p.Play(mv)
	ok := !p.inCheck(s)
	p.Undo()
	return ok
}

// InCheck implements game.Searchable.
func (p *Position) InCheck() bool {
	if p.toMove < 0 {
		return false
	}
	return p.inCheck(int(p.toMove))
}

// Perft implements game.Perfter.
func (p *Position) Perft(depth int) uint64 {
	if depth <= 0 {
		return 1
	}
	bufs := make([][]game.Move, depth)
	for i := range bufs {
		bufs[i] = make([]game.Move, 0, 512)
	}
	return p.perft(depth, bufs)
}

func (p *Position) perft(depth int, bufs [][]game.Move) uint64 {
	moves := p.LegalMoves(bufs[depth-1][:0])
	bufs[depth-1] = moves[:0]
	if depth == 1 {
		return uint64(len(moves))
	}
	var n uint64
	for _, mv := range moves {
		p.Play(mv)
		n += p.perft(depth-1, bufs)
		p.Undo()
	}
	return n
}
