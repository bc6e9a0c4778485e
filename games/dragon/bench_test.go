package dragon

import (
	"testing"

	"wyrm/game"
)

// benchPerft runs perft(depth) from fen and reports nodes per second.
func benchPerft(b *testing.B, fen string, depth int, want uint64) {
	p, err := ParseFEN(fen)
	if err != nil {
		b.Fatal(err)
	}
	b.ReportAllocs()
	var nodes uint64
	for b.Loop() {
		n := p.Perft(depth)
		if n != want {
			b.Fatalf("perft(%d) = %d, want %d", depth, n, want)
		}
		nodes += n
	}
	b.ReportMetric(float64(nodes)/b.Elapsed().Seconds()/1e6, "Mnodes/s")
}

// BenchmarkPerftStart6 is the speed target: perft 6 of the two-Dragon start.
func BenchmarkPerftStart6(b *testing.B) { benchPerft(b, StartFEN, 6, 125432340) }

func BenchmarkPerftStart5(b *testing.B) { benchPerft(b, StartFEN, 5, 5038485) }

// BenchmarkPerftMiddlegame5 is a busy middlegame with drops, castling and
// en passant available.
func BenchmarkPerftMiddlegame5(b *testing.B) {
	benchPerft(b, "rn2kbdr/pb2p2p/2pq3n/RP1pPpp1/3P4/1P3PPB/2P4P/2BQKNNR[DDd] w Kq f6 0 13", 5, 42375126)
}

func BenchmarkPerftCastling5(b *testing.B) {
	benchPerft(b, "r3k2r/8/8/8/8/8/8/R3K2R[DDdd] w KQkq - 0 1", 5, 25101816)
}

func BenchmarkEvaluate(b *testing.B) {
	p, _ := ParseFEN("rn2kbdr/pb2p2p/2pq3n/RP1pPpp1/3P4/1P3PPB/2P4P/2BQKNNR[DDd] w Kq f6 0 13")
	b.ReportAllocs()
	for b.Loop() {
		p.Evaluate(0)
	}
}

func TestNoAllocations(t *testing.T) {
	p, _ := ParseFEN("rn2kbdr/pb2p2p/2pq3n/RP1pPpp1/3P4/1P3PPB/2P4P/2BQKNNR[DDd] w Kq f6 0 13")
	buf := make([]game.Move, 0, maxMoves)
	noisy := make([]game.Move, 0, maxMoves)
	allocs := testing.AllocsPerRun(20, func() {
		for _, m := range p.LegalMoves(buf[:0]) {
			p.Gain(m)
			p.IsNoisy(m)
			p.Play(m)
			p.Perft(2)
			p.Evaluate(p.ToMove())
			p.Outcome()
			p.InCheck()
			p.NoisyMoves(noisy[:0])
			p.Undo()
		}
		p.PlayNull()
		p.UndoNull()
	})
	if allocs != 0 {
		t.Errorf("%.1f allocations per run, want 0", allocs)
	}
}
