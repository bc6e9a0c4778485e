package dungeon_test

import (
	"context"
	"testing"

	"wyrm/game"
	"wyrm/games/dungeon"
	"wyrm/search"
)

// BenchmarkSearch searches the two-player quick-start position to a fixed
// depth with the shared engine (warmed up, so that a fresh table's page
// faults do not count) and reports nodes per second: the per-node cost of
// the search hooks shows here.
func BenchmarkSearch(b *testing.B) {
	p, err := dungeon.Game{}.Start(game.Options{})
	if err != nil {
		b.Fatal(err)
	}
	e := search.New(1)
	e.Search(context.Background(), p, search.Limits{Depth: 6}, nil)
	var nodes uint64
	for b.Loop() {
		r := e.Search(context.Background(), p, search.Limits{Depth: 7}, nil)
		nodes += r.Nodes
	}
	b.ReportMetric(float64(nodes)/b.Elapsed().Seconds()/1e6, "Mnodes/s")
}
