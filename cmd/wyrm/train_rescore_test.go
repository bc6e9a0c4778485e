package main

import (
	"bytes"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"testing"
)

// TestTrainRescore scores positions again by an engine (this binary as
// wyrm's UCI engine): a queen up for the side to move scores high, a
// queen down low, whatever the old score said; every second position is
// kept, with its result and game number.
func TestTrainRescore(t *testing.T) {
	t.Setenv(asWyrm, "1")
	dir := t.TempDir()
	in, out := filepath.Join(dir, "in.txt"), filepath.Join(dir, "out.txt")
	data := "0 1 7 4k3/8/8/8/8/8/8/3QK3[] w - - 0 1\n" +
		"5 1 7 4k3/8/8/8/8/8/8/3QK3[] b - - 0 1\n" +
		"0 0.5 8 3qk3/8/8/8/8/8/8/4K3[] w - - 0 1\n"
	if err := os.WriteFile(in, []byte(data), 0o644); err != nil {
		t.Fatal(err)
	}
	var o, e bytes.Buffer
	args := []string{"train", "-game", "dragon", "-rescore", os.Args[0] + " uci", "-label-depth", "3", "-every", "2",
		"-concurrency", "2", "-data", in, "-out-data", out}
	if code := run(args, nil, &o, &e); code != 0 {
		t.Fatalf("exit %d: %s", code, e.String())
	}
	b, err := os.ReadFile(out)
	if err != nil {
		t.Fatal(err)
	}
	lines := strings.Split(strings.TrimSpace(string(b)), "\n")
	if len(lines) != 2 {
		t.Fatalf("%d lines, want every second of 3: %q", len(lines), b)
	}
	score := func(line string) int {
		v, err := strconv.Atoi(strings.Fields(line)[0])
		if err != nil {
			t.Fatalf("line %q: %v", line, err)
		}
		return v
	}
	if !strings.HasSuffix(lines[0], " 1 7 4k3/8/8/8/8/8/8/3QK3[] w - - 0 1") || score(lines[0]) < 500 {
		t.Errorf("White to move a queen up: %q", lines[0])
	}
	if !strings.HasSuffix(lines[1], " 0.5 8 3qk3/8/8/8/8/8/8/4K3[] w - - 0 1") || score(lines[1]) > -500 {
		t.Errorf("White to move a queen down: %q", lines[1])
	}
	o.Reset()
	e.Reset()
	if code := run([]string{"train", "-rescore", "x", "-data", in}, nil, &o, &e); code == 0 || !strings.Contains(e.String(), "out-data") {
		t.Errorf("no -out-data: exit %d, %q", code, e.String())
	}
}
