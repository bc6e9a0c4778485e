package nnuetrain

import (
	"errors"
	"fmt"
	"io"
	"math"
	"math/rand/v2"

	"wyrm/game/nnue"
)

// H is the first layer's width, the network format's.
const H = nnue.Hidden

// Config says how to train.
type Config struct {
	Game   string // written into the network file
	Seed   uint64 // initial weights and the order of samples
	Epochs int
	Batch  int
	// LR is Adam's step size at the start; it falls linearly to a tenth
	// of it by the last epoch.
	LR float64
	// Holdout keeps games whose number is a multiple of it out of
	// training, to report the error on them (0: none).
	Holdout int
	// Progress receives a line per epoch (nil: none).
	Progress io.Writer
}

// Report is what training measured: mean squared errors of the expected
// score, on the training share and the held-out share, after the last
// epoch, and the held-out error of the quantised network.
type Report struct {
	Train, Held, HeldQuantised float64
	TrainN, HeldN              int
}

// model is the network in float32, with Adam's moments.
type model struct {
	w1, b1, w2, b2 []float32 // the nnue.Net layout
	g, m, v        [4][]float32
	step           int
}

func newModel(inputs, buckets int, seed uint64) *model {
	r := rand.New(rand.NewPCG(seed, 0x6e6e7565))
	md := &model{
		w1: make([]float32, inputs*H), b1: make([]float32, H),
		w2: make([]float32, buckets*2*H), b2: make([]float32, buckets),
	}
	for i := range md.w1 {
		md.w1[i] = float32(r.Float64()*0.2 - 0.1)
	}
	for i := range md.b1 {
		md.b1[i] = float32(r.Float64() * 0.2)
	}
	for i := range md.w2 {
		md.w2[i] = float32(r.Float64()*0.2 - 0.1)
	}
	for k, p := range md.params() {
		md.g[k] = make([]float32, len(p))
		md.m[k] = make([]float32, len(p))
		md.v[k] = make([]float32, len(p))
	}
	return md
}

func (md *model) params() [4][]float32 { return [4][]float32{md.w1, md.b1, md.w2, md.b2} }

// forward computes the output (in units of nnue.Scale centipawns) of
// sample i, leaving the first layer's sums in au and at.
func (md *model) forward(s *Set, i int, au, at *[H]float32) float32 {
	copy(au[:], md.b1)
	copy(at[:], md.b1)
	for j := s.off[i]; j < s.off[i+1]; j++ {
		wu := md.w1[int(s.us[j])*H : int(s.us[j])*H+H]
		wt := md.w1[int(s.them[j])*H : int(s.them[j])*H+H]
		for h := range H {
			au[h] += wu[h]
			at[h] += wt[h]
		}
	}
	b := int(s.bucket[i])
	w := md.w2[b*2*H : b*2*H+2*H]
	out := md.b2[b]
	for h := range H {
		out += w[h]*clip(au[h]) + w[H+h]*clip(at[h])
	}
	return out
}

func clip(x float32) float32 { return min(max(x, 0), 1) }

// backward adds sample i's gradient of the squared error, scaled by
// scale, to md.g.
func (md *model) backward(s *Set, i int, au, at *[H]float32, out float32, scale float32) float64 {
	p := float32(sigmoid(float64(out)))
	e := p - s.target[i]
	d := 2 * e * p * (1 - p) * scale
	b := int(s.bucket[i])
	w := md.w2[b*2*H : b*2*H+2*H]
	gw2 := md.g[2][b*2*H : b*2*H+2*H]
	md.g[3][b] += d
	var gu, gt [H]float32
	for h := range H {
		gw2[h] += d * clip(au[h])
		gw2[H+h] += d * clip(at[h])
		if au[h] > 0 && au[h] < 1 {
			gu[h] = d * w[h]
		}
		if at[h] > 0 && at[h] < 1 {
			gt[h] = d * w[H+h]
		}
		md.g[1][h] += gu[h] + gt[h]
	}
	for j := s.off[i]; j < s.off[i+1]; j++ {
		g := md.g[0][int(s.us[j])*H : int(s.us[j])*H+H]
		for h := range H {
			g[h] += gu[h]
		}
		g = md.g[0][int(s.them[j])*H : int(s.them[j])*H+H]
		for h := range H {
			g[h] += gt[h]
		}
	}
	return float64(e * e)
}

// adam applies and clears the gradient, then keeps the weights within
// what their quantised forms can hold.
func (md *model) adam(lr float64) {
	const b1, b2, eps = 0.9, 0.999, 1e-8
	md.step++
	c1 := 1 - math.Pow(b1, float64(md.step))
	c2 := 1 - math.Pow(b2, float64(md.step))
	a := float32(lr * math.Sqrt(c2) / c1)
	for k, p := range md.params() {
		g, m, v := md.g[k], md.m[k], md.v[k]
		for i := range p {
			m[i] = b1*m[i] + (1-b1)*g[i]
			v[i] = b2*v[i] + (1-b2)*g[i]*g[i]
			p[i] -= a * m[i] / (float32(math.Sqrt(float64(v[i]))) + eps)
			g[i] = 0
		}
	}
	for i := range md.w1 {
		md.w1[i] = min(max(md.w1[i], -nnue.MaxW1), nnue.MaxW1)
	}
	for i := range md.w2 {
		md.w2[i] = min(max(md.w2[i], -nnue.MaxW2), nnue.MaxW2)
	}
}

// Train fits a network to s.
func Train(s *Set, cfg Config) (*nnue.Net, Report, error) {
	var rep Report
	if s.Len() == 0 || cfg.Epochs < 1 || cfg.Batch < 1 {
		return nil, rep, errors.New("train: no samples, epochs or batch")
	}
	var train, held []int
	for i := range s.Len() {
		if cfg.Holdout > 0 && int(s.game[i])%cfg.Holdout == 0 {
			held = append(held, i)
		} else {
			train = append(train, i)
		}
	}
	if len(train) == 0 {
		return nil, rep, errors.New("train: every sample is held out")
	}
	md := newModel(s.Inputs, s.Buckets, cfg.Seed)
	r := rand.New(rand.NewPCG(cfg.Seed, 0x6f72646572))
	var au, at [H]float32
	for ep := range cfg.Epochs {
		lr := cfg.LR * (1 - 0.9*float64(ep)/float64(max(cfg.Epochs-1, 1)))
		r.Shuffle(len(train), func(a, b int) { train[a], train[b] = train[b], train[a] })
		sum := 0.0
		for start := 0; start < len(train); start += cfg.Batch {
			batch := train[start:min(start+cfg.Batch, len(train))]
			scale := 1 / float32(len(batch))
			for _, i := range batch {
				out := md.forward(s, i, &au, &at)
				sum += md.backward(s, i, &au, &at, out, scale)
			}
			md.adam(lr)
		}
		rep.Train, rep.TrainN = sum/float64(len(train)), len(train)
		rep.Held, rep.HeldN = md.loss(s, held), len(held)
		if cfg.Progress != nil {
			fmt.Fprintf(cfg.Progress, "epoch %d/%d  lr %.5f  train %.6f  held out %.6f\n", ep+1, cfg.Epochs, lr, rep.Train, rep.Held)
		}
	}
	net := md.quantise(cfg.Game, s.Buckets)
	rep.HeldQuantised = quantisedLoss(net, s, held)
	return net, rep, nil
}

// loss is the float model's mean squared error over the samples idx.
func (md *model) loss(s *Set, idx []int) float64 {
	if len(idx) == 0 {
		return 0
	}
	var au, at [H]float32
	sum := 0.0
	for _, i := range idx {
		e := sigmoid(float64(md.forward(s, i, &au, &at))) - float64(s.target[i])
		sum += e * e
	}
	return sum / float64(len(idx))
}

// quantise rounds the float weights to the network file's integers.
func (md *model) quantise(gameName string, buckets int) *nnue.Net {
	n := &nnue.Net{Game: gameName, Inputs: len(md.w1) / H, Buckets: buckets,
		W1: make([]int16, len(md.w1)), B1: make([]int16, H),
		W2: make([]int8, len(md.w2)), B2: make([]int32, buckets)}
	for i, w := range md.w1 {
		n.W1[i] = int16(math.Round(float64(w) * nnue.QA))
	}
	for i, w := range md.b1 {
		n.B1[i] = int16(math.Round(float64(min(max(w, -nnue.MaxW1), nnue.MaxW1)) * nnue.QA))
	}
	for i, w := range md.w2 {
		n.W2[i] = int8(min(max(math.Round(float64(w)*nnue.QB), -127), 127))
	}
	for i, w := range md.b2 {
		n.B2[i] = int32(math.Round(float64(w) * nnue.QA * nnue.QB))
	}
	n.Prepare()
	return n
}

// quantisedLoss is the quantised network's mean squared error over idx,
// evaluated as the engine evaluates.
func quantisedLoss(n *nnue.Net, s *Set, idx []int) float64 {
	if len(idx) == 0 {
		return 0
	}
	sum := 0.0
	var au, at nnue.Accumulator
	for _, i := range idx {
		n.Reset(&au)
		n.Reset(&at)
		for j := s.off[i]; j < s.off[i+1]; j++ {
			n.Add(&au, int(s.us[j]))
			n.Add(&at, int(s.them[j]))
		}
		cp := n.Evaluate(&au, &at, int(s.bucket[i]))
		e := sigmoid(float64(cp)/nnue.Scale) - float64(s.target[i])
		sum += e * e
	}
	return sum / float64(len(idx))
}
