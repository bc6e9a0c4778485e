// Package nnue is a small efficiently updatable neural network for a
// game's evaluation: a first layer whose outputs (the accumulator) are
// kept up to date as pieces come and go, one accumulator per side seen
// from that side, and an output head chosen by a bucket of the game's
// phase. Arithmetic is integer: int16 first-layer weights and
// accumulators, a clipped ReLU to [0, QA], int8 output weights and an
// int32 sum.
//
// A game supplies the features (which inputs are on, from each side's
// perspective) and the bucket; this package knows nothing of boards.
// Networks are trained by package wyrm/tune/nnuetrain and stored in the
// format of format.go.
package nnue
