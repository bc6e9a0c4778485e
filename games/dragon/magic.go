package dragon

// Sliding attacks use "fancy" magic bitboards: the relevant blockers of a
// square, multiplied by a magic number, index a shared table: one multiply
// and one load per lookup (Go has no PEXT intrinsic). BenchmarkSliders
// measured a queen lookup at about 7 ns this way against 19 ns with
// hyperbola quintessence.
// The magic numbers are fixed (magic_numbers.go, found by
// TestMagicNumbers with -magic.update): searching them at start-up took
// about a tenth of a second natively and most of a second in the browser's
// WebAssembly engine, before the first line of analysis could appear.

type magicEntry struct {
	mask   uint64
	magic  uint64
	offset uint32
	shift  uint8
}

var (
	rookMagics   [64]magicEntry
	bishopMagics [64]magicEntry
	// sliderTable holds the attack sets of both piece kinds: 102,400 rook
	// entries followed by 5,248 bishop entries. Its length is a power of
	// two so that masking the index lets the compiler drop bounds checks.
	sliderTable [1 << 17]uint64
)

func rookAttacks(sq int, occ uint64) uint64 {
	m := &rookMagics[sq]
	return sliderTable[(m.offset+uint32(((occ&m.mask)*m.magic)>>m.shift))&(1<<17-1)]
}

func bishopAttacks(sq int, occ uint64) uint64 {
	m := &bishopMagics[sq]
	return sliderTable[(m.offset+uint32(((occ&m.mask)*m.magic)>>m.shift))&(1<<17-1)]
}

func queenAttacks(sq int, occ uint64) uint64 {
	return rookAttacks(sq, occ) | bishopAttacks(sq, occ)
}

// dragonAttacks are the attacks of a Dragon (bishop plus knight).
func dragonAttacks(sq int, occ uint64) uint64 {
	return bishopAttacks(sq, occ) | knightAttacks[sq]
}

// pieceAttacks returns the attacks of a piece of type t, knight to
// dragon, on sq given occ.
func pieceAttacks(t, sq int, occ uint64) uint64 {
	switch t {
	case knight:
		return knightAttacks[sq]
	case bishop:
		return bishopAttacks(sq, occ)
	case rook:
		return rookAttacks(sq, occ)
	case queen:
		return queenAttacks(sq, occ)
	}
	return dragonAttacks(sq, occ)
}

func initMagics() {
	offset := fillMagics(&rookMagics, rookDirs, &rookMagicNumbers, 0)
	fillMagics(&bishopMagics, bishopDirs, &bishopMagicNumbers, offset)
}

// blockerMask is the squares whose occupancy changes a slider's attacks
// from sq: its rays without the board's edges.
func blockerMask(sq int, dirs [][2]int) uint64 {
	f, r := sq&7, sq>>3
	edges := ((rank1BB | rank8BB) &^ (rank1BB << (8 * uint(r)))) |
		((fileABB | fileHBB) &^ (fileABB << uint(f)))
	return slideAttacks(sq, 0, dirs) &^ edges
}

// fillMagics fills every square's entry and its slice of the shared table,
// from offset, with the given magic numbers; it returns the next offset.
// A magic that maps two different attack sets to one slot panics: the
// numbers are part of the program, and TestMagicNumbers checks them.
func fillMagics(ms *[64]magicEntry, dirs [][2]int, magics *[64]uint64, offset uint32) uint32 {
	for sq := 0; sq < 64; sq++ {
		mask := blockerMask(sq, dirs)
		bitsN := popcount(mask)
		m := &ms[sq]
		m.mask, m.magic, m.shift, m.offset = mask, magics[sq], uint8(64-bitsN), offset
		table := sliderTable[offset : offset+uint32(1)<<bitsN]
		var filled [4096]bool
		// Carry-Rippler enumeration of every subset of mask.
		for b := uint64(0); ; {
			idx := (b * m.magic) >> m.shift
			att := slideAttacks(sq, b, dirs)
			if filled[idx] && table[idx] != att {
				panic("dragon: a magic number maps two attack sets to one slot")
			}
			filled[idx], table[idx] = true, att
			b = (b - mask) & mask
			if b == 0 {
				break
			}
		}
		offset += uint32(1) << bitsN
	}
	return offset
}
