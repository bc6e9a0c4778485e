package dragon

import "math/bits"

// King safety: the pawns in front of a king, the pawns on its files, and
// what an attacker adds to its attacked squares around it (see Evaluate).

// shelter rewards pawns in front of c's king while it stays home.
func (p *Position) shelter(c int, w *weights) int {
	ksq := p.kingSq(c)
	if relSq(c, ksq)>>3 > 1 {
		return 0
	}
	front := (kingAttacks[ksq] | pushUp(kingAttacks[ksq], c)) &^ homeRank[c]
	return w.shelter * min(popcount(front&p.pieces(c, pawn)), 3)
}

// kingFiles scores c's king's three files in the middlegame: on each, the
// nearest of its own pawns ahead of it (a shield) and the nearest enemy
// pawn ahead of it (a storm), by how many ranks ahead they stand.
func (p *Position) kingFiles(c int, w *weights) int {
	ksq := p.kingSq(c)
	kr := relSq(c, ksq) >> 3
	f := ksq & 7
	v := 0
	for ff := max(f-1, 0); ff <= min(f+1, 7); ff++ {
		v += w.fileShield[nearestAhead(p.pieces(c, pawn)&fileBB[ff], c, kr)]
		v += w.fileStorm[nearestAhead(p.pieces(c^1, pawn)&fileBB[ff], c, kr)]
	}
	return v
}

// nearestAhead is the index into fileShield or fileStorm of the nearest
// of the pawns b ahead of rank kr (from c's side): 0 to 2 for one to three
// ranks ahead, 3 when none stands that near.
func nearestAhead(b uint64, c, kr int) int {
	// The ranks ahead of the king from c's side; the nearest pawn there
	// is the lowest square for White, the highest for Black.
	var d int
	if c == white {
		b &= ^uint64(0) << (8 * (kr + 1))
		if b == 0 {
			return 3
		}
		d = lsb(b)>>3 - kr
	} else {
		b &= ^uint64(0) >> (8 * (kr + 1))
		if b == 0 {
			return 3
		}
		d = 7 - (63-bits.LeadingZeros64(b))>>3 - kr
	}
	return min(d, 4) - 1
}

// kingDanger is what adds to c's attack on the enemy king beyond the
// attacked squares around it: the squares c's pieces can check from
// without being taken (by piece type), the squares by the king that
// only the king defends, the king's files without a pawn of its own, the
// squares of its flank in its camp that c attacks, and c's queen.
// defence is the enemy pieces' attack map, byType c's by piece type.
func (p *Position) kingDanger(c int, w *weights, defence uint64, byType *[8]uint64) int {
	them := c ^ 1
	ksq := p.kingSq(them)
	occ := p.occ()
	guarded := defence | pawnSetAttacks(p.pieces(them, pawn), them)
	safe := ^(guarded | kingAttacks[ksq] | p.byColor[c])
	diag, orth := bishopAttacks(ksq, occ), rookAttacks(ksq, occ)
	from := [8]uint64{knight: knightAttacks[ksq], bishop: diag, rook: orth, queen: diag | orth, dragon: diag | knightAttacks[ksq]}
	d := 0
	var all uint64
	for t := knight; t <= dragon; t++ {
		d += w.safeCheck[t] * popcount(from[t]&byType[t]&safe)
		all |= byType[t]
	}
	d += w.weakZone * popcount(kingAttacks[ksq]&all&^guarded)
	f := ksq & 7
	for ff := max(f-1, 0); ff <= min(f+1, 7); ff++ {
		if p.pieces(them, pawn)&(fileABB<<ff) == 0 {
			d += w.openKing
		}
	}
	d += w.flank * popcount(all&kingFlank[f]&camp[them])
	if p.pieces(c, queen) != 0 {
		d += w.dangerQueen
	}
	return d
}

// kingFlank is the files of a king's side of the board by its file: a to
// d, c to f in the centre, or e to h.
var kingFlank = [8]uint64{
	0x0f0f0f0f0f0f0f0f, 0x0f0f0f0f0f0f0f0f, 0x0f0f0f0f0f0f0f0f,
	0x3c3c3c3c3c3c3c3c, 0x3c3c3c3c3c3c3c3c,
	0xf0f0f0f0f0f0f0f0, 0xf0f0f0f0f0f0f0f0, 0xf0f0f0f0f0f0f0f0,
}

// camp is each side's first three ranks.
var camp = [2]uint64{0x0000000000ffffff, 0xffffff0000000000}
