package dragon

// Pawn-structure terms: doubled, isolated and passed pawns, and rooks on
// open files. Masks are precomputed per square.

var (
	fileBB        [8]uint64
	adjacentFiles [8]uint64
	passedMask    [2][64]uint64 // enemy pawns here stop a pawn from being passed
)

func init() {
	for f := 0; f < 8; f++ {
		fileBB[f] = fileABB << uint(f)
	}
	for f := 0; f < 8; f++ {
		if f > 0 {
			adjacentFiles[f] |= fileBB[f-1]
		}
		if f < 7 {
			adjacentFiles[f] |= fileBB[f+1]
		}
	}
	for sq := 0; sq < 64; sq++ {
		f, r := sq&7, sq>>3
		span := fileBB[f] | adjacentFiles[f]
		for rr := r + 1; rr < 8; rr++ {
			passedMask[white][sq] |= span & (rank1BB << uint(8*rr))
		}
		for rr := r - 1; rr >= 0; rr-- {
			passedMask[black][sq] |= span & (rank1BB << uint(8*rr))
		}
	}
}

// pawnStructure returns the middlegame and endgame pawn terms for c.
// The counts come from whole-board shifts rather than a loop over files
// and pawns: the evaluation runs at every leaf.
func (p *Position) pawnStructure(c int, w *weights) (mg, eg int) {
	own, enemy := p.pieces(c, pawn), p.pieces(c^1, pawn)
	files := occupiedFiles(own)
	// Every pawn beyond the first on its file is doubled.
	n := popcount(own) - popcount(files)
	mg -= n * w.doubled[0]
	eg -= n * w.doubled[1]
	isolated := files &^ (files<<1 | files>>1)
	n = popcount(own & (isolated * fileABB))
	mg -= n * w.isolated[0]
	eg -= n * w.isolated[1]
	support := pawnSetAttacks(own, c)
	phalanx := (own&^fileABB)>>1 | (own&^fileBB[7])<<1
	n = popcount(own & (support | phalanx))
	mg += n * w.connected[0]
	eg += n * w.connected[1]
	ownKing, theirKing := p.kingSq(c), p.kingSq(c^1)
	occ := p.occ()
	for b := own &^ stoppedBy(enemy, c); b != 0; b &= b - 1 {
		sq := lsb(b)
		r := relSq(c, sq) >> 3
		mg += w.passed[0][r]
		eg += w.passed[1][r]
		front := sq + 8 - 16*c
		if p.board[front] != 0 {
			mg -= w.blocked[0]
			eg -= w.blocked[1]
		}
		eg += w.kingPassed * (distance(theirKing, front) - distance(ownKing, front))
		if passedMask[c][sq]&fileBB[sq&7]&occ == 0 {
			mg += r * w.freePassed[0]
			eg += r * w.freePassed[1]
		}
	}
	pawns := own | enemy
	for b := p.pieces(c, rook); b != 0; b &= b - 1 {
		file := fileBB[lsb(b)&7]
		switch {
		case pawns&file == 0:
			mg += w.rookOpen[0]
			eg += w.rookOpen[1]
		case own&file == 0:
			mg += w.rookHalf[0]
			eg += w.rookHalf[1]
		}
	}
	return mg, eg
}

// occupiedFiles is the set of files (bit f for file f) holding a square
// of b.
func occupiedFiles(b uint64) uint64 {
	b |= b >> 32
	b |= b >> 16
	b |= b >> 8
	return b & rank1BB
}

// stoppedBy is the set of squares where a pawn of colour c is not passed
// because of the enemy pawns e: those behind an enemy pawn (from c's
// side) on its file or the files beside it, as passedMask has it.
func stoppedBy(e uint64, c int) uint64 {
	var s uint64
	if c == white {
		s = e >> 8
		s |= s >> 8
		s |= s >> 16
		s |= s >> 32
	} else {
		s = e << 8
		s |= s << 8
		s |= s << 16
		s |= s << 32
	}
	return s | (s&^fileABB)>>1 | (s&^fileHBB)<<1
}

// distance is the number of king steps between two squares.
func distance(a, b int) int { return int(distances[a][b]) }

var distances = func() (d [64][64]uint8) {
	for a := range 64 {
		for b := range 64 {
			d[a][b] = uint8(max(abs(a&7-b&7), abs(a>>3-b>>3)))
		}
	}
	return d
}()

// pushThreats counts the enemy pieces (not pawns) that c's pawns could
// attack by a push, single or double, to a square no enemy pawn attacks
// and that c defends at least as well as no enemy piece does: the threat
// the search would find a ply later.
func (p *Position) pushThreats(c int, att [2]uint64) int {
	them := c ^ 1
	empty := ^p.occ()
	one := pushUp(p.pieces(c, pawn), c) & empty
	startRank := rank3BB
	if c == black {
		startRank = rank6BB
	}
	two := pushUp(one&startRank, c) & empty
	own := att[c] | pawnSetAttacks(p.pieces(c, pawn), c)
	safe := (one | two) &^ pawnSetAttacks(p.pieces(them, pawn), them) & (own | ^att[them])
	targets := p.byColor[them] &^ p.byType[pawn] &^ p.byType[king]
	return popcount(pawnSetAttacks(safe, c) & targets)
}
