package dragonchess

import "wyrm/game"

// Zobrist keys, fixed by seed.
var (
	zPiece [codeCount][nSq]uint64
	zSide  uint64
	zEp    [boardLen]uint64
)

func init() {
	ks := game.NewKeySource(0x6472616b6f6e)
	for pc := range zPiece {
		for sq := range zPiece[pc] {
			zPiece[pc][sq] = ks.Next()
		}
	}
	zSide = ks.Next()
	for sq := 0; sq < nSq; sq++ {
		zEp[sq] = ks.Next()
	}
}
