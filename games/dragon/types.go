package dragon

import "wyrm/game"

// Colours.
const (
	white = 0
	black = 1
)

// Piece types. A piece code on the board is type | colour<<3; 0 is empty.
const (
	noType = iota
	pawn
	knight
	bishop
	rook
	queen
	dragon
	king
)

// pieceLetters maps a piece code to its FEN letter.
var pieceLetters = [16]byte{0, 'P', 'N', 'B', 'R', 'Q', 'D', 'K', 0, 'p', 'n', 'b', 'r', 'q', 'd', 'k'}

var pieceNames = [8]string{"", "Pawn", "Knight", "Bishop", "Rook", "Queen", "Dragon", "King"}

func makePiece(c, t int) uint8 { return uint8(t | c<<3) }

func typeOf(pc uint8) int { return int(pc & 7) }

func colorOf(pc uint8) int { return int(pc >> 3) }

// Move encoding (game.Move, 32 bits): bits 0-5 from, 6-11 to, 12-15 kind.
// A drop has from == to; every move has a non-zero kind or from != to, so
// no legal move is the zero Move.
const (
	kindNormal = iota
	kindDouble
	kindCastle
	kindEnPassant
	kindDrop
	kindPromoKnight // kindPromoKnight + (t - knight) promotes to type t
	kindPromoBishop
	kindPromoRook
	kindPromoQueen
	kindPromoDragon
)

func newMove(from, to, kind int) game.Move {
	return game.Move(from | to<<6 | kind<<12)
}

func moveFrom(m game.Move) int { return int(m) & 63 }
func moveTo(m game.Move) int   { return int(m>>6) & 63 }
func moveKind(m game.Move) int { return int(m>>12) & 15 }

// promoType returns the piece type a promotion creates, or noType.
func promoType(m game.Move) int {
	k := moveKind(m)
	if k >= kindPromoKnight {
		return k - kindPromoKnight + knight
	}
	return noType
}

// maxPieces bounds the pieces a side may have on the board and in hand
// together (the rulebook start has 18), which bounds the moves: a king has
// at most 10, each other piece at most 27 (a centred queen), drops 8.
const maxPieces = 20

// maxMoves is that bound, 10 + 19*27 + 8 = 531, rounded up.
const maxMoves = 544

// moveList is a fixed-size move buffer that lives on the stack.
type moveList struct {
	n     int
	moves [maxMoves]game.Move
}

func (l *moveList) add(m game.Move) {
	l.moves[l.n] = m
	l.n++
}
