package main

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"wyrm/game"
)

// Bad flags are refused before any game is played.
func TestPuzzlesFlags(t *testing.T) {
	for _, c := range []struct {
		args []string
		want int
	}{
		{[]string{"-opt", "players=2"}, 2},
		{[]string{"-game", "dragon", "-random", "0"}, 2},
		{[]string{"-game", "dragon", "-max-moves", "0"}, 2},
		{[]string{"-game", "dragon", "-deep", "0"}, 2},
		{[]string{"-game", "dragon", "-single", "2"}, 2},
		{[]string{"-game", "dragon", "-collect"}, 2},
		{[]string{"-game", "dragon", "-shard", "2/2"}, 2},
		{[]string{"-game", "dragon", "-recheck"}, 2},
		{[]string{"-game", "dungeon", "-opt", "players=9", "-games", "1"}, 1},
	} {
		var out, errOut strings.Builder
		if got := runPuzzles(c.args, nil, &out, &errOut); got != c.want {
			t.Errorf("%v: exit %d, want %d (%s)", c.args, got, c.want, errOut.String())
		}
	}
}

// A run keeps its progress game by game; run again it plays nothing more
// and writes the same file, which reads back with its recipe, and which
// -recheck leaves as it is.
func TestPuzzlesResume(t *testing.T) {
	dir := t.TempDir()
	state := filepath.Join(dir, "state")
	if err := os.MkdirAll(filepath.Join(dir, "out", "dragon"), 0o755); err != nil {
		t.Fatal(err)
	}
	args := []string{"-game", "dragon", "-n", "50", "-games", "3", "-plies", "80", "-random", "2", "-quick", "600", "-deep", "1500", "-reply", "400",
		"-single", "1", "-state", state, "-dir", filepath.Join(dir, "out")}
	run := func() (string, string) {
		var out, errOut strings.Builder
		if got := runPuzzles(args, nil, &out, &errOut); got != 0 {
			t.Fatalf("exit %d: %s", got, errOut.String())
		}
		b, err := os.ReadFile(filepath.Join(dir, "out", "dragon", "puzzles.json"))
		if err != nil {
			t.Fatal(err)
		}
		return string(b), errOut.String()
	}
	first, log1 := run()
	if n := strings.Count(log1, "dragon: game "); n != 3 {
		t.Fatalf("first run played %d games, want 3:\n%s", n, log1)
	}
	progress, err := os.ReadFile(filepath.Join(state, "dragon.jsonl"))
	if err != nil || strings.Count(string(progress), "\n") != 3 {
		t.Fatalf("progress %q: %v", progress, err)
	}
	second, log2 := run()
	if strings.Contains(log2, "dragon: game ") || second != first {
		t.Errorf("the second run played again or wrote otherwise:\n%s\n%s\n%s", log2, first, second)
	}
	// Searched again with an unchanged engine, every puzzle is found as it
	// was.
	var out, errOut strings.Builder
	if got := runPuzzles([]string{"-game", "dragon", "-recheck", "-dir", filepath.Join(dir, "out")}, nil, &out, &errOut); got != 0 {
		t.Fatalf("recheck: exit %d: %s", got, errOut.String())
	}
	if again, _ := os.ReadFile(filepath.Join(dir, "out", "dragon", "puzzles.json")); string(again) != first {
		t.Errorf("recheck changed the file:\n%s\n%s", first, again)
	}
	ps, err := game.ParsePuzzles([]byte(first))
	if err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(first, `"recipe":"wyrm puzzles -game dragon -deep 1500 -even 80 -games 3 -gap 250 -max-moves 6 -n 50 -plies 80 -quick 600 -random 2 -reply 400 -seed 1 -single 1 -step-gap 150 -win 250"`) {
		t.Errorf("no recipe in %.200s", first)
	}
	if len(ps) == 0 {
		t.Fatal("no puzzles in three games")
	}
	for _, p := range ps {
		if p.ID == "" || len(p.Line) == 0 || p.Moves < 1 || p.Rating == 0 || len(p.Themes) == 0 {
			t.Errorf("puzzle %+v lacks a field", p)
		}
	}
}

// -shard splits the games between processes by their numbers.
func TestShardFlag(t *testing.T) {
	var s shardFlag
	if err := s.Set("1/3"); err != nil {
		t.Fatal(err)
	}
	var mine []int
	for k := range 7 {
		if s.mine(k) {
			mine = append(mine, k)
		}
	}
	if len(mine) != 2 || mine[0] != 1 || mine[1] != 4 || s.suffix() != ".1" {
		t.Errorf("shard 1/3 plays %v, suffix %q", mine, s.suffix())
	}
	for _, bad := range []string{"3/3", "-1/2", "x", "1/0"} {
		if err := s.Set(bad); err == nil {
			t.Errorf("%q accepted", bad)
		}
	}
}
