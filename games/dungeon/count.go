package dungeon

import (
	"math/bits"

	"wyrm/game"
)

// countLegal returns len(LegalMoves) without listing most moves: perft's
// bulk count at the last ply. Quiet moves of units that cannot expose the
// King (see danger) are counted, not generated; everything else goes
// through the same generation and test as LegalMoves.
func (p *Position) countLegal(buf []game.Move) (uint64, []game.Move) {
	if p.over() {
		return 0, buf
	}
	s := int(p.toMove)
	k := p.kingSq(s)
	if k < 0 || testEveryMove || p.inCheck(s) || (p.live3() && p.nearEnemyDemonics(s, k)) {
		moves := p.LegalMoves(buf[:0])
		return uint64(len(moves)), moves
	}
	var dz danger
	p.findDanger(s, k, &dz)
	m := p.m
	kf, kr := int(m.file[k]), int(m.rank[k])
	st := &p.seats[s]
	legal, pseudo := 0, 0
	for id := st.first; id < st.end; id++ {
		u := &p.units[id]
		if !u.alive || u.hexLeft > 0 {
			continue
		}
		from := int(u.sq)
		risky := u.kind == Ogre || u.kind.Role() == King ||
			(dz.near && isAdjacent(m, k, from)) ||
			(dz.dirs != 0 && m.onLine(k, from) && dz.dirs&dirMask(int(m.file[from])-kf, int(m.rank[from])-kr) != 0)
		if !risky && !dz.near && dz.dirs == 0 {
			n := p.countQuiet(from, kinds[u.kind].move)
			legal += n
			pseudo += n
			buf = p.genCaptures(buf[:0], id, id+1)
		} else {
			buf = p.genUnit(buf[:0], id, false)
		}
		pseudo += len(buf)
		for _, mv := range buf {
			if !p.needsTest(mv, k, &dz) || p.safeAfter(mv, s) {
				legal++
			}
		}
	}
	// Hexes never need the test when not in check.
	for id := st.first; id < st.end; id++ {
		u := &p.units[id]
		if u.alive && u.kind == Shaman && !u.hexUsed && u.hexLeft == 0 {
			for v := 0; v < p.nUnits; v++ {
				if t := &p.units[v]; t.alive && t.owner != uint8(s) {
					legal++
					pseudo++
				}
			}
		}
	}
	switch {
	case pseudo == 0:
		return 1, buf // pass
	case legal == 0:
		return uint64(pseudo), buf // check rule lifted
	}
	return uint64(legal), buf
}

// countQuiet counts what genQuiet would generate.
func (p *Position) countQuiet(from int, pat uint16) int {
	m := p.m
	terr := &m.terrain
	board := &p.board
	dm := &patDirs[pat&511]
	fq := m.floorQ[from]
	n := 0
	for mk := dm.step & fq; mk != 0; mk &= mk - 1 {
		n += b2i(board[from+m.queen[bits.TrailingZeros8(mk)]] == 0)
	}
	for mk := dm.slide & fq; mk != 0; mk &= mk - 1 {
		d := m.queen[bits.TrailingZeros8(mk)]
		for s := from + d; terr[s]|board[s] == 0; s += d {
			n++
		}
	}
	for mk := dm.leap & m.floorL[from]; mk != 0; mk &= mk - 1 {
		n += b2i(board[from+m.leaps[bits.TrailingZeros8(mk)]] == 0)
	}
	for mk := dm.jump & fq; mk != 0; mk &= mk - 1 {
		d := m.queen[bits.TrailingZeros8(mk)]
		s := from + d
		n += b2i(board[s]|terr[s+d]|board[s+d] == 0)
	}
	return n
}

// b2i is 1 for true and 0 for false, without a branch.
func b2i(b bool) int {
	if b {
		return 1
	}
	return 0
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
	if depth == 1 {
		n, buf := p.countLegal(bufs[0])
		bufs[0] = buf[:0]
		return n
	}
	moves := p.LegalMoves(bufs[depth-1][:0])
	bufs[depth-1] = moves[:0]
	var n uint64
	for _, mv := range moves {
		p.Play(mv)
		n += p.perft(depth-1, bufs)
		p.Undo()
	}
	return n
}
