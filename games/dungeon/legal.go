package dungeon

import "wyrm/game"

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
	all := p.inCheck(s) || (p.live3() && p.nearEnemyDemonics(s, k))
	w := base
	for i := base; i < len(dst); i++ {
		mv := dst[i]
		if (all || p.needsTest(mv, k)) && !p.safeAfter(mv, s) {
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

// needsTest reports whether mv, by a seat not in check, could expose its
// King on k. Leaps and steps against the King do not depend on other
// squares, so only a capture, a King or Ogre move, or a move from or to a
// line through k (which may open a slide, make or remove a cannon screen
// or a Tomb's friend, or change an Orc, Archer or Salamander's way) can.
func (p *Position) needsTest(mv game.Move, k int) bool {
	if mType(mv) != mtMove {
		return false // a hex only takes threats away
	}
	from, to := mFrom(mv), mTo(mv)
	if p.board[to] != 0 {
		return true
	}
	kd := p.units[p.board[from]-1].kind
	if kd == Ogre || kd.Role() == King {
		return true
	}
	return p.m.onLine(k, from) || p.m.onLine(k, to)
}

// safeAfter plays mv and reports whether seat s's King is then neither
// gone nor in check.
func (p *Position) safeAfter(mv game.Move, s int) bool {
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
