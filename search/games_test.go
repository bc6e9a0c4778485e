package search

import (
	"context"
	"testing"

	"wyrm/game"
	"wyrm/games/dragon"
	"wyrm/games/dragonchess"
	"wyrm/games/dungeon"
)

func startOf(t testing.TB, g game.Game, opts game.Options) game.Position {
	t.Helper()
	p, err := g.Start(opts)
	if err != nil {
		t.Fatal(err)
	}
	return p
}

// treeNodes is the number of nodes a fresh level-1 engine, its features
// changed by set, searches to depth from p.
func treeNodes(p game.Position, depth int, set func(*features)) uint64 {
	e := New(1)
	set(&e.feat)
	return e.Search(context.Background(), p, Limits{Depth: depth}, nil).Nodes
}

func benchSearch(b *testing.B, g game.Game, opts game.Options, depth int) {
	p := startOf(b, g, opts)
	e := New(1)
	var nodes uint64
	b.ReportAllocs()
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		e.NewGame()
		nodes += e.Search(context.Background(), p, Limits{Depth: depth}, nil).Nodes
	}
	b.ReportMetric(float64(nodes)/b.Elapsed().Seconds(), "nodes/s")
}

func BenchmarkSearchDragon(b *testing.B)      { benchSearch(b, dragon.Game, nil, 6) }
func BenchmarkSearchDragonchess(b *testing.B) { benchSearch(b, dragonchess.Game, nil, 4) }
func BenchmarkSearchDungeon2(b *testing.B)    { benchSearch(b, dungeon.Game{}, nil, 6) }
func BenchmarkSearchDungeon4(b *testing.B) {
	benchSearch(b, dungeon.Game{}, game.Options{"players": "4"}, 4)
}

func TestDragonMates(t *testing.T) {
	cases := []struct {
		fen, best string
		plies     int
	}{
		{"6k1/5ppp/8/8/8/8/8/R5K1[] w - - 0 1", "a1a8", 1},
		{"r5k1/5ppp/8/8/8/8/4R3/4R1K1[] w - - 0 1", "e2e8", 3},
		// the same with Black to move after 1.Re8+: mated in two plies.
		{"r3R1k1/5ppp/8/8/8/8/8/4R1K1[] b - - 1 1", "a8e8", -2},
	}
	for _, c := range cases {
		p, err := dragon.Game.Parse(c.fen, nil)
		if err != nil {
			t.Fatal(err)
		}
		r := New(1).Search(context.Background(), p, Limits{Depth: 6}, nil)
		if MatePlies(r.Score) != c.plies || c.best != "" && r.BestText != c.best {
			t.Errorf("%s: best %s score %d (mate plies %d), want %s mate plies %d", c.fen, r.BestText, r.Score, MatePlies(r.Score), c.best, c.plies)
		}
	}
}

func TestRealGamesSearchLegalMoves(t *testing.T) {
	cases := []struct {
		g    game.Game
		opts game.Options
	}{
		{dragon.Game, nil}, {dragonchess.Game, nil}, {dungeon.Game{}, nil},
		{dungeon.Game{}, game.Options{"players": "3"}}, {dungeon.Game{}, game.Options{"players": "4"}},
	}
	for _, c := range cases {
		p := startOf(t, c.g, c.opts)
		for _, mode := range []MultiMode{BRS, Paranoid} {
			e := New(1)
			e.SetMultiMode(mode)
			r := e.Search(context.Background(), p, Limits{Nodes: 3000}, nil)
			if _, err := p.ParseMove(r.BestText); err != nil {
				t.Errorf("%s %v %s: best %q: %v", c.g.Info().Name, c.opts, mode, r.BestText, err)
			}
		}
	}
}

// TestEvaluationFadesTowardsTheQuietLimit: the same lead counts for less as
// a no-progress rule nears its limit, fading towards the draw value (less
// the game's contempt for the root player), half way at the limit.
func TestEvaluationFadesTowardsTheQuietLimit(t *testing.T) {
	cases := []struct {
		g           game.Game
		early, late string
		n, limit    int
	}{
		{dungeon.Game{}, "two-player-dungeon human:Pa1,Wd3,Ne3 undead:La20 1 0 0", "two-player-dungeon human:Pa1,Wd3,Ne3 undead:La20 1 90 90", 90, 100},
		{dragon.Game, "4k3/8/8/8/8/8/8/R3K3[] w - - 0 1", "4k3/8/8/8/8/8/8/R3K3[] w - - 80 100", 80, 100},
	}
	for _, c := range cases {
		e := New(1)
		eval := func(text string) (raw, faded int) {
			p, err := c.g.Parse(text, nil)
			if err != nil {
				t.Fatal(err)
			}
			e.pos, e.root, e.players = p, p.ToMove(), p.Players()
			e.quiet, _ = p.(game.QuietCounter)
			e.contempt = e.contemptFor(p)
			return p.Evaluate(p.ToMove()), e.evaluate()
		}
		raw0, f0 := eval(c.early)
		raw, f := eval(c.late)
		want := (raw*(2*c.limit-c.n) - e.contempt*c.n) / (2 * c.limit)
		if raw0 <= 0 || f0 != raw0 || f != want || f >= raw {
			t.Errorf("%s: early %d faded to %d (want unchanged); late %d faded to %d, want %d", c.g.Info().Name, raw0, f0, raw, f, want)
		}
	}
}

// TestQuietPruningSavesNodesKeepsMates: late move and futility pruning cut
// the trees of Dragon Chess openings to the same depth by at least a
// third, and the engine still finds a mate made only of quiet checks
// (checks are never pruned; pruned, this mate is missed).
func TestQuietPruningSavesNodesKeepsMates(t *testing.T) {
	with := openingTrees(t, 7, func(*features) {})
	without := openingTrees(t, 7, func(f *features) { f.lmp, f.futility = false, false })
	if with*3 > without*2 {
		t.Errorf("depth 7, twelve openings: %d nodes with quiet-move pruning, %d without: want at most two thirds", with, without)
	}
	// The rook roller: every move of the mate is a quiet check.
	fen := "8/8/4k3/1R6/8/8/8/R6K[] w - - 0 1"
	q, err := dragon.Game.Parse(fen, nil)
	if err != nil {
		t.Fatal(err)
	}
	// Without the pruning of whole nodes (null move, reverse futility),
	// which at this depth cuts the mating side's nodes before any move
	// is tried (a ply deeper, the mate is found with them too).
	e := New(1)
	e.feat.nullMove, e.feat.rfp = false, false
	r := e.Search(context.Background(), q, Limits{Depth: 8}, nil)
	if !IsMate(r.Score) || r.Score < 0 {
		t.Errorf("%s: best %s score %d, want a mate for White", fen, r.BestText, r.Score)
	}
	t.Logf("%s: best %s mate in %d plies; %d nodes with pruning, %d without", fen, r.BestText, MatePlies(r.Score), with, without)
}
