package nnue

import (
	"bytes"
	"math/rand/v2"
	"testing"
)

// randomNet builds a network of random weights within the quantised
// ranges, so that the tests do not depend on a trained one.
func randomNet(seed uint64, inputs, buckets int) *Net {
	r := rand.New(rand.NewPCG(seed, 1))
	n := &Net{Game: "test", Inputs: inputs, Buckets: buckets,
		W1: make([]int16, inputs*Hidden), B1: make([]int16, Hidden),
		W2: make([]int8, buckets*2*Hidden), B2: make([]int32, buckets)}
	for i := range n.W1 {
		n.W1[i] = int16(r.IntN(2*QA+1) - QA)
	}
	for i := range n.B1 {
		n.B1[i] = int16(r.IntN(2*QA+1) - QA)
	}
	for i := range n.W2 {
		n.W2[i] = int8(r.IntN(255) - 127)
	}
	for i := range n.B2 {
		n.B2[i] = int32(r.IntN(20001) - 10000)
	}
	n.Prepare()
	return n
}

func TestEncodeDecode(t *testing.T) {
	n := randomNet(1, 50, 3)
	data := n.Encode()
	m, err := Decode(data)
	if err != nil {
		t.Fatal(err)
	}
	if !bytes.Equal(m.Encode(), data) {
		t.Fatal("decoded network encodes differently")
	}
	for _, bad := range [][]byte{data[:len(data)-1], append([]byte{}, data[:len(data)-40]...), []byte("junk")} {
		if _, err := Decode(bad); err == nil {
			t.Errorf("decoded a damaged file of %d bytes", len(bad))
		}
	}
	flipped := bytes.Clone(data)
	flipped[100] ^= 1
	if _, err := Decode(flipped); err == nil {
		t.Error("decoded a file with a flipped bit")
	}
}

func TestUpdatesMatchRefresh(t *testing.T) {
	n := randomNet(2, 40, 2)
	r := rand.New(rand.NewPCG(3, 3))
	on := map[int]bool{}
	var a Accumulator
	n.Reset(&a)
	for range 2000 {
		f := r.IntN(n.Inputs)
		switch g := r.IntN(n.Inputs); {
		case on[f] && !on[g]:
			n.Move(&a, f, g)
			delete(on, f)
			on[g] = true
		case on[f]:
			n.Sub(&a, f)
			delete(on, f)
		default:
			n.Add(&a, f)
			on[f] = true
		}
	}
	var b Accumulator
	n.Reset(&b)
	for f := range on {
		n.Add(&b, f)
	}
	if a != b {
		t.Fatal("incremental accumulator differs from a refresh")
	}
	if n.Evaluate(&a, &b, 1) != n.Evaluate(&b, &a, 1) {
		t.Fatal("equal accumulators evaluate differently when swapped")
	}
}

// reference is Evaluate written plainly, to check the vector forms by.
func reference(n *Net, us, them *Accumulator, bucket int) int {
	sum := int64(n.B2[bucket])
	for i := range Hidden {
		sum += int64(min(max(us[i], 0), QA)) * int64(n.W2[bucket*2*Hidden+i])
		sum += int64(min(max(them[i], 0), QA)) * int64(n.W2[bucket*2*Hidden+Hidden+i])
	}
	return int(sum * Scale / (QA * QB))
}

func TestVectorFormsMatchPlainOnes(t *testing.T) {
	n := randomNet(6, 30, 3)
	r := rand.New(rand.NewPCG(7, 7))
	for range 500 {
		var a, b, want Accumulator
		for i := range a {
			a[i] = int16(r.IntN(801) - 400)
			b[i] = int16(r.IntN(801) - 400)
		}
		f, g := r.IntN(n.Inputs), r.IntN(n.Inputs)
		want = a
		for i := range want {
			want[i] += n.W1[g*Hidden+i] - n.W1[f*Hidden+i]
		}
		c := a
		n.Move(&c, f, g)
		d := a
		n.Sub(&d, f)
		n.Add(&d, g)
		if c != want || d != want {
			t.Fatal("Move or Add and Sub differ from plain arithmetic")
		}
		k := r.IntN(n.Buckets)
		if got, w := n.Evaluate(&a, &b, k), reference(n, &a, &b, k); got != w {
			t.Fatalf("Evaluate %d, plainly %d", got, w)
		}
	}
}

func BenchmarkMove(b *testing.B) {
	n := randomNet(4, 900, 4)
	var a Accumulator
	n.Reset(&a)
	for i := 0; b.Loop(); i++ {
		n.Move(&a, i%900, (i*7+3)%900)
	}
}

func BenchmarkEvaluate(b *testing.B) {
	n := randomNet(5, 900, 4)
	var a, c Accumulator
	n.Reset(&a)
	n.Reset(&c)
	n.Add(&c, 17)
	s := 0
	for i := 0; b.Loop(); i++ {
		s += n.Evaluate(&a, &c, i&3)
	}
	_ = s
}
