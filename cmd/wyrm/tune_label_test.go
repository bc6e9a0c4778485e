package main

import (
	"bytes"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"wyrm/tune"
)

// TestTuneRelabel labels two positions by an engine (this binary as wyrm's
// UCI engine): White a queen up is nearly won for the first seat whoever
// is to move, Black a queen up nearly lost; mixed half and half with a
// game result of 0, the label is about half the engine's.
func TestTuneRelabel(t *testing.T) {
	t.Setenv(asWyrm, "1")
	dir := t.TempDir()
	in := filepath.Join(dir, "in.txt")
	data := "wyrm-tune-data 1\ngame dragon\n" +
		"0 1 4k3/8/8/8/8/8/8/3QK3[] b - - 0 1\n" +
		"0 2 3qk3/8/8/8/8/8/8/4K3[] w - - 0 1\n"
	if err := os.WriteFile(in, []byte(data), 0o644); err != nil {
		t.Fatal(err)
	}
	labels := func(mix string) []tune.Sample {
		t.Helper()
		out := filepath.Join(dir, "out-"+mix+".txt")
		var o, e bytes.Buffer
		args := []string{"tune", "-game", "dragon", "-relabel", os.Args[0] + " uci", "-label-depth", "3",
			"-label-mix", mix, "-data", in, "-out", out, "-concurrency", "2"}
		if code := run(args, nil, &o, &e); code != 0 {
			t.Fatalf("exit %d: %s", code, e.String())
		}
		f, err := os.Open(out)
		if err != nil {
			t.Fatal(err)
		}
		defer f.Close()
		d, err := tune.ReadData(f)
		if err != nil || len(d.Samples) != 2 {
			t.Fatalf("read back: %v, %+v", err, d)
		}
		return d.Samples
	}
	full := labels("1")
	if full[0].Result < 0.9 || full[1].Result > 0.1 || full[0].Game != 1 || full[1].Game != 2 {
		t.Errorf("labels %+v: want above 0.9 for White's extra queen, below 0.1 for Black's, games kept", full)
	}
	half := labels("0.5")
	if d := half[0].Result - full[0].Result/2; d < -0.01 || d > 0.01 {
		t.Errorf("mixed half and half with a loss: %v, want about %v", half[0].Result, full[0].Result/2)
	}
	var o, e bytes.Buffer
	if code := run([]string{"tune", "-relabel", "x", "-label-mix", "2", "-data", in}, nil, &o, &e); code == 0 ||
		!strings.Contains(e.String(), "label-mix") {
		t.Errorf("a mix of 2: exit %d, %q", code, e.String())
	}
}

func TestExpectedScore(t *testing.T) {
	for _, c := range []struct {
		cp   int
		want float64
	}{{0, 0.5}, {400, 10.0 / 11}, {-400, 1.0 / 11}, {99990, 1}, {-99990, 0}} {
		if got := expectedScore(c.cp); got < c.want-1e-9 || got > c.want+1e-9 {
			t.Errorf("expectedScore(%d) = %v, want %v", c.cp, got, c.want)
		}
	}
}
