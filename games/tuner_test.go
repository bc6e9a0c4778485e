package games

import (
	"fmt"
	"math/rand/v2"
	"slices"
	"testing"

	"wyrm/game"
)

// walk returns positions of random games of g: n games of up to plies
// moves each, every position kept (Dungeon Chess with armies drawn from
// the game's number, so that every faction's units appear).
func walk(t *testing.T, g game.Game, n, plies int) []game.Position {
	t.Helper()
	rng := rand.New(rand.NewPCG(7, uint64(n)))
	var out []game.Position
	var buf []game.Move
	for i := 0; i < n; i++ {
		opts := game.Options{}
		for _, o := range g.Options() {
			if o.Name == "seed" {
				opts["seed"] = fmt.Sprint(i + 1)
			}
		}
		p, err := g.Start(opts)
		if err != nil {
			t.Fatal(err)
		}
		for ply := 0; ply < plies && p.ToMove() != game.NoPlayer; ply++ {
			out = append(out, p.Clone())
			buf = p.LegalMoves(buf[:0])
			p.Play(buf[rng.IntN(len(buf))])
		}
	}
	return out
}

// Every game's evaluation reads its weights from one parameter table
// (game.Tuner) that round-trips through a parameter file.
func TestEveryGameIsTunable(t *testing.T) {
	for _, g := range All() {
		name := g.Info().Name
		p, err := g.Start(game.Options{})
		if err != nil {
			t.Fatal(err)
		}
		tu, ok := p.(game.Tuner)
		if !ok {
			t.Errorf("%s: not a game.Tuner", name)
			continue
		}
		ps := tu.Params()
		if len(ps) == 0 {
			t.Errorf("%s: no parameters", name)
			continue
		}
		values := make([]int, len(ps))
		seen := map[string]bool{}
		for i, q := range ps {
			values[i] = q.Value
			if seen[q.Name] || q.Name == "" || q.Min > q.Value || q.Value > q.Max {
				t.Errorf("%s: parameter %+v repeated, unnamed or out of its bounds", name, q)
			}
			seen[q.Name] = true
		}
		w, err := tu.Weights(values)
		if err != nil || !slices.Equal(w.Values(), values) {
			t.Fatalf("%s: Weights(own values) = %v, %v", name, w, err)
		}
		// The file format carries every value back.
		named, err := game.ParseParams(game.FormatParams("header\nsecond line", ps))
		if err != nil {
			t.Fatalf("%s: %v", name, err)
		}
		w2, err := game.ApplyParams(tu, named)
		if err != nil || !slices.Equal(w2.Values(), values) {
			t.Fatalf("%s: the parameter file does not round-trip: %v", name, err)
		}
		// A changed table is what the position then reports and clones keep.
		changed := slices.Clone(values)
		changed[0] = min(changed[0]+1, ps[0].Max)
		if changed[0] == values[0] {
			changed[0]--
		}
		w3, err := tu.Weights(changed)
		if err != nil {
			t.Fatal(err)
		}
		tu.SetWeights(w3)
		if got := p.Clone().(game.Tuner).Params(); got[0].Value != changed[0] || got[1].Value != values[1] {
			t.Errorf("%s: after SetWeights a clone reports %v, want %d", name, got[:2], changed[0])
		}
		// Bad tables are refused.
		for _, bad := range [][]int{values[1:], append(slices.Clone(values), 0)} {
			if _, err := tu.Weights(bad); err == nil {
				t.Errorf("%s: Weights took %d values for %d parameters", name, len(bad), len(ps))
			}
		}
		for i, q := range ps {
			for _, v := range []int{q.Min - 1, q.Max + 1} {
				bad := slices.Clone(values)
				bad[i] = v
				if _, err := tu.Weights(bad); err == nil {
					t.Errorf("%s: Weights took %s = %d outside %d..%d", name, q.Name, v, q.Min, q.Max)
				}
			}
		}
		if _, err := game.ApplyParams(tu, []game.Param{{Name: "no.such.weight", Value: 1}}); err == nil {
			t.Errorf("%s: ApplyParams took an unknown name", name)
		}
	}
}

// The evaluation reads every parameter: its own table gives the same
// scores as the game's default, and changing any one parameter changes
// the score of some position of a few random games.
func TestEveryParameterIsRead(t *testing.T) {
	for _, g := range All() {
		name := g.Info().Name
		positions := walk(t, g, 40, 600)
		tu := positions[0].(game.Tuner)
		ps := tu.Params()
		values := make([]int, len(ps))
		for i, q := range ps {
			values[i] = q.Value
		}
		own, err := tu.Weights(values)
		if err != nil {
			t.Fatal(err)
		}
		base := make([]int, len(positions))
		for j, p := range positions {
			base[j] = p.Evaluate(0)
			q := p.Clone()
			q.(game.Tuner).SetWeights(own)
			if e := q.Evaluate(0); e != base[j] {
				t.Fatalf("%s: %s: own table %d, default %d", name, p, e, base[j])
			}
		}
		for i, q := range ps {
			// A weight is read when moving it changes some evaluation: a
			// step up or down, or else to a bound (a term past a cap, the
			// king danger's, may change only far below it).
			step := max(5, (q.Max-q.Min)/10)
			read := false
			var tried []int
			for _, to := range []int{values[i] + step, values[i] - step, q.Min, q.Max} {
				if read || to > q.Max || to < q.Min || to == values[i] {
					continue
				}
				v := slices.Clone(values)
				v[i] = to
				tried = append(tried, v[i])
				w, err := tu.Weights(v)
				if err != nil {
					t.Fatal(err)
				}
				for j, p := range positions {
					c := p.Clone()
					c.(game.Tuner).SetWeights(w)
					if c.Evaluate(0) != base[j] {
						read = true
						break
					}
				}
			}
			if !read {
				t.Errorf("%s: changing %s from %d to %v changes no evaluation of %d positions", name, q.Name, values[i], tried, len(positions))
			}
		}
	}
}
