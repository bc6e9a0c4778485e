package dragon

import "wyrm/game"

// seeValue is the exchange value of each piece type in centipawns.
var seeValue = [8]int{0, 100, 320, 330, 500, 950, 850, 20000}

// InCheck reports whether the side to move is in check.
func (p *Position) InCheck() bool { return p.inCheck() }

// isNoisy reports whether m changes material: a capture or a promotion.
func (p *Position) isNoisy(m game.Move) bool {
	switch k := moveKind(m); {
	case k == kindEnPassant || k >= kindPromoKnight:
		return true
	case k == kindDrop || k == kindCastle:
		return false
	}
	return p.board[moveTo(m)] != 0
}

// IsNoisy reports whether m is a capture or a promotion.
func (p *Position) IsNoisy(m game.Move) bool { return p.isNoisy(m) }

// NoisyMoves appends the legal captures and promotions.
func (p *Position) NoisyMoves(dst []game.Move) []game.Move {
	if p.drawn() {
		return dst
	}
	var l moveList
	p.generateNoisy(&l)
	return append(dst, l.moves[:l.n]...)
}

// Gain is the static exchange evaluation of m: what it wins in material
// if both sides keep recapturing on its square with their cheapest piece
// while that pays. Quiet moves and drops gain 0.
func (p *Position) Gain(m game.Move) int {
	if !p.isNoisy(m) {
		return 0
	}
	return p.see(m)
}

// attackersTo returns the pieces of both colours attacking sq given occ.
func (p *Position) attackersTo(sq int, occ uint64) uint64 {
	return (knightAttacks[sq]&(p.byType[knight]|p.byType[dragon]) |
		pawnAttacks[white][sq]&p.pieces(black, pawn) |
		pawnAttacks[black][sq]&p.pieces(white, pawn) |
		kingAttacks[sq]&p.byType[king] |
		bishopAttacks(sq, occ)&(p.byType[bishop]|p.byType[queen]|p.byType[dragon]) |
		rookAttacks(sq, occ)&(p.byType[rook]|p.byType[queen])) & occ
}

func (p *Position) see(m game.Move) int {
	from, to, kind := moveFrom(m), moveTo(m), moveKind(m)
	var gains [40]int
	occ := p.occ() ^ sqBB(from)
	onSquare := typeOf(p.board[from])
	if kind == kindDrop {
		occ, onSquare = p.occ(), dragon // a drop has from == to and comes from the hand
	}
	victim := typeOf(p.board[to])
	if kind == kindEnPassant {
		victim = pawn
		occ ^= sqBB(to ^ 8)
	}
	gains[0] = seeValue[victim]
	if t := promoType(m); t != noType {
		gains[0] += seeValue[t] - seeValue[pawn]
		onSquare = t
	}
	diag := p.byType[bishop] | p.byType[queen] | p.byType[dragon]
	orth := p.byType[rook] | p.byType[queen]
	attackers := p.attackersTo(to, occ)
	side := p.side ^ 1
	n := 1
	for ; n < len(gains); n++ {
		mine := attackers & p.byColor[side] & occ
		if mine == 0 {
			break
		}
		t := pawn
		for ; t <= king; t++ {
			if mine&p.byType[t] != 0 {
				break
			}
		}
		gains[n] = seeValue[onSquare] - gains[n-1]
		if onSquare == king {
			// The king was "captured": the previous capture was illegal.
			gains[n] = seeValue[king]
		}
		b := mine & p.byType[t]
		occ ^= b & -b
		attackers |= (bishopAttacks(to, occ)&diag | rookAttacks(to, occ)&orth) & occ
		attackers &= occ
		onSquare = t
		side ^= 1
	}
	for n--; n > 0; n-- {
		gains[n-1] = -max(-gains[n-1], gains[n])
	}
	return gains[0]
}

var _ game.Exchanger = (*Position)(nil)

// Exchange implements game.Exchanger: the exchange evaluation of any move,
// a drop's included; castling moves no piece into an exchange worth
// estimating and gains 0.
func (p *Position) Exchange(m game.Move) int {
	if moveKind(m) == kindCastle {
		return 0
	}
	return p.see(m)
}

var _ game.QuietCounter = (*Position)(nil)

// Quiet implements game.QuietCounter: the fifty-move rule's halfmove clock.
func (p *Position) Quiet() (plies, limit int) { return int(p.halfmove), 100 }
