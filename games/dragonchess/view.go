package dragonchess

import "wyrm/game"

// Geometry is three 12x8 boards, the Underworld lowest.
func (p *Position) Geometry() game.Geometry {
	return game.Geometry{Levels: levels, Files: files, Ranks: ranks,
		LevelNames: []string{"Underworld", "Ground", "Sky"}}
}

// Pieces appends every piece, marking frozen pieces and reversed Dwarves.
// Under the Troll variant the Elemental is named Troll.
func (p *Position) Pieces(dst []game.PieceView) []game.PieceView {
	for sq := 0; sq < nSq; sq++ {
		pc := p.b[sq]
		if pc == 0 {
			continue
		}
		v := p.r.pieceView(pc, sq)
		if p.b[p.r.below[sq]] == code(basilisk, colourOf(pc)^1) {
			v.Marks = append([]string{"frozen"}, v.Marks...)
		}
		dst = append(dst, v)
	}
	return dst
}

// pieceView is piece pc on sq as a viewer draws it under r's variants,
// with the marks the piece itself carries (a reversed Dwarf's).
func (r *rules) pieceView(pc uint8, sq int) game.PieceView {
	k, c := kindOf(pc), colourOf(pc)
	v := game.PieceView{Square: sq, Owner: game.Player(c), Letter: kindLetters[k], Name: kindNames[k], Royal: k == king,
		Art: pieceArt[pc]}
	if k == elemental && r.v.has(vTroll) {
		v.Name, v.Art = "Troll", trollPieceArt[c]
	}
	if k == revDwarf {
		v.Marks = reversedMarks
	}
	return v
}

// reversedMarks marks a reversed Dwarf, shared so that a view allocates
// nothing for it.
var reversedMarks = []string{"reversed"}

// Hands is empty: Dragonchess has no pieces in hand.
func (p *Position) Hands() [game.MaxPlayers]string { return [game.MaxPlayers]string{} }

// DescribeMove explains m; a capture from afar has From = To = the Dragon's
// square and Target = the victim's.
func (p *Position) DescribeMove(m game.Move) game.MoveView {
	from, to := moveFrom(m), moveTo(m)
	v := game.MoveView{Text: p.MoveString(m), From: from, To: to, Target: -1}
	if m&afarBit != 0 {
		v.To, v.Target = from, to
		return v
	}
	if p.b[to] != 0 {
		v.Target = to
	}
	pc := p.b[from]
	if np := p.r.promoted[pc][to]; np != pc && kindOf(np) == hero {
		v.Promotion = 'H'
	}
	return v
}

// SquareName names sq as level, file, rank ("2g1").
func (p *Position) SquareName(sq int) string { return squareName(sq) }

var _ game.Viewer = (*Position)(nil)

// HandArt implements game.Viewer: no pieces are held in hand.
func (p *Position) HandArt(game.Player, byte) string { return "" }
