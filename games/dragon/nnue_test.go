package dragon

import (
	"bufio"
	"bytes"
	"flag"
	"fmt"
	"math/rand/v2"
	"os"
	"strconv"
	"strings"
	"testing"

	"wyrm/game"
	"wyrm/game/nnue"
)

var updateNetGolden = flag.Bool("update-nnue-golden", false, "rewrite testdata/nnue-golden.txt from the embedded network")

// withNet makes p evaluate with the embedded network.
func withNet(t testing.TB, p *Position) {
	t.Helper()
	w, err := game.ApplyParams(p, []game.Param{{Name: "eval.nnue", Value: 1}})
	if err != nil {
		t.Fatal(err)
	}
	p.SetWeights(w)
}

// TestNetworkMatchesRecipe checks that the embedded network decodes and is
// the file its recipe describes.
func TestNetworkMatchesRecipe(t *testing.T) {
	if network == nil {
		t.Fatal("the embedded network does not decode, or is not Dragon Chess's shape")
	}
	recipe, err := os.ReadFile("nnue.recipe")
	if err != nil {
		t.Fatal(err)
	}
	want := ""
	sc := bufio.NewScanner(bytes.NewReader(recipe))
	for sc.Scan() {
		if s, ok := strings.CutPrefix(sc.Text(), "sha256 "); ok {
			want = s
		}
	}
	if got := nnue.FileSum(networkFile); got != want {
		t.Fatalf("nnue.bin sha256 %s, recipe says %q", got, want)
	}
}

// randomWalk plays random legal moves from the start, calling check after
// every move and every take-back.
func randomWalk(t *testing.T, seed uint64, plies int, check func(p *Position)) {
	rng := rand.New(rand.NewPCG(seed, 9))
	p := mustFEN(t, StartFEN)
	withNet(t, p)
	p.Evaluate(0)
	var buf []game.Move
	for range plies {
		if p.ToMove() == game.NoPlayer {
			break
		}
		buf = p.LegalMoves(buf[:0])
		p.Play(buf[rng.IntN(len(buf))])
		check(p)
		if rng.IntN(4) == 0 {
			p.Undo()
			check(p)
		}
	}
}

// TestNetIncrementalMatchesRefresh checks the accumulators kept by make
// and unmake against ones rebuilt from the board, along random games
// (drops, castling, en passant and promotions among their moves).
func TestNetIncrementalMatchesRefresh(t *testing.T) {
	for seed := range uint64(40) {
		randomWalk(t, seed, 300, func(p *Position) {
			if !p.accOK {
				t.Fatal("accumulators dropped by a move")
			}
			q := *p
			q.netRefresh()
			if q.acc != p.acc {
				t.Fatalf("seed %d, %s: incremental accumulators differ from a refresh", seed, p.FEN())
			}
		})
	}
}

// TestNetSymmetry checks that the network scores a position and its
// colour-swapped twin alike, and each side's view as the other's negated.
func TestNetSymmetry(t *testing.T) {
	n := 0
	randomWalk(t, 77, 400, func(p *Position) {
		if p.ToMove() == game.NoPlayer || p.ep >= 0 {
			return
		}
		q := mustFEN(t, mirror(p.FEN()))
		withNet(t, q)
		if p.Evaluate(0) != -p.Evaluate(1) || p.Evaluate(0) != q.Evaluate(1) {
			t.Fatalf("%s: White %d, Black %d, mirrored Black %d", p.FEN(), p.Evaluate(0), p.Evaluate(1), q.Evaluate(1))
		}
		n++
	})
	if n < 50 {
		t.Fatalf("only %d positions checked", n)
	}
}

// TestNetGolden evaluates fixed positions (from seeded random games) and
// compares with testdata/nnue-golden.txt, which -update-nnue-golden
// rewrites after a new network is trained.
func TestNetGolden(t *testing.T) {
	var b strings.Builder
	b.WriteString("# The embedded network's evaluation (side to move) of positions of seeded random games;\n")
	b.WriteString("# go test ./games/dragon -run TestNetGolden -update-nnue-golden rewrites it.\n")
	fmt.Fprintf(&b, "# network sha256 %s\n", nnue.FileSum(networkFile))
	for seed := range uint64(6) {
		i := 0
		randomWalk(t, 1000+seed, 60, func(p *Position) {
			if i++; i%10 == 0 {
				q := mustFEN(t, p.FEN())
				withNet(t, q)
				fmt.Fprintf(&b, "%d %s\n", q.Evaluate(game.NoPlayer), q.FEN())
			}
		})
	}
	const path = "testdata/nnue-golden.txt"
	if *updateNetGolden {
		if err := os.WriteFile(path, []byte(b.String()), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	want, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	if got := b.String(); got != string(want) {
		t.Fatalf("evaluations differ from %s (after training a network, rerun with -update-nnue-golden):\n%s", path, got)
	}
	// The golden file must say something: not every position equal.
	seen := map[int]bool{}
	for l := range strings.SplitSeq(string(want), "\n") {
		if v, err := strconv.Atoi(strings.SplitN(l, " ", 2)[0]); err == nil {
			seen[v] = true
		}
	}
	if len(seen) < 5 {
		t.Fatalf("only %d distinct values in %s", len(seen), path)
	}
}

// TestHandEvaluationStaysDefault checks that the network is a choice:
// the game's own weights evaluate with the hand-written terms.
func TestHandEvaluationStaysDefault(t *testing.T) {
	p := mustFEN(t, StartFEN)
	if p.w.net != nil || p.accOK {
		t.Fatal("the default weights evaluate with the network")
	}
}

func BenchmarkEvaluateHand(b *testing.B) { benchEvaluate(b, false) }
func BenchmarkEvaluateNet(b *testing.B)  { benchEvaluate(b, true) }

func benchEvaluate(b *testing.B, net bool) {
	p, _ := ParseFEN("r1bqk2r/ppp2ppp/2n2n2/3pp3/1b1PP3/2N2N2/PPP2PPP/R1BQKB1R[Dd] w KQkq - 0 5")
	if net {
		withNet(b, p)
	}
	s := 0
	for b.Loop() {
		s += p.Evaluate(0)
	}
	_ = s
}

func BenchmarkPlayUndoHand(b *testing.B) { benchPlayUndo(b, false) }
func BenchmarkPlayUndoNet(b *testing.B)  { benchPlayUndo(b, true) }

func benchPlayUndo(b *testing.B, net bool) {
	p, _ := ParseFEN("r1bqk2r/ppp2ppp/2n2n2/3pp3/1b1PP3/2N2N2/PPP2PPP/R1BQKB1R[Dd] w KQkq - 0 5")
	if net {
		withNet(b, p)
		p.Evaluate(0)
	}
	moves := p.LegalMoves(nil)
	for i := 0; b.Loop(); i++ {
		p.Play(moves[i%len(moves)])
		p.Undo()
	}
}
