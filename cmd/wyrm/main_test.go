package main

import (
	"bytes"
	"strings"
	"testing"
)

func TestHelpListsCommands(t *testing.T) {
	var out, errb bytes.Buffer
	if code := run([]string{"help"}, nil, &out, &errb); code != 0 {
		t.Fatalf("help exit %d", code)
	}
	for _, c := range commands() {
		if !strings.Contains(out.String(), c.name) {
			t.Errorf("help does not list %q", c.name)
		}
	}
}

func TestUnknownCommand(t *testing.T) {
	var out, errb bytes.Buffer
	if code := run([]string{"frobnicate"}, nil, &out, &errb); code != 2 {
		t.Fatalf("exit %d, want 2", code)
	}
	if !strings.Contains(errb.String(), "unknown command") {
		t.Errorf("stderr %q", errb.String())
	}
}

func TestParseDepthCount(t *testing.T) {
	cases := []struct {
		in   string
		d    int
		n    uint64
		okay bool
	}{
		{"D3 8982", 3, 8982, true},
		{" d1 20 ", 1, 20, true},
		{"D0 1", 0, 0, false},
		{"D-1 5", 0, 0, false},
		{"D2", 0, 0, false},
		{"X2 4", 0, 0, false},
		{"D2 -4", 0, 0, false},
	}
	for _, c := range cases {
		d, n, ok := parseDepthCount(c.in)
		if ok != c.okay || (ok && (d != c.d || n != c.n)) {
			t.Errorf("parseDepthCount(%q) = %d, %d, %v", c.in, d, n, ok)
		}
	}
}
