package dragon

import (
	"math/bits"

	"wyrm/game"
)

var (
	_ game.CheckGiver = (*Position)(nil)
	_ game.MoveKeyer  = (*Position)(nil)
)

// GivesCheck implements game.CheckGiver: whether m, legal here, checks the
// other king, directly from its arrival square or by uncovering a slider.
// Castling and en passant, which move two pieces, are played to find out.
func (p *Position) GivesCheck(m game.Move) bool {
	from, to, kind := moveFrom(m), moveTo(m), moveKind(m)
	if kind == kindCastle || kind == kindEnPassant {
		p.Play(m)
		c := p.inCheck()
		p.Undo()
		return c
	}
	us := p.side
	ksq := p.kingSq(us ^ 1)
	occ := p.occ() | sqBB(to)
	t := dragon
	if kind != kindDrop {
		occ ^= sqBB(from)
		t = typeOf(p.board[from])
	}
	if pt := promoType(m); pt != noType {
		t = pt
	}
	k := sqBB(ksq)
	var att uint64
	switch t {
	case pawn:
		att = pawnAttacks[us][to]
	case knight, bishop, rook, queen, dragon:
		att = pieceAttacks(t, to, occ)
	}
	if att&k != 0 {
		return true
	}
	if kind == kindDrop {
		return false // a drop uncovers nothing
	}
	// A slider of ours that sees the king once from is empty: the moved
	// piece itself was counted above, so its new square is left out.
	ours := p.byColor[us] &^ sqBB(from) &^ sqBB(to)
	return (bishopAttacks(ksq, occ)&(p.byType[bishop]|p.byType[queen]|p.byType[dragon])|
		rookAttacks(ksq, occ)&(p.byType[rook]|p.byType[queen]))&ours != 0
}

// MoveKey implements game.MoveKeyer: the moving (or dropped) piece's code
// and the arrival square.
func (p *Position) MoveKey(m game.Move) int {
	pc := makePiece(p.side, dragon)
	if moveKind(m) != kindDrop {
		pc = p.board[moveFrom(m)]
	}
	return int(pc)<<6 | moveTo(m)
}

var _ game.Materialer = (*Position)(nil)

// Material implements game.Materialer: the exchange values of a colour's
// pieces, its Dragons in hand included.
func (p *Position) Material(pl game.Player) int {
	if pl < 0 || pl > 1 {
		return 0
	}
	c := int(pl)
	v := int(p.hand[c]) * seeValue[dragon]
	for t := pawn; t < king; t++ {
		v += bits.OnesCount64(p.pieces(c, t)) * seeValue[t]
	}
	return v
}
