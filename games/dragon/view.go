package dragon

import (
	"strings"

	"wyrm/game"
)

// Geometry is one 8x8 board.
func (p *Position) Geometry() game.Geometry {
	return game.Geometry{Levels: 1, Files: 8, Ranks: 8}
}

// Pieces appends the pieces on the board, White's first seat 0.
func (p *Position) Pieces(dst []game.PieceView) []game.PieceView {
	for sq, pc := range p.board {
		if pc == 0 {
			continue
		}
		dst = append(dst, game.PieceView{
			Square: sq,
			Owner:  game.Player(colorOf(pc)),
			Letter: pieceLetters[typeOf(pc)],
			Name:   pieceNames[typeOf(pc)],
			Royal:  typeOf(pc) == king,
			Art:    pieceArt[pc],
		})
	}
	return dst
}

// Hands gives the Dragons in hand as FEN letters: "DD" for White, "dd" for
// Black.
func (p *Position) Hands() [game.MaxPlayers]string {
	return [game.MaxPlayers]string{
		strings.Repeat("D", int(p.hand[white])),
		strings.Repeat("d", int(p.hand[black])),
	}
}

// DescribeMove explains m in squares: a drop has From -1 and Drop 'D'; en
// passant names the captured pawn's square as Target.
func (p *Position) DescribeMove(m game.Move) game.MoveView {
	from, to, kind := moveFrom(m), moveTo(m), moveKind(m)
	v := game.MoveView{Text: p.MoveString(m), From: from, To: to, Target: -1}
	switch {
	case kind == kindDrop:
		v.From, v.Drop = -1, 'D'
	case kind == kindEnPassant:
		v.Target = to ^ 8
	case kind != kindCastle && p.board[to] != 0:
		v.Target = to
	}
	if t := promoType(m); t != noType {
		v.Promotion = pieceLetters[t]
	}
	return v
}

// SquareName names a square in algebraic notation ("e4").
func (p *Position) SquareName(sq int) string {
	if sq < 0 || sq >= 64 {
		return "?"
	}
	return squareName(sq)
}
