package nnuetrain

import (
	"math/rand/v2"
	"testing"
)

// synthetic builds samples of two features each out of 12, whose target
// is a fixed function of them, split into games so that some are held
// out.
func synthetic(n int) *Set {
	r := rand.New(rand.NewPCG(1, 2))
	s := &Set{Inputs: 12, Buckets: 2, off: []int{0}}
	value := []float64{-2, -1.5, -1, -0.5, 0, 0.5, 1, 1.5, 2, 0.3, -0.3, 0.8}
	for i := range n {
		a, b := r.IntN(6), 6+r.IntN(6)
		s.us = append(s.us, uint16(a), uint16(b))
		s.them = append(s.them, uint16(b), uint16(a))
		s.off = append(s.off, len(s.us))
		s.bucket = append(s.bucket, uint8(i%2))
		s.target = append(s.target, float32(sigmoid(value[a]+value[b])))
		s.game = append(s.game, int32(i))
	}
	return s
}

func TestTrainingLearns(t *testing.T) {
	s := synthetic(4000)
	_, short, err := Train(s, Config{Game: "test", Seed: 1, Epochs: 1, Batch: 4000, LR: 0.001, Holdout: 5})
	if err != nil {
		t.Fatal(err)
	}
	_, long, err := Train(s, Config{Game: "test", Seed: 1, Epochs: 30, Batch: 64, LR: 0.005, Holdout: 5})
	if err != nil {
		t.Fatal(err)
	}
	t.Logf("held out: %.5f, %.5f, quantised %.5f", short.Held, long.Held, long.HeldQuantised)
	if long.Held > short.Held/4 || long.HeldQuantised > 2*long.Held+1e-4 {
		t.Fatalf("held-out error %.5f after one step, %.5f after training (quantised %.5f)", short.Held, long.Held, long.HeldQuantised)
	}
}
