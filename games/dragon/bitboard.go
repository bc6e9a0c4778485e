package dragon

import "math/bits"

// Squares are numbered a1=0 .. h1=7, a2=8 .. h8=63, which is also the
// Viewer numbering (rank 0 at White's edge).

const (
	fileABB uint64 = 0x0101010101010101
	fileHBB uint64 = fileABB << 7
	rank1BB uint64 = 0xFF
	rank2BB uint64 = rank1BB << 8
	rank3BB uint64 = rank1BB << 16
	rank6BB uint64 = rank1BB << 40
	rank7BB uint64 = rank1BB << 48
	rank8BB uint64 = rank1BB << 56
)

// Precomputed step attacks and square relations.
var (
	knightAttacks [64]uint64
	kingAttacks   [64]uint64
	// pawnAttacks[c][sq] are the squares a pawn of colour c on sq attacks.
	pawnAttacks [2][64]uint64
	// betweenBB[a][b] holds the squares strictly between two aligned squares.
	betweenBB [64][64]uint64
	// lineBB[a][b] is the whole line through two aligned squares, 0 otherwise.
	lineBB [64][64]uint64
	// rookRays and bishopRays are the attacks on an empty board.
	rookRays   [64]uint64
	bishopRays [64]uint64
)

func sqBB(sq int) uint64 { return 1 << uint(sq) }

func popcount(b uint64) int { return bits.OnesCount64(b) }

func lsb(b uint64) int { return bits.TrailingZeros64(b) }

func onBoard(f, r int) bool { return f >= 0 && f < 8 && r >= 0 && r < 8 }

// stepAttacks returns the squares reached from sq by the given steps.
func stepAttacks(sq int, steps [][2]int) uint64 {
	var b uint64
	f, r := sq&7, sq>>3
	for _, d := range steps {
		if onBoard(f+d[0], r+d[1]) {
			b |= sqBB((r+d[1])*8 + f + d[0])
		}
	}
	return b
}

var (
	rookDirs   = [][2]int{{1, 0}, {-1, 0}, {0, 1}, {0, -1}}
	bishopDirs = [][2]int{{1, 1}, {1, -1}, {-1, 1}, {-1, -1}}
)

// slideAttacks walks rays from sq until a blocker in occ (included).
func slideAttacks(sq int, occ uint64, dirs [][2]int) uint64 {
	var b uint64
	for _, d := range dirs {
		f, r := sq&7+d[0], sq>>3+d[1]
		for onBoard(f, r) {
			s := sqBB(r*8 + f)
			b |= s
			if occ&s != 0 {
				break
			}
			f, r = f+d[0], r+d[1]
		}
	}
	return b
}

func init() {
	knightSteps := [][2]int{{1, 2}, {2, 1}, {2, -1}, {1, -2}, {-1, -2}, {-2, -1}, {-2, 1}, {-1, 2}}
	kingSteps := [][2]int{{1, 0}, {1, 1}, {0, 1}, {-1, 1}, {-1, 0}, {-1, -1}, {0, -1}, {1, -1}}
	for sq := 0; sq < 64; sq++ {
		knightAttacks[sq] = stepAttacks(sq, knightSteps)
		kingAttacks[sq] = stepAttacks(sq, kingSteps)
		pawnAttacks[white][sq] = stepAttacks(sq, [][2]int{{-1, 1}, {1, 1}})
		pawnAttacks[black][sq] = stepAttacks(sq, [][2]int{{-1, -1}, {1, -1}})
		rookRays[sq] = slideAttacks(sq, 0, rookDirs)
		bishopRays[sq] = slideAttacks(sq, 0, bishopDirs)
	}
	for a := 0; a < 64; a++ {
		for b := 0; b < 64; b++ {
			if a == b {
				continue
			}
			for _, dirs := range [][][2]int{rookDirs, bishopDirs} {
				if slideAttacks(a, 0, dirs)&sqBB(b) == 0 {
					continue
				}
				lineBB[a][b] = (slideAttacks(a, 0, dirs) & slideAttacks(b, 0, dirs)) | sqBB(a) | sqBB(b)
				betweenBB[a][b] = slideAttacks(a, sqBB(b), dirs) & slideAttacks(b, sqBB(a), dirs)
			}
		}
	}
	initMagics()
}
