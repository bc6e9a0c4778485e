package search

import (
	"context"
	"io/fs"
	"math/rand/v2"
	"slices"
	"testing"
	"time"

	"wyrm/game"
	"wyrm/internal/toygame"
)

func toy(t testing.TB, s string) game.Position {
	t.Helper()
	p, err := toygame.Parse(s)
	if err != nil {
		t.Fatal(err)
	}
	return p
}

func toyStart(t testing.TB, players string) game.Position {
	t.Helper()
	p, err := toygame.Game{}.Start(game.Options{"players": players})
	if err != nil {
		t.Fatal(err)
	}
	return p
}

func TestFindsMates(t *testing.T) {
	cases := []struct {
		name, pos string
		plies     int
		best      string
	}{
		{"mate in 1", ".......k1/R0......./......../.R0....../......../......../......../K0....... 0", 1, "b5b8"},
		{"mate in 2", ".......k1/......../R0......./.R0....../......../......../......../K0....... 0", 3, ""},
		{"mated in 1", ".......K0/r1......./......../.r1....../......../......../......../k1....... 0", -2, ""},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			e := New(1)
			pos := toy(t, c.pos)
			res := e.Search(context.Background(), pos, Limits{Depth: 5}, nil)
			if got := MatePlies(res.Score); got != c.plies {
				t.Fatalf("score %d (mate plies %d), want mate plies %d; pv %v", res.Score, got, c.plies, res.PV)
			}
			if c.best != "" && res.BestText != c.best {
				t.Fatalf("best %s want %s", res.BestText, c.best)
			}
			if _, err := pos.ParseMove(res.BestText); err != nil {
				t.Fatalf("best move %q not legal: %v", res.BestText, err)
			}
		})
	}
}

// randomToyPositions plays a few random moves from the start.
func randomToyPositions(t *testing.T, n int, players string, seed uint64) []game.Position {
	rng := rand.New(rand.NewPCG(seed, 7))
	var out []game.Position
	for len(out) < n {
		p := toyStart(t, players)
		plies := 4 + rng.IntN(12)
		for i := 0; i < plies; i++ {
			ms := p.LegalMoves(nil)
			if len(ms) == 0 {
				break
			}
			p.Play(ms[rng.IntN(len(ms))])
		}
		if len(p.LegalMoves(nil)) > 0 {
			out = append(out, p)
		}
	}
	return out
}

// plain is textbook fixed-depth alpha-beta with the same quiescence rules as
// the engine (stand pat, all noisy moves, evasions when in check), without
// any table, move ordering, window tricks or pruning.
func plain(p game.Position, depth, ply, alpha, beta int) int {
	if p.ToMove() == game.NoPlayer {
		return plainTerminal(p, ply)
	}
	if depth == 0 {
		return plainQ(p, ply, 0, alpha, beta)
	}
	moves := p.LegalMoves(nil)
	if len(moves) == 0 {
		return plainTerminal(p, ply)
	}
	best := -Infinity
	for _, m := range moves {
		p.Play(m)
		s := -plain(p, depth-1, ply+1, -beta, -alpha)
		p.Undo()
		best = max(best, s)
		alpha = max(alpha, s)
		if alpha >= beta {
			break
		}
	}
	return best
}

func plainTerminal(p game.Position, ply int) int {
	return rootResult(p.Outcome(), p.ToMove(), ply)
}

func plainQ(p game.Position, ply, qply, alpha, beta int) int {
	if p.ToMove() == game.NoPlayer {
		return plainTerminal(p, ply)
	}
	inCheck := qply < 6 && p.InCheck()
	var moves []game.Move
	best := -Infinity
	if inCheck {
		moves = p.LegalMoves(nil)
		if len(moves) == 0 {
			return plainTerminal(p, ply)
		}
	} else {
		best = p.Evaluate(p.ToMove())
		if best >= beta {
			return best
		}
		alpha = max(alpha, best)
		moves = p.NoisyMoves(nil)
		// Captures by gain only to keep the reference fast: the order of
		// moves never changes an alpha-beta value.
		slices.SortStableFunc(moves, func(a, b game.Move) int { return p.Gain(b) - p.Gain(a) })
	}
	for _, m := range moves {
		p.Play(m)
		s := -plainQ(p, ply+1, qply+1, -beta, -alpha)
		p.Undo()
		best = max(best, s)
		alpha = max(alpha, s)
		if alpha >= beta {
			break
		}
	}
	return best
}

func TestTableAndOrderingKeepTheMinimaxValue(t *testing.T) {
	positions := randomToyPositions(t, 8, "2", 3)
	e := New(5)
	e.feat = features{aspiration: true, exactTT: true}
	e.SetContempt(0) // plain scores draws as even
	for i, p := range positions {
		for depth := 1; depth <= 3; depth++ {
			want := plain(p, depth, 0, -Infinity, Infinity)
			got := e.Search(context.Background(), p, Limits{Depth: depth}, nil)
			if got.Score != want {
				t.Fatalf("position %d %q depth %d: search %d, plain %d", i, p.String(), depth, got.Score, want)
			}
			if got.Depth != depth {
				t.Fatalf("finished depth %d", got.Depth)
			}
		}
	}
}

func TestStopsPromptlyOnCancel(t *testing.T) {
	e := New(1)
	p := toyStart(t, "2")
	ctx, cancel := context.WithCancel(context.Background())
	done := make(chan Result)
	go func() { done <- e.Search(ctx, p, Limits{}, nil) }()
	time.Sleep(50 * time.Millisecond)
	cancel()
	select {
	case r := <-done:
		if _, err := p.ParseMove(r.BestText); err != nil {
			t.Fatalf("best %q: %v", r.BestText, err)
		}
	case <-time.After(2 * time.Second):
		t.Fatal("search did not stop within 2s of cancel")
	}
}

func TestLimitsAreObeyed(t *testing.T) {
	p := toyStart(t, "2")
	e := New(1)
	r := e.Search(context.Background(), p, Limits{Nodes: 5000}, nil)
	if r.Nodes > 5000+64 {
		t.Errorf("node limit 5000, searched %d", r.Nodes)
	}
	var infos []Info
	r = e.Search(context.Background(), p, Limits{Depth: 4}, func(i Info) { infos = append(infos, i) })
	if r.Depth != 4 || len(infos) != 4 || infos[3].Depth != 4 || len(infos[3].PV) == 0 || infos[3].PV[0] != r.BestText {
		t.Errorf("depth 4: result depth %d, %d infos, %+v", r.Depth, len(infos), infos)
	}
	start := time.Now()
	r = e.Search(context.Background(), p, Limits{MoveTime: 100 * time.Millisecond}, nil)
	if el := time.Since(start); el > 2*time.Second || r.Best == game.NoMove {
		t.Errorf("movetime 100ms took %v, best %v", el, r.BestText)
	}
}

func TestFinishedPositionHasNoMove(t *testing.T) {
	p := toy(t, "R0......k1/......../......K0. 1")
	r := New(1).Search(context.Background(), p, Limits{Depth: 3}, nil)
	if r.Best != game.NoMove || r.BestText != "" {
		t.Fatalf("best %q at mate", r.BestText)
	}
}

func TestRepetitionIsADraw(t *testing.T) {
	// White is a queen down. The position after a1a2 occurred earlier in
	// the game, so a1a2 draws by repetition and the search must prefer it,
	// scoring it as the draw less the contempt.
	p := toy(t, ".......k1/.......q1/......../......../......../......../......../K0....... 0")
	e := New(1)
	r := e.Search(context.Background(), p, Limits{Depth: 3}, nil)
	if r.Score > -500 {
		t.Fatalf("queen down without history scored %d", r.Score)
	}
	q := p.Clone()
	m, err := q.ParseMove("a1a2")
	if err != nil {
		t.Fatal(err)
	}
	q.Play(m)
	for _, contempt := range []int{0, DefaultContempt} {
		e.SetContempt(contempt)
		r = e.Search(context.Background(), p, Limits{Depth: 3, History: []uint64{q.Hash()}}, nil)
		if r.BestText != "a1a2" || r.Score != -contempt {
			t.Fatalf("contempt %d, with a1a2 repeating: best %s score %d, want a1a2 %d", contempt, r.BestText, r.Score, -contempt)
		}
	}
}

// contemptToy is a toy position whose game asks for its own contempt.
type contemptToy struct {
	*toygame.Position
	contempt int
}

func (p contemptToy) Clone() game.Position {
	return contemptToy{p.Position.Clone().(*toygame.Position), p.contempt}
}

// Game is the toy game with its contempt in its Info.
func (p contemptToy) Game() game.Game { return contemptGame{p.contempt} }

type contemptGame struct{ contempt int }

func (g contemptGame) Info() game.Info {
	i := toygame.Game{}.Info()
	i.Contempt = g.contempt
	return i
}

func (contemptGame) Options() []game.Option                         { return nil }
func (contemptGame) Normalize(o game.Options) (game.Options, error) { return o, nil }
func (contemptGame) SeatNames(game.Options) ([]string, error)       { return []string{"a", "b"}, nil }
func (contemptGame) Start(o game.Options) (game.Position, error)    { return toygame.Game{}.Start(o) }
func (contemptGame) Parse(s string, o game.Options) (game.Position, error) {
	return toygame.Game{}.Parse(s, o)
}
func (contemptGame) Diagrams() []game.Diagram { return nil }
func (contemptGame) Pictures() fs.FS          { return nil }

func TestGameContemptIsTheDefault(t *testing.T) {
	// The same forced repetition as above: the draw is scored at minus the
	// game's contempt until SetContempt overrides it.
	plain := toy(t, ".......k1/.......q1/......../......../......../......../......../K0....... 0")
	own := contemptToy{plain.Clone().(*toygame.Position), 120}
	q := plain.Clone()
	m, err := q.ParseMove("a1a2")
	if err != nil {
		t.Fatal(err)
	}
	q.Play(m)
	lim := Limits{Depth: 3, History: []uint64{q.Hash()}}
	e := New(1)
	if r := e.Search(context.Background(), own, lim, nil); r.Score != -120 {
		t.Fatalf("game contempt 120: score %d, want -120", r.Score)
	}
	if r := e.Search(context.Background(), plain, lim, nil); r.Score != -DefaultContempt {
		t.Fatalf("game without its own contempt: score %d, want %d", r.Score, -DefaultContempt)
	}
	e.SetContempt(7)
	if r := e.Search(context.Background(), own, lim, nil); r.Score != -7 {
		t.Fatalf("SetContempt(7) over the game's 120: score %d, want -7", r.Score)
	}
}

// markToy is a toy position that counts the MarkRoot calls on its copies.
type markToy struct {
	*toygame.Position
	marks *int
}

func (p markToy) Clone() game.Position {
	return markToy{p.Position.Clone().(*toygame.Position), p.marks}
}

func (p markToy) MarkRoot() { *p.marks++ }

func TestSearchMarksItsRootOnce(t *testing.T) {
	marks := 0
	p := markToy{toyStart(t, "2").(*toygame.Position), &marks}
	New(1).Search(context.Background(), p, Limits{Depth: 4}, nil)
	if marks != 1 {
		t.Fatalf("MarkRoot called %d times for one search, want once", marks)
	}
}

func TestSearchDoesNotAllocatePerNode(t *testing.T) {
	p := toyStart(t, "2")
	e := New(1)
	e.Search(context.Background(), p, Limits{Depth: 3}, nil)
	var nodes uint64
	allocs := testing.AllocsPerRun(3, func() {
		e.NewGame()
		r := e.Search(context.Background(), p, Limits{Depth: 7}, nil)
		nodes = r.Nodes
	})
	if nodes < 5000 || allocs > 300 {
		t.Fatalf("%v allocations for %d nodes", allocs, nodes)
	}
}

func TestMultiPlayerModes(t *testing.T) {
	for _, players := range []string{"3", "4"} {
		for _, mode := range []MultiMode{BRS, Paranoid} {
			p := toyStart(t, players)
			e := New(2)
			e.SetMultiMode(mode)
			r := e.Search(context.Background(), p, Limits{Depth: 4}, nil)
			if _, err := p.ParseMove(r.BestText); err != nil {
				t.Fatalf("%s players %s: best %q: %v", mode, players, r.BestText, err)
			}
		}
	}
}

func TestMultiPlayerTakesTheKing(t *testing.T) {
	// Seat 0's rook can capture seat 2's king on a8 (kings may be taken
	// with three players); seat 1's king sits far away.
	pos := "k2......./......../......../.......K1/......../......../......../R0.....K0. 0"
	for _, mode := range []MultiMode{BRS, Paranoid} {
		e := New(3)
		e.SetMultiMode(mode)
		p := toy(t, pos)
		r := e.Search(context.Background(), p, Limits{Depth: 3}, nil)
		if r.BestText != "a1a8" {
			t.Errorf("%s: best %s (score %d), want a1a8", mode, r.BestText, r.Score)
		}
	}
}

func TestLevelsReturnLegalMoves(t *testing.T) {
	p := toyStart(t, "2")
	for lv := 1; lv <= MaxLevel; lv++ {
		e := New(uint64(lv))
		e.SetLevel(lv)
		r := e.Search(context.Background(), p, Limits{Depth: 4}, nil)
		if _, err := p.ParseMove(r.BestText); err != nil {
			t.Fatalf("level %d: %q %v", lv, r.BestText, err)
		}
		if lv < MaxLevel && levels[lv-1].depth > 0 && r.Depth > levels[lv-1].depth {
			t.Fatalf("level %d searched depth %d", lv, r.Depth)
		}
	}
}

// huge wraps the toy game with an evaluation far outside the score range,
// as a game may use for an eliminated player.
type huge struct{ game.Position }

func (h huge) Evaluate(p game.Player) int { return h.Position.Evaluate(p) * 10000 }
func (h huge) Clone() game.Position       { return huge{h.Position.Clone()} }

func TestHugeEvaluationsAreClamped(t *testing.T) {
	p := huge{toy(t, "k1q1....../......../......../......../......../......../......../K0......R0 0")}
	r := New(1).Search(context.Background(), p, Limits{Depth: 4}, nil)
	if IsMate(r.Score) || r.Score < -Infinity || r.Score > Infinity {
		t.Fatalf("score %d escapes the evaluation range", r.Score)
	}
}

// TestNoisyGainRoundTrip: quiescence reads a capture's gain back from its
// ordering score instead of asking the game twice.
func TestNoisyGainRoundTrip(t *testing.T) {
	p := toy(t, ".......k1/......../......../...q1..../......../......../...R0..../K0....... 0")
	e := New(1)
	e.pos = p
	sd := &e.stack[0]
	sd.moves = p.NoisyMoves(sd.moves[:0])
	if len(sd.moves) == 0 {
		t.Fatal("no captures in the test position")
	}
	e.scoreMoves(0, game.NoMove)
	for i, m := range sd.moves {
		if got, want := noisyGain(sd.scores[i]), p.Gain(m); got != want {
			t.Errorf("%s: gain %d from the order score, Gain says %d", p.MoveString(m), got, want)
		}
	}
}

// NewGame forgets what earlier searches learnt: a search after it walks
// the same tree as the first search of a new engine, though NewGame skips
// clearing tables that nothing has written since they were made.
func TestNewGameForgets(t *testing.T) {
	p := toyStart(t, "2")
	e := New(1)
	e.NewGame() // on fresh tables: nothing to clear
	first := e.Search(context.Background(), p, Limits{Depth: 6}, nil).Nodes
	again := e.Search(context.Background(), p, Limits{Depth: 6}, nil).Nodes
	if again >= first {
		t.Fatalf("a second search without NewGame took %d nodes, the first %d: the tables taught it nothing", again, first)
	}
	e.NewGame()
	if got := e.Search(context.Background(), p, Limits{Depth: 6}, nil).Nodes; got != first {
		t.Fatalf("after NewGame %d nodes, want the first search's %d", got, first)
	}
}
