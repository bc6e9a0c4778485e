package main

import (
	"bytes"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"wyrm/game"
	"wyrm/games"
	"wyrm/tune"
)

func TestTuneListsEveryGamesParameters(t *testing.T) {
	for _, name := range games.Names() {
		var out, errb bytes.Buffer
		if code := run([]string{"tune", "-game", name, "-list"}, nil, &out, &errb); code != 0 {
			t.Fatalf("%s: exit %d: %s", name, code, errb.String())
		}
		ps, err := game.ParseParams(out.Bytes())
		if err != nil || len(ps) < 10 {
			t.Errorf("%s: %d parameters, %v", name, len(ps), err)
		}
		out.Reset()
		if code := run([]string{"tune", "-game", name, "-list", "-hand"}, nil, &out, &errb); code != 0 {
			t.Fatalf("%s -hand: exit %d: %s", name, code, errb.String())
		}
		hand, err := game.ParseParams(out.Bytes())
		g, _ := games.Lookup(name)
		p, _ := g.Start(game.Options{})
		own := p.(game.Tuner).Params()
		if err != nil || len(hand) != len(own) {
			t.Fatalf("%s -hand: %d parameters, %v", name, len(hand), err)
		}
		for i, q := range own {
			if hand[i].Name != q.Name || hand[i].Value != q.Hand {
				t.Errorf("%s -hand: %v, want %s %d", name, hand[i], q.Name, q.Hand)
			}
		}
	}
}

// Generate a few games, fit to them, and play the fitted parameters in a
// match: the whole path the docs describe, at a toy size.
func TestTuneGenerateFitAndMatch(t *testing.T) {
	dir := t.TempDir()
	data, params, starts := filepath.Join(dir, "data.txt"), filepath.Join(dir, "params.txt"), filepath.Join(dir, "starts.epd")
	var out, errb bytes.Buffer
	if code := run([]string{"tune", "-game", "dragon", "-generate", "-games", "3", "-nodes", "200", "-seed", "4",
		"-openings", "../../match/testdata/dragon-chess-openings.epd", "-out", data, "-starts", starts}, nil, &out, &errb); code != 0 {
		t.Fatalf("generate: exit %d: %s", code, errb.String())
	}
	f, err := os.Open(data)
	if err != nil {
		t.Fatal(err)
	}
	d, err := tune.ReadData(f)
	f.Close()
	if err != nil || d.Game != "dragon" || len(d.Samples) == 0 {
		t.Fatalf("data: %v, %v", d, err)
	}
	out.Reset()
	if code := run([]string{"tune", "-game", "dragon", "-data", data + "," + data, "-only", "value.", "-rounds", "1",
		"-holdout", "2", "-l2", "1e-6", "-out", params}, nil, &out, &errb); code != 0 {
		t.Fatalf("fit: exit %d: %s", code, errb.String())
	}
	if !strings.Contains(out.String(), "error ") || !strings.Contains(out.String(), "held out") {
		t.Errorf("fit printed %q", out.String())
	}
	b, err := os.ReadFile(params)
	if err != nil {
		t.Fatal(err)
	}
	ps, err := game.ParseParams(b)
	if err != nil || !strings.Contains(string(b), "Fitted by wyrm tune to") {
		t.Fatalf("parameter file: %v\n%s", err, b)
	}
	g, _ := games.Lookup("dragon")
	p, _ := g.Start(game.Options{})
	if _, err := game.ApplyParams(p.(game.Tuner), ps); err != nil {
		t.Fatalf("the fitted file does not apply: %v", err)
	}
	out.Reset()
	if code := run([]string{"match", "-game", "dragon", "-a", "level:8,params:" + params, "-b", "level:8", "-games", "2",
		"-nodes", "300", "-seed", "1", "-openings", starts}, nil, &out, &errb); code != 0 {
		t.Fatalf("match: exit %d: %s", code, errb.String())
	}
	if !strings.Contains(out.String(), "level:8,params:params.txt") || !strings.Contains(out.String(), "3 openings from the file") {
		t.Errorf("match output does not name the parameter file: %s", out.String())
	}
}

func TestTuneRefusesBadInput(t *testing.T) {
	dir := t.TempDir()
	other := filepath.Join(dir, "other.txt")
	if err := os.WriteFile(other, []byte("wyrm-tune-data 1\ngame dragonchess\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	bad := filepath.Join(dir, "bad.txt")
	if err := os.WriteFile(bad, []byte("not data\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	for _, args := range [][]string{
		{"-game", "chess", "-list"},
		{"-game", "dragon", "-data", other},
		{"-game", "dragon", "-data", bad},
		{"-game", "dragon", "-data", filepath.Join(dir, "missing.txt")},
		{"-game", "dragon", "-generate", "-games", "0", "-out", filepath.Join(dir, "x.txt")},
		{"-game", "dungeon", "-generate", "-opt", "players=3", "-games", "1", "-out", filepath.Join(dir, "y.txt")},
	} {
		var out, errb bytes.Buffer
		if code := run(append([]string{"tune"}, args...), nil, &out, &errb); code == 0 {
			t.Errorf("tune %v: exit 0", args)
		}
	}
}
