package nnue

// The SSE2 forms in simd_amd64.s; w points at Hidden int16 weights (dotVec:
// 2*Hidden, the side to move's then the other side's).

//go:noescape
func addVec(a *Accumulator, w *int16)

//go:noescape
func subVec(a *Accumulator, w *int16)

//go:noescape
func moveVec(a *Accumulator, from, to *int16)

//go:noescape
func dotVec(us, them *Accumulator, w *int16) int32
