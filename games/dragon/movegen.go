package dragon

import "wyrm/game"

// Fully legal move generation. checkInfo finds the pieces giving check and
// our pinned pieces; every non-king move must land on the check mask (all
// squares when not in check; the checker and the squares between it and
// our king otherwise), and a pinned piece must stay on its pin line. King
// steps are tested against the attacks with the king lifted off the board.

// attackedBy reports whether colour them attacks sq with occupancy occ.
func (p *Position) attackedBy(sq, them int, occ uint64) bool {
	enemy := p.byColor[them]
	if knightAttacks[sq]&(p.byType[knight]|p.byType[dragon])&enemy != 0 ||
		pawnAttacks[them^1][sq]&p.byType[pawn]&enemy != 0 ||
		kingAttacks[sq]&p.byType[king]&enemy != 0 {
		return true
	}
	return bishopAttacks(sq, occ)&(p.byType[bishop]|p.byType[queen]|p.byType[dragon])&enemy != 0 ||
		rookAttacks(sq, occ)&(p.byType[rook]|p.byType[queen])&enemy != 0
}

// checkInfo returns the enemy pieces checking the king of us on ksq and
// the pieces of us pinned to it.
func (p *Position) checkInfo(us, ksq int, occ uint64) (checkers, pinned uint64) {
	enemy := p.byColor[us^1]
	checkers = (knightAttacks[ksq]&(p.byType[knight]|p.byType[dragon]) |
		pawnAttacks[us][ksq]&p.byType[pawn]) & enemy
	snipers := (rookRays[ksq]&(p.byType[rook]|p.byType[queen]) |
		bishopRays[ksq]&(p.byType[bishop]|p.byType[queen]|p.byType[dragon])) & enemy
	for ; snipers != 0; snipers &= snipers - 1 {
		s := lsb(snipers)
		b := betweenBB[ksq][s] & occ
		if b == 0 {
			checkers |= sqBB(s)
		} else if b&(b-1) == 0 && b&p.byColor[us] != 0 {
			pinned |= b
		}
	}
	return checkers, pinned
}

// epLegal reports whether the en-passant capture from -> p.ep leaves the
// king of us on ksq safe; it is checked in full because it removes two
// pieces from one line.
func (p *Position) epLegal(us, from, ksq int) bool {
	to := int(p.ep)
	capSq := to ^ 8
	occ := p.occ() ^ sqBB(from) ^ sqBB(to) ^ sqBB(capSq)
	enemy := p.byColor[us^1] &^ sqBB(capSq)
	return bishopAttacks(ksq, occ)&(p.byType[bishop]|p.byType[queen]|p.byType[dragon])&enemy == 0 &&
		rookAttacks(ksq, occ)&(p.byType[rook]|p.byType[queen])&enemy == 0 &&
		knightAttacks[ksq]&(p.byType[knight]|p.byType[dragon])&enemy == 0 &&
		pawnAttacks[us][ksq]&p.byType[pawn]&enemy == 0
}

// pushUp, captureWest and captureEast shift a set of pawns of colour us one
// rank forward, and diagonally forward towards the a-file or the h-file.
func pushUp(b uint64, us int) uint64 {
	if us == white {
		return b << 8
	}
	return b >> 8
}

func captureWest(b uint64, us int) uint64 {
	if us == white {
		return (b &^ fileABB) << 7
	}
	return (b &^ fileABB) >> 9
}

func captureEast(b uint64, us int) uint64 {
	if us == white {
		return (b &^ fileHBB) << 9
	}
	return (b &^ fileHBB) >> 7
}

// Square deltas (to - from) of the pawn moves per colour.
var (
	pushDelta = [2]int{8, -8}
	westDelta = [2]int{7, -9}
	eastDelta = [2]int{9, -7}
	// lastRank is where pawns promote, thirdRank where a double step passes.
	lastRank  = [2]uint64{rank8BB, rank1BB}
	thirdRank = [2]uint64{rank3BB, rank6BB}
	homeRank  = [2]uint64{rank1BB, rank8BB}
)

func addPawnMoves(l *moveList, targets uint64, delta int) {
	for ; targets != 0; targets &= targets - 1 {
		to := lsb(targets)
		l.add(newMove(to-delta, to, kindNormal))
	}
}

func addPromotions(l *moveList, targets uint64, delta int) {
	for ; targets != 0; targets &= targets - 1 {
		to := lsb(targets)
		from := to - delta
		// Queen first: move ordering prefers it.
		l.add(newMove(from, to, kindPromoQueen))
		l.add(newMove(from, to, kindPromoDragon))
		l.add(newMove(from, to, kindPromoRook))
		l.add(newMove(from, to, kindPromoBishop))
		l.add(newMove(from, to, kindPromoKnight))
	}
}

func addMoves(l *moveList, from int, targets uint64) {
	for ; targets != 0; targets &= targets - 1 {
		l.add(newMove(from, lsb(targets), kindNormal))
	}
}

// generate appends every legal move of the side to move to l.
func (p *Position) generate(l *moveList) { p.gen(l, true) }

// generateNoisy appends the legal captures and promotions to l.
func (p *Position) generateNoisy(l *moveList) { p.gen(l, false) }

// gen appends the legal moves to l: all of them, or with quiet false only
// the captures and promotions (no castling, drops or quiet moves).
func (p *Position) gen(l *moveList, quiet bool) {
	us, them := p.side, p.side^1
	own, enemy := p.byColor[us], p.byColor[them]
	occ := own | enemy
	ksq := p.kingSq(us)
	checkers, pinned := p.checkInfo(us, ksq, occ)

	// Squares a move may go to: any but our own, or for captures only
	// the enemy's.
	reach := ^own
	if !quiet {
		reach = enemy
	}
	kocc := occ ^ sqBB(ksq)
	for t := kingAttacks[ksq] & reach; t != 0; t &= t - 1 {
		if to := lsb(t); !p.attackedBy(to, them, kocc) {
			l.add(newMove(ksq, to, kindNormal))
		}
	}
	if checkers&(checkers-1) != 0 {
		return // double check: only the king moves
	}
	mask, free := ^uint64(0), ^uint64(0)
	if checkers != 0 {
		free = ^pinned // a pinned piece can never answer a check
		mask = betweenBB[ksq][lsb(checkers)] | checkers
	} else if p.castle != 0 && quiet {
		for t := p.castlingTargets(us, occ); t != 0; t &= t - 1 {
			l.add(newMove(ksq, lsb(t), kindCastle))
		}
	}
	empty := ^occ
	if p.hand[us] > 0 && quiet {
		for t := homeRank[us] & empty & mask; t != 0; t &= t - 1 {
			to := lsb(t)
			l.add(newMove(to, to, kindDrop))
		}
	}
	target := reach & mask
	pushMask := mask // where pawns may step: anywhere, or for promotions only
	if !quiet {
		pushMask &= lastRank[us]
	}

	for b := p.pieces(us, knight) &^ pinned; b != 0; b &= b - 1 {
		from := lsb(b)
		addMoves(l, from, knightAttacks[from]&target)
	}
	for b := p.pieces(us, bishop) & free; b != 0; b &= b - 1 {
		from := lsb(b)
		t := bishopAttacks(from, occ) & target
		if pinned&sqBB(from) != 0 {
			t &= lineBB[ksq][from]
		}
		addMoves(l, from, t)
	}
	for b := p.pieces(us, rook) & free; b != 0; b &= b - 1 {
		from := lsb(b)
		t := rookAttacks(from, occ) & target
		if pinned&sqBB(from) != 0 {
			t &= lineBB[ksq][from]
		}
		addMoves(l, from, t)
	}
	for b := p.pieces(us, queen) & free; b != 0; b &= b - 1 {
		from := lsb(b)
		t := queenAttacks(from, occ) & target
		if pinned&sqBB(from) != 0 {
			t &= lineBB[ksq][from]
		}
		addMoves(l, from, t)
	}
	for b := p.pieces(us, dragon) & free; b != 0; b &= b - 1 {
		from := lsb(b)
		t := dragonAttacks(from, occ) & target
		if pinned&sqBB(from) != 0 {
			t &= lineBB[ksq][from] // only a diagonal pin leaves moves
		}
		addMoves(l, from, t)
	}

	pawns := p.pieces(us, pawn)
	p.genPawns(l, us, pawns&^pinned, empty, enemy&mask, pushMask)
	if checkers == 0 {
		for b := pawns & pinned; b != 0; b &= b - 1 {
			from := lsb(b)
			line := lineBB[ksq][from]
			p.genPawns(l, us, sqBB(from), empty, enemy&line, line&pushMask)
		}
	}
	if p.ep >= 0 {
		for b := pawnAttacks[them][p.ep] & pawns; b != 0; b &= b - 1 {
			if from := lsb(b); p.epLegal(us, from, ksq) {
				l.add(newMove(from, int(p.ep), kindEnPassant))
			}
		}
	}
}

// genPawns adds the pushes (onto mask) and captures (of victims) of pawns.
func (p *Position) genPawns(l *moveList, us int, pawns, empty, victims, mask uint64) {
	push1 := pushUp(pawns, us) & empty
	push2 := pushUp(push1&thirdRank[us], us) & empty & mask
	push1 &= mask
	west := captureWest(pawns, us) & victims
	east := captureEast(pawns, us) & victims
	last := lastRank[us]
	addPawnMoves(l, push1&^last, pushDelta[us])
	for t := push2; t != 0; t &= t - 1 {
		to := lsb(t)
		l.add(newMove(to-2*pushDelta[us], to, kindDouble))
	}
	addPawnMoves(l, west&^last, westDelta[us])
	addPawnMoves(l, east&^last, eastDelta[us])
	if (push1|west|east)&last != 0 {
		addPromotions(l, push1&last, pushDelta[us])
		addPromotions(l, west&last, westDelta[us])
		addPromotions(l, east&last, eastDelta[us])
	}
}

// castlingTargets returns the squares the king of us (not in check) may
// castle to.
func (p *Position) castlingTargets(us int, occ uint64) uint64 {
	var t uint64
	if us == white {
		if p.castle&castleWK != 0 && occ&(sqBB(sqF1)|sqBB(sqG1)) == 0 &&
			!p.attackedBy(sqF1, black, occ) && !p.attackedBy(sqG1, black, occ) {
			t |= sqBB(sqG1)
		}
		if p.castle&castleWQ != 0 && occ&(sqBB(sqB1)|sqBB(sqC1)|sqBB(sqD1)) == 0 &&
			!p.attackedBy(sqD1, black, occ) && !p.attackedBy(sqC1, black, occ) {
			t |= sqBB(sqC1)
		}
		return t
	}
	if p.castle&castleBK != 0 && occ&(sqBB(sqF8)|sqBB(sqG8)) == 0 &&
		!p.attackedBy(sqF8, white, occ) && !p.attackedBy(sqG8, white, occ) {
		t |= sqBB(sqG8)
	}
	if p.castle&castleBQ != 0 && occ&(sqBB(sqB8)|sqBB(sqC8)|sqBB(sqD8)) == 0 &&
		!p.attackedBy(sqD8, white, occ) && !p.attackedBy(sqC8, white, occ) {
		t |= sqBB(sqC8)
	}
	return t
}

// inCheck reports whether the side to move is in check.
func (p *Position) inCheck() bool {
	us := p.side
	return p.attackedBy(p.kingSq(us), us^1, p.occ())
}

// LegalMoves appends every legal move to dst. A position that is over by
// the rules (mate, stalemate, a draw by rule) has none.
func (p *Position) LegalMoves(dst []game.Move) []game.Move {
	if p.drawn() {
		return dst
	}
	var l moveList
	p.generate(&l)
	return append(dst, l.moves[:l.n]...)
}
