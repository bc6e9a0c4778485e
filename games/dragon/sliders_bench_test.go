package dragon

import (
	"math/bits"
	"testing"

	"wyrm/game"
)

// This benchmark is the measurement behind the choice of magic bitboards:
// it compares them with hyperbola quintessence (files and diagonals by byte
// reversal, ranks by a small table), checking first that both agree.

var (
	diagMask, antiMask, fileMask [64]uint64
	rankAttacks                  [64][8]uint64 // [inner occupancy][file] on rank 1
)

func init() {
	for sq := 0; sq < 64; sq++ {
		f, r := sq&7, sq>>3
		fileMask[sq] = fileBB[f] &^ sqBB(sq)
		for d := -7; d <= 7; d++ {
			if onBoard(f+d, r+d) && d != 0 {
				diagMask[sq] |= sqBB((r+d)*8 + f + d)
			}
			if onBoard(f+d, r-d) && d != 0 {
				antiMask[sq] |= sqBB((r-d)*8 + f + d)
			}
		}
	}
	for occ := 0; occ < 64; occ++ {
		for f := 0; f < 8; f++ {
			rankAttacks[occ][f] = slideAttacks(f, uint64(occ)<<1, [][2]int{{1, 0}, {-1, 0}})
		}
	}
}

func hyperbola(sq int, occ, mask uint64) uint64 {
	o := occ & mask
	s := sqBB(sq)
	forward := o - 2*s
	reverse := bits.ReverseBytes64(bits.ReverseBytes64(o) - 2*bits.ReverseBytes64(s))
	return (forward ^ reverse) & mask
}

func hqQueen(sq int, occ uint64) uint64 {
	r := sq &^ 7
	rank := rankAttacks[(occ>>uint(r+1))&63][sq&7] << uint(r)
	return hyperbola(sq, occ, diagMask[sq]) | hyperbola(sq, occ, antiMask[sq]) |
		hyperbola(sq, occ, fileMask[sq]) | rank
}

func sliderSamples() (sqs [1024]int, occs [1024]uint64) {
	k := game.NewKeySource(99)
	for i := range sqs {
		sqs[i] = int(k.Next() & 63)
		occs[i] = k.Next() & k.Next() // about a quarter of the squares
	}
	return sqs, occs
}

func TestHyperbolaAgreesWithMagics(t *testing.T) {
	sqs, occs := sliderSamples()
	for i := range sqs {
		if a, b := queenAttacks(sqs[i], occs[i]), hqQueen(sqs[i], occs[i]); a != b {
			t.Fatalf("square %d occ %x: magic %x, hyperbola %x", sqs[i], occs[i], a, b)
		}
	}
}

var sliderSink uint64

func BenchmarkSliders(b *testing.B) {
	sqs, occs := sliderSamples()
	b.Run("magic", func(b *testing.B) {
		var x uint64
		for b.Loop() {
			for i := range sqs {
				x ^= queenAttacks(sqs[i], occs[i])
			}
		}
		sliderSink = x
	})
	b.Run("hyperbola", func(b *testing.B) {
		var x uint64
		for b.Loop() {
			for i := range sqs {
				x ^= hqQueen(sqs[i], occs[i])
			}
		}
		sliderSink = x
	})
}
