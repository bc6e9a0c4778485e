package tune

import (
	"context"
	"errors"
	"fmt"
	"io"
	"math"
	"slices"
	"strings"

	"wyrm/game"
)

// FitConfig says how to fit.
type FitConfig struct {
	// Rounds bounds the rounds of linearising and optimising (default 4).
	Rounds int
	// Only, when not empty, fits only the parameters whose names start
	// with one of these prefixes; the others keep their values.
	Only []string
	// Holdout keeps every Holdout-th game (by Set.Group) out of the fit,
	// to measure the error on positions it did not see (0: none).
	Holdout int
	// L2 pulls each weight towards its start: L2 times the square of its
	// change, in its own units, is added to the error (0: none).
	L2 float64
	// Threads evaluates positions in parallel (default 1).
	Threads int
	// K, when positive, is used instead of the K that fits the start
	// values best (to compare fits on one scale).
	K float64
	// Log receives a line per step of the fit (nil: none).
	Log io.Writer
}

// FitResult is what a fit found.
type FitResult struct {
	// K scales evaluations to expected results: sigmoid(K * eval / 400),
	// found once, for the start values.
	K float64
	// Params are the parameters with their start values; Values the
	// fitted values, in the same order.
	Params []game.Param
	Values []int
	// Train and Test count the positions fitted and held out.
	Train, Test int
	// The mean squared errors before and after, on both shares (the test
	// errors are 0 without a held-out share).
	TrainBefore, TrainAfter, TestBefore, TestAfter float64
	// Rounds is the number of rounds whose weights were kept.
	Rounds int
}

// Changed lists the parameters whose value the fit changed, "name a -> b".
func (r FitResult) Changed() []string {
	var out []string
	for i, p := range r.Params {
		if r.Values[i] != p.Value {
			out = append(out, fmt.Sprintf("%s %d -> %d", p.Name, p.Value, r.Values[i]))
		}
	}
	return out
}

// Fitted returns the parameters with the fitted values.
func (r FitResult) Fitted() []game.Param {
	out := slices.Clone(r.Params)
	for i := range out {
		out[i].Value = r.Values[i]
	}
	return out
}

// sigmoidScale is the 400 of Texel's sigmoid, 1/(1+10^(-K*eval/400)).
const sigmoidScale = 400

// fitter holds a fit's state.
type fitter struct {
	ctx     context.Context
	set     Set
	cfg     FitConfig
	train   []int // sample indices
	test    []int
	results []float64 // of the training samples
	params  []game.Param
	active  []int // indices of the parameters fitted
	k       float64
}

// Fit finds K for the set's start values and then the values of the
// parameters that minimise the mean squared error on the training share.
func Fit(ctx context.Context, s Set, cfg FitConfig) (FitResult, error) {
	f := &fitter{ctx: ctx, set: s, cfg: cfg, params: s.Params()}
	if f.cfg.Rounds <= 0 {
		f.cfg.Rounds = 4
	}
	f.cfg.Threads = max(f.cfg.Threads, 1)
	for i := 0; i < s.Len(); i++ {
		if cfg.Holdout > 0 && s.Group(i)%cfg.Holdout == cfg.Holdout-1 {
			f.test = append(f.test, i)
		} else {
			f.train = append(f.train, i)
		}
	}
	if len(f.train) == 0 {
		return FitResult{}, errors.New("no positions left to fit after the held-out share")
	}
	for _, i := range f.train {
		f.results = append(f.results, s.Result(i))
	}
	for i, p := range f.params {
		// "eval." parameters choose an evaluation (a game's network or
		// its hand-written terms); they are not weights to fit.
		if p.Min < p.Max && !strings.HasPrefix(p.Name, "eval.") && matchesAny(p.Name, cfg.Only) {
			f.active = append(f.active, i)
		}
	}
	if len(f.active) == 0 {
		return FitResult{}, fmt.Errorf("no parameter matches %s", strings.Join(cfg.Only, ","))
	}
	start := make([]int, len(f.params))
	for i, p := range f.params {
		start[i] = p.Value
	}
	res := FitResult{Params: slices.Clone(f.params), Train: len(f.train), Test: len(f.test)}
	evals, err := f.evaluate(f.train, start)
	if err != nil {
		return res, err
	}
	f.k = cfg.K
	if f.k <= 0 {
		f.k = fitK(evals, f.results)
	}
	res.K = f.k
	res.TrainBefore = meanError(f.k, evals, f.results)
	f.logf("K = %.4f; error %.6f on %d positions, %d parameters to fit", f.k, res.TrainBefore, len(f.train), len(f.active))
	cur, curErr := start, res.TrainBefore
	for round := 1; round <= f.cfg.Rounds; round++ {
		next, nextErr, err := f.round(round, start, cur, curErr)
		if err != nil {
			return res, err
		}
		if next == nil {
			break
		}
		cur, curErr = next, nextErr
		res.Rounds = round
	}
	res.Values, res.TrainAfter = cur, curErr
	if len(f.test) > 0 {
		results := make([]float64, len(f.test))
		for j, i := range f.test {
			results[j] = s.Result(i)
		}
		for _, v := range [][]int{start, cur} {
			ev, err := f.evaluate(f.test, v)
			if err != nil {
				return res, err
			}
			if res.TestBefore == 0 {
				res.TestBefore = meanError(f.k, ev, results)
			} else {
				res.TestAfter = meanError(f.k, ev, results)
			}
		}
		if slices.Equal(start, cur) {
			res.TestAfter = res.TestBefore
		}
		f.logf("held out: error %.6f -> %.6f on %d positions", res.TestBefore, res.TestAfter, len(f.test))
	}
	return res, nil
}

// round linearises the evaluation at cur, minimises that model's error
// and returns the rounded weights when they lower the true error (nil
// when they do not).
func (f *fitter) round(n int, start, cur []int, curErr float64) ([]int, float64, error) {
	lin, err := f.linearise(cur)
	if err != nil {
		return nil, 0, err
	}
	d := lin.minimise(f, start, cur)
	for _, share := range []float64{1, 0.5, 0.25} {
		next := slices.Clone(cur)
		for a, i := range f.active {
			p := f.params[i]
			next[i] = min(max(cur[i]+int(math.Round(share*d[a])), p.Min), p.Max)
		}
		if slices.Equal(next, cur) {
			f.logf("round %d: no weight moves", n)
			return nil, 0, nil
		}
		ev, err := f.evaluate(f.train, next)
		if err != nil {
			return nil, 0, err
		}
		e := meanError(f.k, ev, f.results)
		f.logf("round %d: model error %.6f, true error %.6f -> %.6f (%g of the step)", n, lin.modelErr, curErr, e, share)
		if e < curErr {
			return next, e, nil
		}
	}
	return nil, 0, nil
}

func matchesAny(name string, prefixes []string) bool {
	if len(prefixes) == 0 {
		return true
	}
	for _, p := range prefixes {
		if strings.HasPrefix(name, p) {
			return true
		}
	}
	return false
}

func (f *fitter) logf(format string, args ...any) {
	if f.cfg.Log != nil {
		fmt.Fprintf(f.cfg.Log, format+"\n", args...)
	}
}

// evaluate returns the evaluations of the samples idx under values.
func (f *fitter) evaluate(idx []int, values []int) ([]float64, error) {
	w, err := f.set.Weights(values)
	if err != nil {
		return nil, err
	}
	out := make([]float64, len(idx))
	err = f.parallel(len(idx), func(_, lo, hi int) error {
		ws, e := []game.Weights{w}, []int{0}
		for k := lo; k < hi; k++ {
			if err := f.set.Evaluate(idx[k], ws, e); err != nil {
				return err
			}
			out[k] = float64(e[0])
		}
		return nil
	})
	return out, err
}

// chunk is how many samples parallel hands fn at a time.
const chunk = 1024

// parallel runs fn over [0, n) in chunks: worker w of f.cfg.Threads gets
// a contiguous run of them, in order, each starting at a multiple of
// chunk. It stops at the first error or when the fit's context ends.
func (f *fitter) parallel(n int, fn func(worker, lo, hi int) error) error {
	chunks := (n + chunk - 1) / chunk
	t := max(min(f.cfg.Threads, chunks), 1)
	errs := make(chan error, t)
	for w := 0; w < t; w++ {
		first, last := chunks*w/t, chunks*(w+1)/t
		go func() {
			for c := first; c < last; c++ {
				if err := f.ctx.Err(); err != nil {
					errs <- err
					return
				}
				if err := fn(w, c*chunk, min((c+1)*chunk, n)); err != nil {
					errs <- err
					return
				}
			}
			errs <- nil
		}()
	}
	var first error
	for w := 0; w < t; w++ {
		if err := <-errs; err != nil && first == nil {
			first = err
		}
	}
	return first
}

// sigmoid is the expected result of an evaluation for scale k.
func sigmoid(k, eval float64) float64 {
	return 1 / (1 + math.Pow(10, -k*eval/sigmoidScale))
}

// meanError is the mean squared error of results against sigmoid(k * evals).
func meanError(k float64, evals, results []float64) float64 {
	sum := 0.0
	for j, e := range evals {
		d := results[j] - sigmoid(k, e)
		sum += d * d
	}
	return sum / float64(max(len(evals), 1))
}

// fitK finds the K that minimises the mean squared error, by
// golden-section search over log K (the error is unimodal in K).
func fitK(evals, results []float64) float64 {
	lo, hi := math.Log(1e-3), math.Log(20.0)
	g := (math.Sqrt(5) - 1) / 2
	errAt := func(x float64) float64 { return meanError(math.Exp(x), evals, results) }
	a, b := hi-g*(hi-lo), lo+g*(hi-lo)
	fa, fb := errAt(a), errAt(b)
	for range 80 {
		if fa < fb {
			hi, b, fb = b, a, fa
			a = hi - g*(hi-lo)
			fa = errAt(a)
		} else {
			lo, a, fa = a, b, fb
			b = lo + g*(hi-lo)
			fb = errAt(b)
		}
	}
	return math.Exp((lo + hi) / 2)
}
