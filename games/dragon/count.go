package dragon

// countMoves counts the legal moves without listing them: the same rules as
// generate, with population counts in place of move lists. Perft uses it
// for the last ply (bulk counting); the tests check that the two agree.
func (p *Position) countMoves() int {
	us, them := p.side, p.side^1
	own, enemy := p.byColor[us], p.byColor[them]
	occ := own | enemy
	ksq := p.kingSq(us)
	checkers, pinned := p.checkInfo(us, ksq, occ)

	n := 0
	kocc := occ ^ sqBB(ksq)
	for t := kingAttacks[ksq] &^ own; t != 0; t &= t - 1 {
		if !p.attackedBy(lsb(t), them, kocc) {
			n++
		}
	}
	if checkers&(checkers-1) != 0 {
		return n
	}
	mask, free := ^uint64(0), ^uint64(0)
	if checkers != 0 {
		mask = betweenBB[ksq][lsb(checkers)] | checkers
		free = ^pinned
	} else if p.castle != 0 {
		n += popcount(p.castlingTargets(us, occ))
	}
	empty := ^occ
	if p.hand[us] > 0 {
		n += popcount(homeRank[us] & empty & mask)
	}
	target := ^own & mask

	for b := p.pieces(us, knight) &^ pinned; b != 0; b &= b - 1 {
		n += popcount(knightAttacks[lsb(b)] & target)
	}
	diag := (p.byType[bishop] | p.byType[queen]) & own & free
	for b := diag &^ pinned; b != 0; b &= b - 1 {
		n += popcount(bishopAttacks(lsb(b), occ) & target)
	}
	for b := diag & pinned; b != 0; b &= b - 1 {
		from := lsb(b)
		n += popcount(bishopAttacks(from, occ) & target & lineBB[ksq][from])
	}
	orth := (p.byType[rook] | p.byType[queen]) & own & free
	for b := orth &^ pinned; b != 0; b &= b - 1 {
		n += popcount(rookAttacks(lsb(b), occ) & target)
	}
	for b := orth & pinned; b != 0; b &= b - 1 {
		from := lsb(b)
		n += popcount(rookAttacks(from, occ) & target & lineBB[ksq][from])
	}
	// A Dragon's jumps and slides never reach the same square, so one
	// population count of their union is exact; pinned, it only slides.
	for b := p.pieces(us, dragon) & free; b != 0; b &= b - 1 {
		from := lsb(b)
		if pinned&sqBB(from) != 0 {
			n += popcount(bishopAttacks(from, occ) & target & lineBB[ksq][from])
		} else {
			n += popcount(dragonAttacks(from, occ) & target)
		}
	}

	pawns := p.pieces(us, pawn)
	n += countPawns(us, pawns&^pinned, empty, enemy&mask, mask)
	if checkers == 0 {
		for b := pawns & pinned; b != 0; b &= b - 1 {
			from := lsb(b)
			line := lineBB[ksq][from]
			n += countPawns(us, sqBB(from), empty, enemy&line, line)
		}
	}
	if p.ep >= 0 {
		for b := pawnAttacks[them][p.ep] & pawns; b != 0; b &= b - 1 {
			if p.epLegal(us, lsb(b), ksq) {
				n++
			}
		}
	}
	return n
}

// countPawns counts what genPawns would add (five moves per promotion).
func countPawns(us int, pawns, empty, victims, mask uint64) int {
	push1 := pushUp(pawns, us) & empty
	push2 := pushUp(push1&thirdRank[us], us) & empty & mask
	push1 &= mask
	west := captureWest(pawns, us) & victims
	east := captureEast(pawns, us) & victims
	last := lastRank[us]
	n := popcount(push1) + popcount(push2) + popcount(west) + popcount(east)
	if (push1|west|east)&last != 0 {
		n += 4 * (popcount(push1&last) + popcount(west&last) + popcount(east&last))
	}
	return n
}

// hasLegalMove reports whether the side to move has any legal move. It
// follows countMoves but stops at the first move found, trying the
// cheapest and likeliest pieces first; castling is never the only legal
// move (the king could step towards the rook instead), so it is skipped.
func (p *Position) hasLegalMove() bool {
	us, them := p.side, p.side^1
	own, enemy := p.byColor[us], p.byColor[them]
	occ := own | enemy
	ksq := p.kingSq(us)
	checkers, pinned := p.checkInfo(us, ksq, occ)
	empty := ^occ
	mask, free := ^uint64(0), ^uint64(0)
	if checkers != 0 {
		if checkers&(checkers-1) == 0 {
			mask = betweenBB[ksq][lsb(checkers)] | checkers
			free = ^pinned
		} else {
			mask, free = 0, 0 // double check: only the king can move
		}
	}
	target := ^own & mask
	pawns := p.pieces(us, pawn)
	if countPawns(us, pawns&^pinned&free, empty, enemy&mask, mask) > 0 {
		return true
	}
	for b := p.pieces(us, knight) &^ pinned & free; b != 0; b &= b - 1 {
		if knightAttacks[lsb(b)]&target != 0 {
			return true
		}
	}
	if p.hand[us] > 0 && homeRank[us]&empty&mask != 0 {
		return true
	}
	kocc := occ ^ sqBB(ksq)
	for t := kingAttacks[ksq] &^ own; t != 0; t &= t - 1 {
		if !p.attackedBy(lsb(t), them, kocc) {
			return true
		}
	}
	if free == 0 {
		return false
	}
	for b := (p.byType[bishop] | p.byType[queen] | p.byType[dragon]) & own & free; b != 0; b &= b - 1 {
		from := lsb(b)
		t := bishopAttacks(from, occ) & target
		if pinned&sqBB(from) != 0 {
			t &= lineBB[ksq][from]
		} else if p.board[from]&7 == dragon {
			t |= knightAttacks[from] & target
		}
		if t != 0 {
			return true
		}
	}
	for b := (p.byType[rook] | p.byType[queen]) & own & free; b != 0; b &= b - 1 {
		from := lsb(b)
		t := rookAttacks(from, occ) & target
		if pinned&sqBB(from) != 0 {
			t &= lineBB[ksq][from]
		}
		if t != 0 {
			return true
		}
	}
	if checkers == 0 {
		for b := pawns & pinned; b != 0; b &= b - 1 {
			from := lsb(b)
			line := lineBB[ksq][from]
			if countPawns(us, sqBB(from), empty, enemy&line, line) > 0 {
				return true
			}
		}
	}
	if p.ep >= 0 {
		for b := pawnAttacks[them][p.ep] & pawns; b != 0; b &= b - 1 {
			if p.epLegal(us, lsb(b), ksq) {
				return true
			}
		}
	}
	return false
}
