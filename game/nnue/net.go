package nnue

// Hidden is the width of the first layer, per perspective. It is fixed so
// that an accumulator is a plain array, copied with the position that
// holds it and updated without allocation.
const Hidden = 64

// Quantisation: a first-layer weight w is stored as round(w*QA), so that
// an activation of 1 is QA; an output weight as round(w*QB); the output
// bias as round(b*QA*QB). The network's float output times Scale is the
// evaluation in centipawns.
const (
	QA    = 127
	QB    = 64
	Scale = 400
)

// Limits on the float weights that keep their quantised forms in range:
// int8 output weights, and int16 accumulators that cannot overflow with
// a few dozen features on.
const (
	MaxW1 = 2.0
	MaxW2 = 127.0 / QB
)

// Net is a quantised network. Its slices are read-only after Decode or
// Quantise, so any number of positions may share one.
type Net struct {
	// Game names the game the features are of.
	Game string
	// Inputs is the number of features per perspective; Buckets the
	// number of output heads.
	Inputs, Buckets int
	// W1 holds Inputs rows of Hidden weights; B1 the Hidden biases.
	W1 []int16
	B1 []int16
	// W2 holds, per bucket, Hidden weights for the side to move's half
	// then Hidden for the other side's; B2 one bias per bucket.
	W2 []int8
	B2 []int32
	// w2 is W2 widened to int16 for the vector dot product; Prepare fills
	// it.
	w2 []int16
}

// Prepare readies n for Evaluate once its weights are set (Decode calls
// it; a network built in memory must call it before use).
func (n *Net) Prepare() {
	n.w2 = make([]int16, len(n.W2))
	for i, w := range n.W2 {
		n.w2[i] = int16(w)
	}
}

// Accumulator is the first layer's output for one perspective.
type Accumulator [Hidden]int16

// Reset sets a to the biases, the output with no feature on.
func (n *Net) Reset(a *Accumulator) { copy(a[:], n.B1) }

// Add turns feature f on in a.
func (n *Net) Add(a *Accumulator, f int) { addVec(a, &n.W1[f*Hidden : f*Hidden+Hidden][0]) }

// Sub turns feature f off in a.
func (n *Net) Sub(a *Accumulator, f int) { subVec(a, &n.W1[f*Hidden : f*Hidden+Hidden][0]) }

// Move turns feature from off and feature to on in one pass: a piece's
// move.
func (n *Net) Move(a *Accumulator, from, to int) {
	moveVec(a, &n.W1[from*Hidden : from*Hidden+Hidden][0], &n.W1[to*Hidden : to*Hidden+Hidden][0])
}

// Evaluate returns the evaluation in centipawns for the side whose
// accumulator is us, with bucket's head.
func (n *Net) Evaluate(us, them *Accumulator, bucket int) int {
	sum := dotVec(us, them, &n.w2[bucket*2*Hidden : bucket*2*Hidden+2*Hidden][0]) + n.B2[bucket]
	return int(int64(sum) * Scale / (QA * QB))
}

// crelu clips an accumulator value to the activation's range [0, QA].
func crelu(x int16) int16 { return min(max(x, 0), QA) }
