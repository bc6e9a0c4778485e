package store

import (
	"context"
	"fmt"
	"runtime"
	"sync/atomic"
	"testing"
)

// BenchmarkAppendParallel measures group-committed append throughput with
// many games moving at once, one goroutine per game, for each store.
func BenchmarkAppendParallel(b *testing.B) {
	for _, be := range backends {
		for _, games := range []int{16, 128, 1024} {
			b.Run(fmt.Sprintf("%s/games=%d", be.name, games), func(b *testing.B) {
				benchAppends(b, be.target(b), games)
			})
		}
	}
}

func benchAppends(b *testing.B, target string, games int) {
	ctx := context.Background()
	s, err := Open(target)
	if err != nil {
		b.Fatal(err)
	}
	defer s.Close()
	// RunParallel starts parallelism × GOMAXPROCS goroutines.
	procs := runtime.GOMAXPROCS(0)
	par := max(1, games/procs)
	for g := 0; g < par*procs; g++ {
		if err := s.CreateGame(ctx, Game{ID: fmt.Sprint("g", g), Def: []byte(`{}`)}); err != nil {
			b.Fatal(err)
		}
	}
	var next atomic.Int64
	b.SetParallelism(par)
	b.ResetTimer()
	b.RunParallel(func(pb *testing.PB) {
		id := fmt.Sprint("g", next.Add(1)-1)
		for seq := 0; pb.Next(); seq++ {
			if err := s.Append(ctx, id, Action{Seq: seq, Kind: "move", Data: "e2e4"}); err != nil {
				b.Error(err)
				return
			}
		}
	})
	b.ReportMetric(float64(b.N)/b.Elapsed().Seconds(), "appends/s")
}
