//go:build !amd64

package nnue

import "unsafe"

// The portable forms of simd_amd64.s.

func row(w *int16) *[Hidden]int16 { return (*[Hidden]int16)(unsafe.Pointer(w)) }

func addVec(a *Accumulator, w *int16) {
	r := row(w)
	for i := range a {
		a[i] += r[i]
	}
}

func subVec(a *Accumulator, w *int16) {
	r := row(w)
	for i := range a {
		a[i] -= r[i]
	}
}

func moveVec(a *Accumulator, from, to *int16) {
	f, t := row(from), row(to)
	for i := range a {
		a[i] += t[i] - f[i]
	}
}

func dotVec(us, them *Accumulator, w *int16) int32 {
	r := (*[2 * Hidden]int16)(unsafe.Pointer(w))
	var sum int32
	for i := range us {
		sum += int32(crelu(us[i])) * int32(r[i])
		sum += int32(crelu(them[i])) * int32(r[Hidden+i])
	}
	return sum
}
