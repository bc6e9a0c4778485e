package dragon_test

import (
	"context"
	"testing"

	"wyrm/games/dragon"
	"wyrm/search"
)

// searchSpeedFENs are the positions of the search-speed benchmark: the
// start and two developed middlegames with Dragons in hand.
var searchSpeedFENs = []string{
	dragon.StartFEN,
	"r1bqkb1r/ppdp1ppp/2n1pn2/2p5/2P5/3PPN1P/PP2BPP1/RNBQK2R[DDd] w KQkq - 0 7",
	"rn1qk2r/pbp2ppp/1p1bpn2/3pN3/3P4/P3P3/1PP1BPPP/RNBQK2R[DDdd] w KQkq - 2 7",
}

// BenchmarkSearch searches each position to a fixed depth with the shared
// engine and reports nodes per second: the per-node cost of the game's
// search hooks (Evaluate, ToMove, Outcome, NoisyMoves, Gain) shows here.
func BenchmarkSearch(b *testing.B) {
	// One engine for all searches, warmed up first, so that the page
	// faults of a fresh table do not count: in play the engine is reused.
	e := search.New(1)
	warm, _ := dragon.ParseFEN(dragon.StartFEN)
	e.Search(context.Background(), warm, search.Limits{Depth: 9}, nil)
	var nodes uint64
	for b.Loop() {
		for _, fen := range searchSpeedFENs {
			p, err := dragon.ParseFEN(fen)
			if err != nil {
				b.Fatal(err)
			}
			r := e.Search(context.Background(), p, search.Limits{Depth: 8}, nil)
			nodes += r.Nodes
		}
	}
	b.ReportMetric(float64(nodes)/b.Elapsed().Seconds()/1e6, "Mnodes/s")
	b.ReportMetric(float64(nodes)/float64(b.N), "nodes/op")
}
