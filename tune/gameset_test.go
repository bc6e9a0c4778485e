package tune

import (
	"context"
	"os"
	"testing"

	"wyrm/game"
	"wyrm/games"
	"wyrm/internal/toygame"
)

// readSample reads testdata/dragon-sample.txt: 710 quiet positions of 8
// Dragon Chess games, written by
//
//	wyrm tune -game dragon -generate -games 8 -nodes 400 -random-plies 2 -seed 5 \
//	  -openings match/testdata/dragon-chess-openings.epd -out tune/testdata/dragon-sample.txt
func readSample(t *testing.T) (game.Game, *Data) {
	t.Helper()
	f, err := os.Open("testdata/dragon-sample.txt")
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	d, err := ReadData(f)
	if err != nil {
		t.Fatal(err)
	}
	g, err := games.Lookup(d.Game)
	if err != nil {
		t.Fatal(err)
	}
	return g, d
}

// Results drawn as the expected score of a known evaluation (the game's
// own with three weights changed) lead the fit from the game's own
// weights to the changed ones, through the real evaluation.
func TestFitRecoversChangedDragonWeights(t *testing.T) {
	g, d := readSample(t)
	want := map[string]int{"value.knight.mg": 380, "value.rook.eg": 470, "mobility.bishop.mg": 7}
	var known []game.Param
	for name, v := range want {
		known = append(known, game.Param{Name: name, Value: v})
	}
	set, err := NewGameSet(g, d.Options, d.Samples, known)
	if err != nil {
		t.Fatal(err)
	}
	truth, err := set.Weights(values(set.Params()))
	if err != nil {
		t.Fatal(err)
	}
	const k = 1.1
	samples := make([]Sample, len(d.Samples))
	out := []int{0}
	for i, s := range d.Samples {
		if err := set.Evaluate(i, []game.Weights{truth}, out); err != nil {
			t.Fatal(err)
		}
		samples[i] = s
		samples[i].Result = sigmoid(k, float64(out[0]))
	}
	set, err = NewGameSet(g, d.Options, samples, nil)
	if err != nil {
		t.Fatal(err)
	}
	res, err := Fit(context.Background(), set, FitConfig{K: k, Only: []string{"value.knight.mg", "value.rook.eg", "mobility.bishop.mg", "tempo"}, Log: testLog{t}})
	if err != nil {
		t.Fatal(err)
	}
	for i, p := range res.Params {
		got := res.Values[i]
		switch w, ok := want[p.Name]; {
		case ok && (got < w-3 || got > w+3):
			t.Errorf("%s = %d, want %d", p.Name, got, w)
		case !ok && got != p.Value && p.Name != "tempo":
			t.Errorf("%s moved from %d to %d outside the fit", p.Name, p.Value, got)
		case p.Name == "tempo" && (got < p.Value-2 || got > p.Value+2):
			t.Errorf("tempo moved from %d to %d though the data did not change it", p.Value, got)
		}
	}
	if res.TrainAfter > res.TrainBefore/20 {
		t.Errorf("error %g -> %g", res.TrainBefore, res.TrainAfter)
	}
}

func values(ps []game.Param) []int {
	v := make([]int, len(ps))
	for i, p := range ps {
		v[i] = p.Value
	}
	return v
}

func TestNewGameSetRefuses(t *testing.T) {
	g, d := readSample(t)
	if _, err := NewGameSet(g, d.Options, nil, nil); err == nil {
		t.Error("an empty set was taken")
	}
	if _, err := NewGameSet(g, d.Options, []Sample{{Position: "not a position"}}, nil); err == nil {
		t.Error("a bad position was taken")
	}
	if _, err := NewGameSet(g, d.Options, d.Samples, []game.Param{{Name: "value.unicorn.mg", Value: 1}}); err == nil {
		t.Error("an unknown start parameter was taken")
	}
	if _, err := NewGameSet(g, d.Options, d.Samples, []game.Param{{Name: "value.knight.mg", Value: -5}}); err == nil {
		t.Error("a start value out of bounds was taken")
	}
	toy := toygame.Game{}
	start, _ := toy.Start(game.Options{})
	if _, err := NewGameSet(toy, game.Options{}, []Sample{{Position: start.String()}}, nil); err == nil {
		t.Error("a game without parameters was taken")
	}
	g3, _ := games.Lookup("dungeon")
	p3, err := g3.Start(game.Options{"players": "3"})
	if err != nil {
		t.Fatal(err)
	}
	if _, err := NewGameSet(g3, game.Options{}, []Sample{{Position: p3.String()}}, nil); err == nil {
		t.Error("three-player positions were taken")
	}
}
