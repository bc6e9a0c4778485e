package main

import (
	"fmt"
	"strings"
	"testing"
)

// FuzzParseDepthCount reads the "D3 8902" fields of perft suite lines: no
// panic, and what it accepts writes back to the same two fields.
func FuzzParseDepthCount(f *testing.F) {
	for _, s := range []string{"D1 20", " d3 8902 ", "D0 1", "D-1 5", "D 5", "D1", "D1 -5", "D99999999999999999999 1", "x1 2", "D1 2 3"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		d, n, ok := parseDepthCount(s)
		if !ok {
			return
		}
		f := strings.Fields(s)
		if got := fmt.Sprintf("%d %d", d, n); strings.EqualFold(got, strings.TrimLeft(f[0], "Dd")+" "+f[1]) {
			return
		}
		// Leading zeros or a '+' sign are accepted by strconv; the values
		// must still be what the fields say.
		var d2 int
		var n2 uint64
		if _, err := fmt.Sscan(f[0][1:]+" "+f[1], &d2, &n2); err != nil || d2 != d || n2 != n {
			t.Fatalf("%q read as depth %d count %d", s, d, n)
		}
	})
}
