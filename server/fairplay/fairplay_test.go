package fairplay

import (
	"context"
	"fmt"
	"os"
	"path/filepath"
	"slices"
	"sync"
	"testing"
	"time"

	"wyrm/game"
	"wyrm/internal/pgtest"
	"wyrm/internal/toygame"
	"wyrm/server/computer"
	"wyrm/server/store"
)

func TestMain(m *testing.M) { os.Exit(pgtest.Main(m)) }

// fakeEngine's first choice is a legal move picked by the position (first); it
// scores every position 30 for the side to move, so that each move
// analysed loses 60 by the analysis's sum; it records each search's class.
type fakeEngine struct {
	mu      sync.Mutex
	classes []computer.Class
}

func (e *fakeEngine) note(ctx context.Context) {
	e.mu.Lock()
	e.classes = append(e.classes, computer.TicketOf(ctx).Class)
	e.mu.Unlock()
}

func (e *fakeEngine) BestMove(ctx context.Context, pos game.Position, _ int, _ time.Duration) (game.Move, error) {
	e.note(ctx)
	return first(pos), nil
}

func (e *fakeEngine) Score(ctx context.Context, _ game.Position, _ game.Player, _ int, _ time.Duration) (int, error) {
	e.note(ctx)
	return 30, nil
}

func sorted(pos game.Position) []game.Move {
	ms := pos.LegalMoves(nil)
	slices.SortFunc(ms, func(a, b game.Move) int {
		x, y := pos.MoveString(a), pos.MoveString(b)
		switch {
		case x < y:
			return -1
		case x > y:
			return 1
		}
		return 0
	})
	return ms
}

// first is the fake engine's choice: one of the legal moves picked by the
// position's hash, so that games wander rather than repeat.
func first(pos game.Position) game.Move { return pick(pos, 0) }

// pick is the legal move off places after the engine's choice.
func pick(pos game.Position, off int) game.Move {
	ms := sorted(pos)
	return ms[(int(pos.Hash()%1000)+off)%len(ms)]
}

// game plays a toy game in which the first seat always plays the fake
// engine's choice, thinking 1 s a move, and the second seat never does,
// thinking 3 s; it returns the job and the moves the first seat played
// past the opening.
func toyJob(t *testing.T, id string, users []int64) (Job, int) {
	t.Helper()
	start, err := toygame.Game{}.Start(nil)
	if err != nil {
		t.Fatal(err)
	}
	pos := start.Clone()
	j := Job{GameID: id, Game: "toy", Speed: "blitz", Start: start, StartMs: 1000, Users: users, Ratings: []float64{1500, 1500}, AtMs: 99}
	at, n := int64(1000), 0
	for k := 0; k < 80 && !pos.Outcome().Over; k++ {
		seat := int(pos.ToMove())
		m := first(pos)
		at += 1000
		if seat == 1 {
			m = pick(pos, 1)
			at += 2000
		} else if k >= SkipPlies {
			n++
		}
		j.Plies = append(j.Plies, Ply{Seat: seat, Move: pos.MoveString(m), AtMs: at})
		pos.Play(m)
	}
	return j, n
}

func openStore(t *testing.T, target string) *Store {
	t.Helper()
	st, err := store.Open(target)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { st.Close() })
	s, err := Open(context.Background(), st)
	if err != nil {
		t.Fatal(err)
	}
	return s
}

// A game's figures: the first seat matched the engine on every move, the
// second on none (but where it had a single move); the losses are the
// engine's scores added as documented; the move times are the record's;
// every search was background work.
func TestAnalyseFigures(t *testing.T) {
	e := &fakeEngine{}
	a := New(Config{Engine: e, Budget: time.Hour, Think: time.Millisecond})
	j, n := toyJob(t, "g1", []int64{7, 8})
	figs, err := a.Analyse(context.Background(), j)
	if err != nil {
		t.Fatal(err)
	}
	if len(figs) != 2 {
		t.Fatalf("figures %+v", figs)
	}
	f := figs[0]
	if f.UserID != 7 || f.Moves != n || f.Matches != n || f.LossCP != 60*n || f.TimedMoves != n || f.TimeMs != int64(1000*n) {
		t.Errorf("the engine's copy: %+v, want %d moves matched, %d lost, %d ms", f, n, 60*n, 1000*n)
	}
	g := figs[1]
	if g.UserID != 8 || g.Moves == 0 || g.Matches*4 > g.Moves || g.TimeMs != int64(3000*g.TimedMoves) {
		t.Errorf("the other seat: %+v", g)
	}
	for _, c := range e.classes {
		if c != computer.Background {
			t.Fatalf("a search of class %v, want background", c)
		}
	}
	// A guest's seat has no figures.
	j.Users = []int64{0, 8}
	if figs, _ := a.Analyse(context.Background(), j); len(figs) != 1 || figs[0].UserID != 8 {
		t.Errorf("with a guest: %+v", figs)
	}
}

// The queue is bounded: past QueueLen games wait no more; games of more
// than two seats are not taken.
func TestQueueIsBounded(t *testing.T) {
	a := New(Config{Engine: &fakeEngine{}})
	j, _ := toyJob(t, "g", []int64{1, 2})
	for i := range QueueLen {
		if !a.Enqueue(j) {
			t.Fatalf("game %d refused", i+1)
		}
	}
	if a.Enqueue(j) {
		t.Error("a game past the queue's bound was taken")
	}
	j.Users = []int64{1, 2, 3}
	if New(Config{Engine: &fakeEngine{}}).Enqueue(j) {
		t.Error("a game of three was taken")
	}
}

// The budget holds the analysis to its search time a minute: spent, the
// next search waits for the time to come back.
func TestBudget(t *testing.T) {
	a := New(Config{Engine: &fakeEngine{}, Budget: time.Minute}) // a second a second
	ctx := context.Background()
	if err := a.spend(ctx, time.Minute); err != nil {
		t.Fatal(err)
	}
	start := time.Now()
	if err := a.spend(ctx, 150*time.Millisecond); err != nil {
		t.Fatal(err)
	}
	if took := time.Since(start); took < 120*time.Millisecond {
		t.Errorf("a search past the budget waited only %v", took)
	}
}

// Games analysed through the queue are kept once each; an account whose
// moves match the engine far above its rating's norm is flagged, one that
// plays like others is not, nor a closed or marked one.
func TestFlags(t *testing.T) {
	for _, b := range []struct {
		name   string
		target func(testing.TB) string
	}{{"sqlite", func(tb testing.TB) string { return filepath.Join(tb.TempDir(), "t.db") }}, {"postgres", pgtest.NewDB}} {
		t.Run(b.name, func(t *testing.T) {
			s := openStore(t, b.target(t))
			a := New(Config{Engine: &fakeEngine{}, Store: s, Budget: time.Hour, Think: time.Millisecond})
			ctx, cancel := context.WithCancel(context.Background())
			done := make(chan struct{})
			go func() { a.Run(ctx); close(done) }()
			moves := 0
			for i := 0; moves < MinMoves || i < MinGames; i++ {
				if i == 40 {
					t.Fatalf("40 games hold %d moves", moves)
				}
				j, n := toyJob(t, fmt.Sprintf("g%d", i), []int64{7, 8})
				moves += n
				if !a.Enqueue(j) {
					t.Fatal("queue full")
				}
				if i == 0 {
					a.Enqueue(j) // twice: kept once
				}
			}
			names := map[int64]string{7: "sharp", 8: "plain"}
			account := func(_ context.Context, id int64) (string, string, bool) { n, ok := names[id]; return n, "", ok }
			var flags []Flag
			deadline := time.Now().Add(20 * time.Second)
			for len(flags) == 0 && time.Now().Before(deadline) {
				time.Sleep(20 * time.Millisecond)
				var err error
				if flags, err = s.Flags(context.Background(), 10, account); err != nil {
					t.Fatal(err)
				}
			}
			cancel()
			<-done
			if len(flags) != 1 || flags[0].Name != "sharp" || flags[0].Match() != 1 || flags[0].Norm != Norm(1500) || flags[0].MoveMs() != 1000 {
				t.Fatalf("flags %+v", flags)
			}
			all, _ := s.totals(context.Background())
			for _, tt := range all {
				if tt.Moves != moves && tt.UserID == 7 {
					t.Errorf("the figures of %d kept: %d moves, want %d (a game twice?)", tt.UserID, tt.Moves, moves)
				}
			}
			delete(names, 7) // closed
			if f, _ := s.Flags(context.Background(), 10, account); len(f) != 0 {
				t.Errorf("a closed account flagged: %+v", f)
			}
			marked := func(_ context.Context, id int64) (string, string, bool) { return "sharp", "cheat", true }
			if f, _ := s.Flags(context.Background(), 10, marked); len(f) != 0 {
				t.Errorf("a marked account flagged: %+v", f)
			}
		})
	}
}

// The norm grows with the rating, within its bounds.
func TestNorm(t *testing.T) {
	for _, c := range []struct{ r, want float64 }{{1500, 0.30}, {2000, 0.40}, {500, 0.15}, {4000, 0.70}} {
		if got := Norm(c.r); got < c.want-1e-9 || got > c.want+1e-9 {
			t.Errorf("Norm(%v) = %v, want %v", c.r, got, c.want)
		}
	}
}
