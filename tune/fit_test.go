package tune

import (
	"context"
	"fmt"
	"math"
	"math/rand/v2"
	"slices"
	"testing"

	"wyrm/game"
)

// linearSet is a synthetic data set: every sample's evaluation is a
// weighted sum of its features, rounded as an engine's would be.
type linearSet struct {
	params   []game.Param
	features [][]float64
	results  []float64
}

type linearWeights []int

func (w linearWeights) Values() []int { return slices.Clone(w) }

func (s *linearSet) Len() int             { return len(s.results) }
func (s *linearSet) Result(i int) float64 { return s.results[i] }
func (s *linearSet) Group(i int) int      { return i / 10 }
func (s *linearSet) Params() []game.Param { return slices.Clone(s.params) }
func (s *linearSet) evalWith(i int, w []int) int {
	e := 0.0
	for k, x := range s.features[i] {
		e += x * float64(w[k])
	}
	return int(math.Round(e))
}

func (s *linearSet) Weights(values []int) (game.Weights, error) {
	if err := game.CheckValues(s.params, values); err != nil {
		return nil, err
	}
	return linearWeights(slices.Clone(values)), nil
}

func (s *linearSet) Evaluate(i int, ws []game.Weights, out []int) error {
	for k, w := range ws {
		out[k] = s.evalWith(i, w.(linearWeights))
	}
	return nil
}

// newLinearSet draws n samples of sparse features (piece counts and
// differences, mostly small integers, some absent) and labels them with
// sigmoid(k * eval / 400) of the true weights: the expected result
// itself when exact, else a game result drawn from it.
func newLinearSet(n int, truth []int, k float64, exact bool, seed uint64) *linearSet {
	rng := rand.New(rand.NewPCG(seed, 1))
	s := &linearSet{}
	for i := range truth {
		s.params = append(s.params, game.Param{Name: fmt.Sprintf("w%d", i), Min: -2000, Max: 2000})
	}
	for range n {
		x := make([]float64, len(truth))
		for k := range x {
			if rng.IntN(3) > 0 {
				x[k] = float64(rng.IntN(5) - 2)
			}
		}
		s.features = append(s.features, x)
		e := 0.0
		for k, v := range truth {
			e += x[k] * float64(v)
		}
		p := sigmoid(k, math.Round(e))
		if !exact {
			// A draw as likely as the less likely decisive result, the
			// expected score still p.
			q := min(p, 1-p)
			switch u := rng.Float64(); {
			case u < p-q/2:
				p = 1
			case u < p+q/2:
				p = 0.5
			default:
				p = 0
			}
		}
		s.results = append(s.results, p)
	}
	return s
}

func (s *linearSet) start(values []int) {
	for i := range s.params {
		s.params[i].Value = values[i]
	}
}

// The fit finds the weights that produced the results: exactly (to the
// rounding of integer weights) when the results are the expected ones.
func TestFitRecoversKnownWeights(t *testing.T) {
	truth := []int{100, 320, 500, -40, 15, 7}
	s := newLinearSet(4000, truth, 1.3, true, 1)
	s.start([]int{80, 300, 560, 0, 0, 20})
	res, err := Fit(context.Background(), s, FitConfig{K: 1.3, Threads: 2, Log: testLog{t}})
	if err != nil {
		t.Fatal(err)
	}
	for i, v := range truth {
		if d := res.Values[i] - v; d < -1 || d > 1 {
			t.Errorf("w%d = %d, want %d", i, res.Values[i], v)
		}
	}
	if !(res.TrainAfter < res.TrainBefore/100) || res.TrainAfter > 1e-5 {
		t.Errorf("error %g -> %g, want nearly 0", res.TrainBefore, res.TrainAfter)
	}
}

// With K found from the data, only the product of K and the weights is
// determined: the fit scales all weights alike.
func TestFitFindsKAndTheWeightsRatios(t *testing.T) {
	truth := []int{100, 320, 500, -40}
	s := newLinearSet(4000, truth, 1.3, true, 2)
	s.start(truth)
	res, err := Fit(context.Background(), s, FitConfig{})
	if err != nil {
		t.Fatal(err)
	}
	if math.Abs(res.K-1.3) > 0.01 {
		t.Errorf("K = %.4f, want 1.3", res.K)
	}
	for i, v := range truth {
		if got := res.K * float64(res.Values[i]); math.Abs(got-1.3*float64(v)) > 0.02*math.Abs(1.3*float64(v))+2 {
			t.Errorf("K*w%d = %.1f, want %.1f", i, got, 1.3*float64(v))
		}
	}
}

// Game results drawn from the sigmoid, a held-out share, some weights
// kept out of the fit: the fitted ones come close, the others stay, and
// the held-out error falls with the training error.
func TestFitOnDrawnResults(t *testing.T) {
	truth := []int{100, 320, 500, -40, 15}
	s := newLinearSet(30000, truth, 1.0, false, 3)
	startAt := []int{60, 250, 600, 0, 15}
	s.start(startAt)
	res, err := Fit(context.Background(), s, FitConfig{K: 1.0, Holdout: 5, Only: []string{"w0", "w1", "w2", "w3"}})
	if err != nil {
		t.Fatal(err)
	}
	if res.Test == 0 || res.Train+res.Test != s.Len() || res.Test > s.Len()/4 {
		t.Errorf("held out %d of %d", res.Test, s.Len())
	}
	for i, v := range truth[:4] {
		if d := math.Abs(float64(res.Values[i] - v)); d > 0.1*math.Abs(float64(v))+15 {
			t.Errorf("w%d = %d, want about %d", i, res.Values[i], v)
		}
	}
	if res.Values[4] != 15 {
		t.Errorf("w4, not fitted, moved to %d", res.Values[4])
	}
	if !(res.TrainAfter < res.TrainBefore) || !(res.TestAfter < res.TestBefore) {
		t.Errorf("errors: train %g -> %g, held out %g -> %g", res.TrainBefore, res.TrainAfter, res.TestBefore, res.TestAfter)
	}
	if len(res.Changed()) != 4 || res.Fitted()[2].Value != res.Values[2] {
		t.Errorf("Changed %v", res.Changed())
	}
}

// Bounds hold, however far the data pull.
func TestFitKeepsBounds(t *testing.T) {
	truth := []int{100, 320}
	s := newLinearSet(2000, truth, 1.0, true, 4)
	s.params[1].Min, s.params[1].Max = 0, 200
	s.start([]int{100, 150})
	res, err := Fit(context.Background(), s, FitConfig{K: 1.0})
	if err != nil {
		t.Fatal(err)
	}
	if res.Values[1] != 200 {
		t.Errorf("w1 = %d, want its bound 200", res.Values[1])
	}
	if _, err := Fit(context.Background(), s, FitConfig{Only: []string{"nothing"}}); err == nil {
		t.Error("a fit of no parameter ran")
	}
}

func TestFitK(t *testing.T) {
	var evals, results []float64
	for e := -800.0; e <= 800; e += 10 {
		evals = append(evals, e)
		results = append(results, sigmoid(0.7, e))
	}
	if k := fitK(evals, results); math.Abs(k-0.7) > 1e-3 {
		t.Errorf("fitK = %g, want 0.7", k)
	}
}

// testLog sends a fit's progress to the test log.
type testLog struct{ t *testing.T }

func (l testLog) Write(p []byte) (int, error) {
	l.t.Log(string(p))
	return len(p), nil
}

// A parameter named "eval." chooses an evaluation; the fit leaves it at
// its start value even where moving it would lower the error.
func TestFitLeavesEvaluationChoicesAlone(t *testing.T) {
	truth := []int{100, 320, 500}
	s := newLinearSet(2000, truth, 1.3, true, 4)
	s.params[2].Name = "eval.choice"
	s.start([]int{80, 300, 0})
	res, err := Fit(context.Background(), s, FitConfig{K: 1.3})
	if err != nil {
		t.Fatal(err)
	}
	if res.Values[2] != 0 {
		t.Errorf("eval.choice fitted to %d", res.Values[2])
	}
	if res.Values[0] == 80 && res.Values[1] == 300 {
		t.Error("nothing fitted")
	}
}
