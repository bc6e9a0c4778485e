package dungeon_test

import (
	"strings"
	"testing"

	"wyrm/game"
	"wyrm/games"
	"wyrm/games/dungeon"
)

// benchPos is a deployed two-player position on the Two Player Dungeon:
// Human's balanced army against Greenskin's midrange army from the rulebook.
const benchPos = "two-player-dungeon human:Hb1,Nc1,Pd1,We1,Af1,Ha2,Hb2,Hc2,Hd2,He2,Hf2,Hg2 " +
	"greenskin:Ga19,Gc19,Cd19,Ue19,Gf19,Qd20,Je20 1 0 0"

// TestPerftThroughRegistry runs perft the way "wyrm perft --game dungeon"
// does: registry lookup, Parse, game.Perft and game.Divide.
func TestPerftThroughRegistry(t *testing.T) {
	g, err := games.Lookup("dungeon")
	if err != nil {
		t.Fatal(err)
	}
	if _, ok := g.(game.SetupGame); !ok || g.Info().Title != "Dungeon Chess" {
		t.Fatal("dungeon is not a SetupGame titled Dungeon Chess")
	}
	p, err := g.Parse(benchPos, nil)
	if err != nil {
		t.Fatal(err)
	}
	checked, err := game.PerftChecked(p, 3)
	if err != nil {
		t.Fatal(err)
	}
	fast := game.Perft(p, 3)
	var sum uint64
	for _, e := range game.Divide(p, 3) {
		sum += e.Nodes
	}
	if fast != checked || sum != checked {
		t.Fatalf("perft 3: fast %d, checked %d, divide %d", fast, checked, sum)
	}
	// Depth 1 by hand. Empty in Human's chamber: a1, g1, h1, h2 and the
	// corridor squares d3, e3. Heroes: b1-a1, a2-a1, b2-a1, c2-d3, d2-d3,
	// d2-e3, e2-d3, e2-e3, f2-e3, f2-g1, g2-g1, g2-h1, g2-h2 (13); Knight
	// c1-d3 (1). Wizard, Archer and Princess are boxed in: 14.
	if n := game.Perft(p, 1); n != 14 {
		t.Errorf("perft 1 = %d, want 14: %v", n, game.Divide(p, 1))
	}
	// And Greenskin to move, by hand: Goblin a19 3 (b19 a20 b20), Goblin
	// c19 4 (b19 b20 c20 d18), Orc d19 4 (b20 f20 e17, double step d17),
	// Troll e19 2 (d18 f20), Goblin f19 4 (e18 g19 f20 g20), Shaman d20 3
	// slides (c20 b20 a20) and 12 hexes, Warlord e20 1 (f20): 33. No cannon
	// finds an enemy and the corridors' void cuts every other line.
	q, err := g.Parse(strings.Replace(benchPos, " 1 0 0", " 2 0 0", 1), nil)
	if err != nil {
		t.Fatal(err)
	}
	if n := game.Perft(q, 1); n != 33 {
		t.Errorf("perft 1 for Greenskin = %d, want 33: %v", n, game.Divide(q, 1))
	}
}

// BenchmarkPerftTwoPlayerDungeon runs perft 4 from the deployed position
// and from the same armies a few moves in, where they start to meet.
func BenchmarkPerftTwoPlayerDungeon(b *testing.B) {
	for _, c := range []struct {
		name  string
		moves []string
	}{
		{"deployed", nil},
		{"advanced", []string{"e2e3", "f19e18", "e3e4", "e18e17", "d2e3", "e17e16"}},
	} {
		b.Run(c.name, func(b *testing.B) {
			p, err := dungeon.Game{}.Parse(benchPos, nil)
			if err != nil {
				b.Fatal(err)
			}
			pos := p.(*dungeon.Position)
			for _, m := range c.moves {
				mv, err := pos.ParseMove(m)
				if err != nil {
					b.Fatal(m, err)
				}
				pos.Play(mv)
			}
			b.ReportAllocs()
			b.ResetTimer()
			var nodes uint64
			for i := 0; i < b.N; i++ {
				nodes += pos.Perft(4)
			}
			b.ReportMetric(float64(nodes)/b.Elapsed().Seconds()/1e6, "Mnodes/s")
			b.ReportMetric(float64(nodes)/float64(b.N), "nodes/op")
		})
	}
}
