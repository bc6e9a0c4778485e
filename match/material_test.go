package match

import (
	"context"
	"math/rand/v2"
	"testing"

	"wyrm/game"
	"wyrm/games"
)

// TestMaterialHooks plays random games of every game and checks what a
// material count must obey: a quiet move leaves every other seat's
// material as it was, and a capture never adds to it.
func TestMaterialHooks(t *testing.T) {
	rng := rand.New(rand.NewPCG(1, 2))
	for _, name := range []string{"dragon", "dragonchess", "dungeon"} {
		g, err := games.Lookup(name)
		if err != nil {
			t.Fatal(err)
		}
		pos, err := g.Start(game.Options{})
		if err != nil {
			t.Fatal(err)
		}
		mt, ok := pos.(game.Materialer)
		if !ok {
			t.Fatalf("%s does not count material", name)
		}
		if mt.Material(0) <= 0 {
			t.Fatalf("%s: start material %d", name, mt.Material(0))
		}
		captures := 0
		for ply := 0; ply < 300; ply++ {
			ms := pos.LegalMoves(nil)
			if len(ms) == 0 {
				break
			}
			m := ms[rng.IntN(len(ms))]
			mover := pos.ToMove()
			noisy := pos.IsNoisy(m)
			var before [game.MaxPlayers]int
			for s := 0; s < pos.Players(); s++ {
				before[s] = mt.Material(game.Player(s))
			}
			pos.Play(m)
			for s := 0; s < pos.Players(); s++ {
				after := mt.Material(game.Player(s))
				if game.Player(s) == mover {
					continue
				}
				if !noisy && after != before[s] || after > before[s] {
					t.Fatalf("%s: %v (noisy %v) took seat %d's material from %d to %d", name, m, noisy, s+1, before[s], after)
				}
				if after < before[s] {
					captures++
				}
			}
		}
		if captures == 0 {
			t.Fatalf("%s: no capture in a random game", name)
		}
	}
}

// TestMaterialPlayerTakes checks that material:1 takes a queen left
// hanging, and material:2 does not take a pawn defended by a pawn.
func TestMaterialPlayerTakes(t *testing.T) {
	g, _ := games.Lookup("dragon")
	for _, c := range []struct {
		spec, pos, want string
	}{
		{"material:1", "4k3/8/8/3q4/8/8/8/3RK3[] w - - 0 1", "d1d5"},
		{"material:2", "4k3/8/2p5/3p4/8/8/8/3RK3[] w - - 0 1", ""},
	} {
		pos, err := g.Parse(c.pos, nil)
		if err != nil {
			t.Fatal(err)
		}
		p, err := NewPlayer(c.spec, 1)
		if err != nil {
			t.Fatal(err)
		}
		got, err := p.Move(context.Background(), Request{Game: g, Pos: pos})
		if err != nil {
			t.Fatal(err)
		}
		if c.want != "" && got != c.want || c.want == "" && got == "d1d5" {
			t.Errorf("%s in %s plays %s", c.spec, c.pos, got)
		}
	}
}
