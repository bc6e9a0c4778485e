package main

import (
	"bytes"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// TestBalanceReport runs a tiny balance on one map and checks the report:
// a row per faction with the games counted, and a chart.
func TestBalanceReport(t *testing.T) {
	if testing.Short() {
		t.Skip("plays 36 games")
	}
	dir := t.TempDir()
	svg := filepath.Join(dir, "b.svg")
	var out, errb bytes.Buffer
	if code := run([]string{"balance", "--maps", "compact-skirmish", "--games", "2", "--nodes", "200", "--svg", svg}, nil, &out, &errb); code != 0 {
		t.Fatalf("exit %d: %s", code, errb.String())
	}
	md := out.String()
	for _, f := range []string{"Human", "Undead", "Infernal", "Greenskin"} {
		if !strings.Contains(md, "| "+f+" | "+strings.ToLower(f)+":") {
			t.Errorf("no row for %s:\n%s", f, md)
		}
	}
	// Every faction meets three others, two games each, in the first column.
	if n := strings.Count(md, "(6) |"); n < 4 {
		t.Errorf("%d cells count 6 games:\n%s", n, md)
	}
	b, err := os.ReadFile(svg)
	if err != nil || !bytes.HasPrefix(b, []byte("<svg")) || bytes.Count(b, []byte("<rect")) != 4 {
		t.Fatalf("chart: %v\n%s", err, b)
	}
}

// TestScoreStat checks the mean and interval of a few scores.
func TestScoreStat(t *testing.T) {
	var s scoreStat
	for _, x := range []float64{1, 0, 1, 1} {
		s.add(x)
	}
	if s.mean() != 0.75 {
		t.Fatalf("mean %v", s.mean())
	}
	// Sample variance 0.25, so 1.96*sqrt(0.25/4) = 0.49.
	if e := s.err95(); e < 0.489 || e > 0.491 {
		t.Fatalf("err95 %v", e)
	}
}
