package dragonchess

import (
	"testing"

	"wyrm/game"
)

// BenchmarkPerft4 is the speed target: perft from the initial position to
// depth 4 (66,769,718 leaves), reported in nodes per second.
func BenchmarkPerft4(b *testing.B) {
	p := mustParse(b, startPos, "")
	p.scratch(8) // warm the move buffers
	b.ReportAllocs()
	b.ResetTimer()
	var n uint64
	for i := 0; i < b.N; i++ {
		n = p.Perft(4)
	}
	if n != 66769718 {
		b.Fatalf("perft(4) = %d", n)
	}
	b.ReportMetric(float64(n)*float64(b.N)/b.Elapsed().Seconds()/1e6, "Mnodes/s")
}

// BenchmarkLegalMoves measures one full legal move generation.
func BenchmarkLegalMoves(b *testing.B) {
	p := mustParse(b, startPos, "")
	buf := make([]game.Move, 0, 512)
	b.ReportAllocs()
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		buf = p.LegalMoves(buf[:0])
	}
}

// BenchmarkToMove measures ToMove, which the search asks at every node.
func BenchmarkToMove(b *testing.B) {
	p := mustParse(b, referencePositions(b)[1], "")
	b.ReportAllocs()
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		_ = p.ToMove()
	}
}

// BenchmarkEvaluate measures the static evaluation.
func BenchmarkEvaluate(b *testing.B) {
	p := mustParse(b, referencePositions(b)[1], "")
	b.ReportAllocs()
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		_ = p.Evaluate(0)
	}
}
