package dragon

import "wyrm/game"

// maxHand bounds how many Dragons a hand may hold in a position string.
const maxHand = 16

// Zobrist keys, drawn from game.KeySource with a fixed seed.
var (
	zPiece  [16][64]uint64
	zSide   uint64
	zCastle [16]uint64
	zEP     [8]uint64
	zHand   [2][maxHand + 1]uint64
)

func init() {
	k := game.NewKeySource(0x696c6c6573636173)
	for pc := range zPiece {
		if pieceLetters[pc] == 0 {
			continue
		}
		for sq := range zPiece[pc] {
			zPiece[pc][sq] = k.Next()
		}
	}
	zSide = k.Next()
	for i := 1; i < 16; i++ {
		zCastle[i] = k.Next()
	}
	for i := range zEP {
		zEP[i] = k.Next()
	}
	for c := range zHand {
		for n := 1; n <= maxHand; n++ {
			zHand[c][n] = k.Next()
		}
	}
}

// computeHash builds the hash from scratch; Play keeps it incrementally.
func (p *Position) computeHash() uint64 {
	var h uint64
	for sq, pc := range p.board {
		if pc != 0 {
			h ^= zPiece[pc][sq]
		}
	}
	if p.side == black {
		h ^= zSide
	}
	h ^= zCastle[p.castle]
	if p.ep >= 0 {
		h ^= zEP[p.ep&7]
	}
	h ^= zHand[white][p.hand[white]] ^ zHand[black][p.hand[black]]
	return h
}
