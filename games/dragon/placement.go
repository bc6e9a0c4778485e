package dragon

// Terms of the pieces' and pawns' placement beyond the piece-square
// tables: outposts, space, and bishops hemmed in by their own pawns.

// outpostRanks are the ranks 4 to 6 from each side's own.
var outpostRanks = [2]uint64{0x0000ffffff000000, 0x000000ffffff0000}

// outpost reports whether c's minor piece on sq stands on an outpost: on
// ranks 4 to 6, defended by an own pawn, where no enemy pawn can ever
// attack it.
func (p *Position) outpost(c, sq int) bool {
	return outpostRanks[c]&sqBB(sq) != 0 &&
		pawnSetAttacks(p.pieces(c, pawn), c)&sqBB(sq) != 0 &&
		passedMask[c][sq]&adjacentFiles[sq&7]&p.pieces(c^1, pawn) == 0
}

// lightSquares are the light squares (b1, a2, ...).
const lightSquares uint64 = 0x55aa55aa55aa55aa

// sameColour is the set of squares of sq's colour.
func sameColour(sq int) uint64 {
	if lightSquares&sqBB(sq) != 0 {
		return lightSquares
	}
	return ^lightSquares
}

// spaceRanks are ranks 2 to 4 of the c to f files, from each side's own.
var spaceRanks = [2]uint64{0x000000003c3c3c00, 0x003c3c3c00000000}

// spaceCount counts c's space: the squares of spaceRanks no enemy pawn
// attacks and no own pawn stands on, twice those behind an own pawn.
func (p *Position) spaceCount(c int) int {
	own := p.pieces(c, pawn)
	safe := spaceRanks[c] &^ own &^ pawnSetAttacks(p.pieces(c^1, pawn), c^1)
	behind := own
	for i := 0; i < 3; i++ {
		if c == white {
			behind |= behind >> 8
		} else {
			behind |= behind << 8
		}
	}
	return popcount(safe) + popcount(safe&behind)
}
