package swiss

import (
	"math/rand/v2"
	"testing"
)

// BenchmarkPairRound500 pairs round 6 of 9 for 500 players with random
// results so far.
func BenchmarkPairRound500(b *testing.B) {
	rng := rand.New(rand.NewPCG(1, 2))
	ev := newEvent(500)
	for r := 1; r <= 5; r++ {
		got, err := PairRound(History(ev.entries, ev.games, r-1), r, 9)
		if err != nil {
			b.Fatal(err)
		}
		res := make([]int, len(got.Pairs))
		for k := range res {
			res[k] = rng.IntN(3)
		}
		ev.record(r, got, res)
	}
	ps := History(ev.entries, ev.games, 5)
	for b.Loop() {
		if _, err := PairRound(ps, 6, 9); err != nil {
			b.Fatal(err)
		}
	}
}
