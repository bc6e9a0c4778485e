package search

import (
	"context"
	"slices"
	"testing"

	"wyrm/game"
	"wyrm/games/dragon"
)

// TestMultiPVLinesAreTheBestMoves: without pruning, with table cut-offs
// only at the exact depth, line k scores exactly the k-th best root move's
// minimax value and starts with a move of that value; asking for more
// lines than there are moves gives one line per move.
func TestMultiPVLinesAreTheBestMoves(t *testing.T) {
	positions := randomToyPositions(t, 6, "2", 11)
	e := New(5)
	e.feat = features{aspiration: true, exactTT: true}
	e.SetContempt(0) // plain scores draws as even
	for i, p := range positions {
		moves := p.LegalMoves(nil)
		for depth := 1; depth <= 3; depth++ {
			value := map[game.Move]int{}
			var values []int
			for _, m := range moves {
				p.Play(m)
				v := -plain(p, depth-1, 1, -Infinity, Infinity)
				p.Undo()
				value[m] = v
				values = append(values, v)
			}
			slices.Sort(values)
			slices.Reverse(values)
			for _, n := range []int{3, len(moves) + 5} {
				r := e.Search(context.Background(), p, Limits{Depth: depth, MultiPV: n}, nil)
				if want := min(n, len(moves)); len(r.Lines) != want {
					t.Fatalf("position %d depth %d MultiPV %d: %d lines, want %d", i, depth, n, len(r.Lines), want)
				}
				seen := map[game.Move]bool{}
				for k, l := range r.Lines {
					if l.Score != values[k] || value[l.Move] != l.Score || seen[l.Move] {
						t.Fatalf("position %q depth %d MultiPV %d line %d: %s scored %d (its value %d, repeated %v), want the value %d of rank %d; all values %v",
							p.String(), depth, n, k+1, p.MoveString(l.Move), l.Score, value[l.Move], seen[l.Move], values[k], k+1, values)
					}
					seen[l.Move] = true
				}
			}
		}
	}
}

// TestMultiPVKeepsTheBestMove: on positions with one clearly best move, the
// full search finds the same move with one line and as the first of three;
// the three lines start with different legal moves, are scored best first,
// and each iteration reports all three.
func TestMultiPVKeepsTheBestMove(t *testing.T) {
	parse := func(g game.Game, s string) game.Position {
		p, err := g.Parse(s, nil)
		if err != nil {
			t.Fatal(err)
		}
		return p
	}
	cases := []struct {
		name string
		pos  game.Position
		mode MultiMode
	}{
		{"dragon mate in 1", parse(dragon.Game, "6k1/5ppp/8/8/8/8/8/R5K1[] w - - 0 1"), BRS},
		{"dragon mate in 2", parse(dragon.Game, "r5k1/5ppp/8/8/8/8/4R3/4R1K1[] w - - 0 1"), BRS},
		{"dragon free queen", parse(dragon.Game, "4k3/8/8/3q4/8/8/8/3QK3[] w - - 0 1"), BRS},
		{"toy mate in 1", toy(t, ".......k1/R0......./......../.R0....../......../......../......../K0....... 0"), BRS},
		{"toy 3 players brs", toy(t, "k2......./......../......../.......K1/......../......../......../R0.....K0. 0"), BRS},
		{"toy 3 players paranoid", toy(t, "k2......./......../......../.......K1/......../......../......../R0.....K0. 0"), Paranoid},
	}
	for _, c := range cases {
		single := New(1)
		single.SetMultiMode(c.mode)
		one := single.Search(context.Background(), c.pos, Limits{Depth: 5}, nil)
		multi := New(1)
		multi.SetMultiMode(c.mode)
		var infos []Info
		three := multi.Search(context.Background(), c.pos, Limits{Depth: 5, MultiPV: 3}, func(i Info) { infos = append(infos, i) })
		if len(one.Lines) != 1 || one.Lines[0].Move != one.Best {
			t.Errorf("%s: MultiPV 1 best %s, lines %+v", c.name, one.BestText, one.Lines)
		}
		if len(three.Lines) != 3 || three.Best != one.Best || three.Lines[0].Move != one.Best || three.Score != three.Lines[0].Score {
			t.Errorf("%s: MultiPV 1 best %s (%d); MultiPV 3 best %s (%d), lines %+v", c.name, one.BestText, one.Score, three.BestText, three.Score, three.Lines)
			continue
		}
		seen := map[game.Move]bool{}
		for k, l := range three.Lines {
			if _, err := c.pos.ParseMove(l.PV[0]); err != nil || seen[l.Move] || l.PV[0] != c.pos.MoveString(l.Move) || len(l.Moves) != len(l.PV) {
				t.Errorf("%s line %d: %+v (err %v, repeated %v)", c.name, k+1, l, err, seen[l.Move])
			}
			seen[l.Move] = true
			if k > 0 && l.Score > three.Lines[k-1].Score {
				t.Errorf("%s: line %d scores %d above line %d's %d", c.name, k+1, l.Score, k, three.Lines[k-1].Score)
			}
		}
		for _, i := range infos {
			if len(i.Lines) != 3 || i.Score != i.Lines[0].Score || !slices.Equal(i.PV, i.Lines[0].PV) {
				t.Errorf("%s depth %d: info %+v", c.name, i.Depth, i)
			}
		}
	}
}
