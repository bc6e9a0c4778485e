package search

import (
	"context"
	"os"
	"strings"
	"testing"

	"wyrm/game"
	"wyrm/games/dragon"
	"wyrm/games/dragonchess"
)

// TestPruningKeepsForcedWins searches positions with one winning move with
// every technique on (SEE pruning, internal iterative reduction, singular
// extensions, history reductions) and checks the move is found, and that
// no singular-extension exclusion is left behind on the stack.
func TestPruningKeepsForcedWins(t *testing.T) {
	for _, c := range []struct{ pos, want string }{
		{"4k3/8/8/3q4/8/8/8/3RK3[] w - - 0 1", "d1d5"},  // a queen to take
		{"6k1/5ppp/8/8/8/8/8/K3R3[] w - - 0 1", "e1e8"}, // mate on the back rank
		{"k7/8/1K6/8/8/8/8/7R[] w - - 0 1", "h1h8"},     // mate with king and rook
	} {
		p, err := dragon.Game.Parse(c.pos, nil)
		if err != nil {
			t.Fatal(err)
		}
		e := New(1)
		r := e.Search(context.Background(), p, Limits{Depth: 8}, nil)
		if r.BestText != c.want {
			t.Errorf("%s: played %s, want %s", c.pos, r.BestText, c.want)
		}
		for i := range e.stack {
			if e.stack[i].excluded != game.NoMove {
				t.Fatalf("ply %d still excludes a move", i)
			}
		}
	}
}

// TestNullMoveCutsFarAboveBeta: at a node deeper than reverse futility
// reaches, whose side to move is a queen up and whose beta lies far below
// its evaluation, passing and searching the reply a few plies shallower
// proves the fail-high with far fewer nodes than the first move searched
// to the full depth. (For a long time no node but the root, where it is
// never tried, was allowed a null move.) Whole trees of openings are a
// poor measure here: how much the null move saves there swings with the
// evaluation, from a twentieth fewer nodes to a tenth more at depth 9.
func TestNullMoveCutsFarAboveBeta(t *testing.T) {
	p, err := dragon.Game.Parse("rnb1kbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR[DDdd] w KQkq - 0 1", nil)
	if err != nil {
		t.Fatal(err)
	}
	const depth, beta = rfpDepth + 3, -300
	var nodes [2]uint64
	for i, null := range []bool{true, false} {
		var s int
		s, nodes[i] = searchNode(p, depth, beta-1, beta, func(f *features) { f.nullMove = null })
		if s < beta {
			t.Fatalf("null move %v: a queen up scored %d, below %d", null, s, beta)
		}
	}
	if nodes[0]*4 > nodes[1] {
		t.Errorf("depth %d, beta %d: %d nodes with the null move, %d without: want at most a quarter", depth, beta, nodes[0], nodes[1])
	}
	t.Logf("depth %d: %d nodes with the null move, %d without", depth, nodes[0], nodes[1])
}

// searchNode searches p as a node one ply below the root, to depth with
// the window (alpha, beta), with a fresh engine whose features set
// changes, and returns the score and the nodes searched.
func searchNode(p game.Position, depth, alpha, beta int, set func(*features)) (int, uint64) {
	e := New(1)
	set(&e.feat)
	e.prepare(context.Background(), p)
	e.rootDepth = depth
	s := e.negamax(depth, 1, alpha, beta, false, true)
	return s, e.nodes
}

// openingTrees is the number of nodes of the trees of the first twelve
// positions of the Dragon Chess openings file searched to depth with
// the features set changes. One position's tree is a poor measure: a
// pruning rule changes the order the next iteration sees, and a single
// tree can grow where most shrink.
func openingTrees(t *testing.T, depth int, set func(*features)) uint64 {
	t.Helper()
	data, err := os.ReadFile("../match/testdata/dragon-chess-openings.epd")
	if err != nil {
		t.Fatal(err)
	}
	var sum uint64
	for _, line := range strings.Split(strings.TrimSpace(string(data)), "\n")[:12] {
		p, err := dragon.Game.Parse(line, nil)
		if err != nil {
			t.Fatal(err)
		}
		sum += treeNodes(p, depth, set)
	}
	return sum
}

// TestQuiescenceUsesTheTable: in a selective game's search a quiescence
// search leaves its result in the table, with its best capture, and a
// second search of the same window is answered from there without
// visiting a node more.
func TestQuiescenceUsesTheTable(t *testing.T) {
	p, err := dragon.Game.Parse("4k3/8/8/3q4/8/8/8/3RK3[] w - - 0 1", nil)
	if err != nil {
		t.Fatal(err)
	}
	e := New(1)
	e.prepare(context.Background(), p)
	first := e.quiesce(0, 0, 1, 0)
	ent, ok := e.tt.probe(e.pos.Hash())
	if !ok || ent.depth != 0 || e.pos.MoveString(ent.move) != "d1d5" {
		t.Fatalf("after quiescence: entry %+v (found %v), want depth 0 with the capture d1d5", ent, ok)
	}
	nodes := e.nodes
	if again := e.quiesce(0, 0, 1, 0); again != first || e.nodes != nodes+1 {
		t.Errorf("second quiescence: %d after %d nodes, want %d after one node", again, e.nodes-nodes, first)
	}
}

// TestSelectiveIsTheGamesChoice: the null move and the table in quiescence
// are used only where the game asks for them (game.Info.Selective): Dragon
// Chess does, and turning the null move off changes its tree; Dragonchess
// does not, and turning it off changes nothing.
func TestSelectiveIsTheGamesChoice(t *testing.T) {
	for _, c := range []struct {
		g    game.Game
		want bool
	}{{dragon.Game, true}, {dragonchess.Game, false}} {
		if got := c.g.Info().Selective; got != c.want {
			t.Fatalf("%s: Selective %v, want %v", c.g.Info().Name, got, c.want)
		}
		p := startOf(t, c.g, nil)
		with := treeNodes(p, 5, func(*features) {})
		without := treeNodes(p, 5, func(f *features) { f.nullMove = false })
		if (with != without) != c.want {
			t.Errorf("%s: %d nodes with the null move, %d without", c.g.Info().Name, with, without)
		}
	}
}

// TestQuiescenceFindsQuietChecks: at quiescence's first ply a selective
// game's search also tries the quiet moves that give check, so a back-rank
// mate by a quiet rook move is seen at the horizon; without them
// quiescence only stands pat.
func TestQuiescenceFindsQuietChecks(t *testing.T) {
	p, err := dragon.Game.Parse("6k1/5ppp/8/8/8/8/8/K3R3[] w - - 0 1", nil)
	if err != nil {
		t.Fatal(err)
	}
	for _, on := range []bool{true, false} {
		e := New(1)
		e.feat.qsChecks = on
		e.prepare(context.Background(), p)
		v := e.quiesce(0, -Infinity, Infinity, 0)
		if IsMate(v) != on {
			t.Errorf("quiet checks %v: quiescence scores %d (mate %v)", on, v, IsMate(v))
		}
	}
}

// TestLateMovePruningShrinksTheTree: late move pruning to depth 8 cuts
// the trees of Dragon Chess openings.
func TestLateMovePruningShrinksTheTree(t *testing.T) {
	with := openingTrees(t, 9, func(*features) {})
	without := openingTrees(t, 9, func(f *features) { f.lmpDeep = false })
	if with*20 > without*19 {
		t.Errorf("depth 9: %d nodes with late move pruning to depth 8, %d without: want at least a twentieth fewer", with, without)
	}
	t.Logf("depth 9: %d nodes with late move pruning to depth 8, %d without", with, without)
}

// TestQuietExchangePruning: at a shallow node, even on the principal
// variation where late move pruning does not reach, the quiet moves that
// put a piece where it is lost by the exchange are skipped, and the score
// stays: here the Queen's steps onto the sixth rank, which Black's pawns
// guard (each costs only a few nodes to refute, so the saving is small
// but certain). Whole trees of openings are a poor measure: what the
// pruning saves there swings with the evaluation, from a tenth fewer
// nodes to a tenth more at depth 9.
func TestQuietExchangePruning(t *testing.T) {
	p, err := dragon.Game.Parse("4k3/pppppppp/8/8/3Q4/8/8/4K3[] w - - 0 1", nil)
	if err != nil {
		t.Fatal(err)
	}
	const depth = 3
	var nodes [2]uint64
	var scores [2]int
	for i, on := range []bool{true, false} {
		scores[i], nodes[i] = searchNode(p, depth, -Infinity, Infinity, func(f *features) { f.quietSEE = on })
	}
	if nodes[0] >= nodes[1] {
		t.Errorf("depth %d: %d nodes with quiet exchange pruning, %d without: want fewer", depth, nodes[0], nodes[1])
	}
	if scores[0] != scores[1] {
		t.Errorf("depth %d: score %d with quiet exchange pruning, %d without: only losing moves should go", depth, scores[0], scores[1])
	}
	t.Logf("depth %d: %d nodes with quiet exchange pruning, %d without; score %d", depth, nodes[0], nodes[1], scores[0])
}
