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
		// Decimal digits, perhaps with a '+' sign and leading zeros, which
		// strconv accepts: the values must still be what the fields say.
		f := strings.Fields(s)
		if canonical(f[0][1:]) != fmt.Sprint(d) || canonical(f[1]) != fmt.Sprint(n) {
			t.Fatalf("%q read as depth %d count %d", s, d, n)
		}
	})
}

// canonical drops a '+' sign and leading zeros from a decimal number.
func canonical(s string) string {
	s = strings.TrimLeft(strings.TrimPrefix(s, "+"), "0")
	if s == "" {
		return "0"
	}
	return s
}
