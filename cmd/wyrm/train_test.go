package main

import (
	"bytes"
	"context"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"wyrm/game"
	"wyrm/game/nnue"
	"wyrm/games"
	"wyrm/tune"
)

// TestTrainIsReproducible makes a little scored data with self-play,
// trains on it twice with one seed and once with another, and checks
// that the same seed gives the same network, a recipe naming its hash,
// and a network the game can load.
func TestTrainIsReproducible(t *testing.T) {
	g, _ := games.Lookup("dragon")
	var scores bytes.Buffer
	cfg := tune.GenConfig{Game: g, Options: game.Options{}, Games: 4, Nodes: 200, RandomPlies: 6, Seed: 9, Scores: &scores}
	if _, err := tune.Generate(context.Background(), cfg, &bytes.Buffer{}); err != nil {
		t.Fatal(err)
	}
	if scores.Len() == 0 {
		t.Fatal("no scored positions")
	}
	dir := t.TempDir()
	data := filepath.Join(dir, "data.txt")
	if err := os.WriteFile(data, scores.Bytes(), 0o644); err != nil {
		t.Fatal(err)
	}
	train := func(name, seed string) []byte {
		out := filepath.Join(dir, name+".bin")
		var o, e bytes.Buffer
		if code := run([]string{"train", "-data", data, "-out", out, "-epochs", "2", "-batch", "16", "-seed", seed, "-holdout", "3"}, nil, &o, &e); code != 0 {
			t.Fatalf("exit %d: %s", code, e.String())
		}
		b, err := os.ReadFile(out)
		if err != nil {
			t.Fatal(err)
		}
		recipe, err := os.ReadFile(filepath.Join(dir, name+".recipe"))
		if err != nil {
			t.Fatal(err)
		}
		if !strings.Contains(string(recipe), "sha256 "+nnue.FileSum(b)+"\n") {
			t.Fatalf("recipe does not name the network's hash:\n%s", recipe)
		}
		if n, err := nnue.Decode(b); err != nil || n.Game != "dragon" {
			t.Fatalf("network: %v", err)
		}
		return b
	}
	a, b, c := train("a", "1"), train("b", "1"), train("c", "2")
	if !bytes.Equal(a, b) {
		t.Error("one seed trained two different networks")
	}
	if bytes.Equal(a, c) {
		t.Error("two seeds trained the same network")
	}
}
