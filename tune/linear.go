package tune

import (
	"math"

	"wyrm/game"
)

// linear is the evaluation of the training positions as a linear function
// of the fitted parameters' changes from the values it was taken at:
// eval_j(d) = base_j + sum over i of coef_ji * d_i, with the coefficients
// kept sparse (most terms are absent from most positions).
type linear struct {
	base  []float64
	start []int32 // row j's coefficients are cols/vals[start[j]:start[j+1]]
	cols  []uint16
	vals  []float32
	// modelErr is the model's error at the minimum found.
	modelErr float64
}

// stepOf is the finite difference a parameter's coefficients are measured
// with: a few units, more for a wide range, so that an evaluation's
// integer rounding (the middlegame-endgame blend, say) does not swamp the
// difference; backwards at the upper bound.
func stepOf(p game.Param, v int) int {
	h := max(4, (p.Max-p.Min)/64)
	if v+h > p.Max {
		h = -min(h, v-p.Min)
	}
	return h
}

// linearise evaluates every training position under values and under
// values with each fitted parameter moved by its step.
func (f *fitter) linearise(values []int) (*linear, error) {
	ws := make([]game.Weights, 1+len(f.active))
	steps := make([]float64, len(f.active))
	var err error
	if ws[0], err = f.set.Weights(values); err != nil {
		return nil, err
	}
	for a, i := range f.active {
		h := stepOf(f.params[i], values[i])
		steps[a] = float64(h)
		v := append([]int(nil), values...)
		v[i] += h
		if ws[1+a], err = f.set.Weights(v); err != nil {
			return nil, err
		}
	}
	n := len(f.train)
	lin := &linear{base: make([]float64, n)}
	type part struct {
		counts []int32
		cols   []uint16
		vals   []float32
	}
	parts := make([]part, (n+chunk-1)/chunk)
	err = f.parallel(n, func(_, lo, hi int) error {
		out := make([]int, len(ws))
		pt := &parts[lo/chunk]
		for k := lo; k < hi; k++ {
			if err := f.set.Evaluate(f.train[k], ws, out); err != nil {
				return err
			}
			lin.base[k] = float64(out[0])
			c := int32(0)
			for a := range f.active {
				if d := out[1+a] - out[0]; d != 0 {
					pt.cols = append(pt.cols, uint16(a))
					pt.vals = append(pt.vals, float32(float64(d)/steps[a]))
					c++
				}
			}
			pt.counts = append(pt.counts, c)
		}
		return nil
	})
	if err != nil {
		return nil, err
	}
	lin.start = make([]int32, 1, n+1)
	for _, pt := range parts {
		for _, c := range pt.counts {
			lin.start = append(lin.start, lin.start[len(lin.start)-1]+c)
		}
		lin.cols = append(lin.cols, pt.cols...)
		lin.vals = append(lin.vals, pt.vals...)
	}
	f.logf("linearised at the current weights: %.1f terms a position", float64(len(lin.cols))/float64(max(n, 1)))
	return lin, nil
}

// eval is the model's evaluation of row j after changes d.
func (l *linear) eval(j int, d []float64) float64 {
	e := l.base[j]
	for x := l.start[j]; x < l.start[j+1]; x++ {
		e += float64(l.vals[x]) * d[l.cols[x]]
	}
	return e
}

// objective is the model's error after changes d, with the pull towards
// the start values.
func (l *linear) objective(f *fitter, pull []float64, d []float64) float64 {
	sum := 0.0
	for j := range l.base {
		r := f.results[j] - sigmoid(f.k, l.eval(j, d))
		sum += r * r
	}
	e := sum / float64(len(l.base))
	for a := range d {
		x := pull[a] + d[a]
		e += f.cfg.L2 * x * x
	}
	return e
}

// minimise finds the changes that minimise the model's error, within the
// parameters' bounds, by Levenberg-Marquardt steps on the Gauss-Newton
// approximation of the squared error, and returns them (one a fitted
// parameter).
func (l *linear) minimise(f *fitter, start, cur []int) []float64 {
	na := len(f.active)
	d := make([]float64, na)
	pull := make([]float64, na) // cur - start, in fitted parameters
	lo, hi := make([]float64, na), make([]float64, na)
	for a, i := range f.active {
		pull[a] = float64(cur[i] - start[i])
		lo[a], hi[a] = float64(f.params[i].Min-cur[i]), float64(f.params[i].Max-cur[i])
	}
	a := math.Ln10 * f.k / sigmoidScale
	obj := l.objective(f, pull, d)
	mu := 1e-3
	h := make([]float64, na*na)
	g := make([]float64, na)
	fresh := false
	for iter := 0; iter < 200 && mu < 1e12; iter++ {
		if !fresh {
			l.normal(f, a, d, h, g)
			for x := 0; x < na; x++ {
				h[x*na+x] += 2 * f.cfg.L2
				g[x] += 2 * f.cfg.L2 * (pull[x] + d[x])
			}
			fresh = true
		}
		step, ok := solveDamped(h, g, na, mu)
		if !ok {
			mu *= 4
			continue
		}
		next := make([]float64, na)
		for x := range next {
			next[x] = min(max(d[x]+step[x], lo[x]), hi[x])
		}
		e := l.objective(f, pull, next)
		if e < obj {
			done := obj-e < 1e-10*obj
			d, obj, fresh = next, e, false
			mu = max(mu/3, 1e-9)
			if done {
				break
			}
		} else {
			mu *= 4
		}
	}
	l.modelErr = obj
	return d
}

// normal fills h with the Gauss-Newton matrix (2/N) sum J_j J_j^T of the
// squared error at changes d, and g with its gradient (2/N) sum r_j J_j,
// where J_j is row j's coefficients times the sigmoid's slope.
func (l *linear) normal(f *fitter, a float64, d, h, g []float64) {
	na := len(d)
	clear(h)
	clear(g)
	type acc struct{ h, g []float64 }
	n := len(l.base)
	parts := make([]acc, f.cfg.Threads)
	_ = f.parallel(n, func(worker, lo, hi int) error {
		pt := &parts[worker]
		if pt.h == nil {
			pt.h, pt.g = make([]float64, na*na), make([]float64, na)
		}
		for j := lo; j < hi; j++ {
			s := sigmoid(f.k, l.eval(j, d))
			slope := a * s * (1 - s)
			r := s - f.results[j]
			row0, row1 := l.start[j], l.start[j+1]
			for x := row0; x < row1; x++ {
				jx := slope * float64(l.vals[x])
				cx := int(l.cols[x])
				pt.g[cx] += r * jx
				for y := x; y < row1; y++ {
					pt.h[cx*na+int(l.cols[y])] += jx * slope * float64(l.vals[y])
				}
			}
		}
		return nil
	})
	scale := 2 / float64(n)
	for _, pt := range parts {
		if pt.h == nil {
			continue
		}
		for x := range h {
			h[x] += pt.h[x] * scale
		}
		for x := range g {
			g[x] += pt.g[x] * scale
		}
	}
	// Columns within a row are in increasing order, so only the upper
	// triangle was filled: mirror it.
	for x := 0; x < na; x++ {
		for y := x + 1; y < na; y++ {
			h[y*na+x] = h[x*na+y]
		}
	}
}

// solveDamped solves (H + mu diag(H)) step = -g by Cholesky, with a floor
// on the diagonal for parameters no position depends on.
func solveDamped(h, g []float64, n int, mu float64) ([]float64, bool) {
	m := make([]float64, n*n)
	copy(m, h)
	for x := 0; x < n; x++ {
		diag := h[x*n+x]
		m[x*n+x] = diag + mu*max(diag, 1e-12) + 1e-15
	}
	// Cholesky: m = L L^T, L stored in the lower triangle.
	for x := 0; x < n; x++ {
		for y := 0; y <= x; y++ {
			s := m[x*n+y]
			for z := 0; z < y; z++ {
				s -= m[x*n+z] * m[y*n+z]
			}
			if x == y {
				if s <= 0 {
					return nil, false
				}
				m[x*n+x] = math.Sqrt(s)
			} else {
				m[x*n+y] = s / m[y*n+y]
			}
		}
	}
	step := make([]float64, n)
	for x := 0; x < n; x++ { // L z = -g
		s := -g[x]
		for z := 0; z < x; z++ {
			s -= m[x*n+z] * step[z]
		}
		step[x] = s / m[x*n+x]
	}
	for x := n - 1; x >= 0; x-- { // L^T step = z
		s := step[x]
		for z := x + 1; z < n; z++ {
			s -= m[z*n+x] * step[z]
		}
		step[x] = s / m[x*n+x]
	}
	return step, true
}
