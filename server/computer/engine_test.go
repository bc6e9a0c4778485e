package computer

import (
	"context"
	"errors"
	"slices"
	"testing"
	"time"

	"wyrm/game"
	"wyrm/internal/toygame"
)

func start(t *testing.T) game.Position {
	t.Helper()
	pos, err := toygame.Game{}.Start(game.Options{})
	if err != nil {
		t.Fatal(err)
	}
	return pos
}

// Both engines answer a legal move of the position they are given.
func TestEnginesPlayLegalMoves(t *testing.T) {
	for name, e := range map[string]Engine{"random": RandomEngine{}, "search": NewSearchEngine(1, 1)} {
		pos := start(t)
		m, err := e.BestMove(context.Background(), pos.Clone(), 1, 20*time.Millisecond)
		if err != nil {
			t.Fatalf("%s: %v", name, err)
		}
		if !slices.Contains(pos.LegalMoves(nil), m) {
			t.Fatalf("%s: %v is not legal", name, m)
		}
	}
}

// A pool whose searchers are all taken says so when the caller's wait is
// over, rather than playing at random.
func TestBusyPoolSaysBusy(t *testing.T) {
	e := NewSearchEngine(1, 1)
	held := <-e.pool
	ctx, cancel := context.WithTimeout(context.Background(), 20*time.Millisecond)
	defer cancel()
	if _, err := e.BestMove(ctx, start(t), 1, time.Second); !errors.Is(err, ErrBusy) {
		t.Fatalf("err %v, want ErrBusy", err)
	}
	e.pool <- held
	if _, err := e.BestMove(context.Background(), start(t), 1, 10*time.Millisecond); err != nil {
		t.Fatalf("a free searcher: %v", err)
	}
}

// Score is the seat's own view: the two seats of one position get scores
// of opposite signs (two searches may reach different depths, so only the
// sign is compared).
func TestScoreIsFromTheSeatsSide(t *testing.T) {
	e := NewSearchEngine(1, 1)
	pos := start(t)
	a, err := e.Score(context.Background(), pos.Clone(), 0, 1, 20*time.Millisecond)
	if err != nil {
		t.Fatal(err)
	}
	b, err := e.Score(context.Background(), pos.Clone(), 1, 1, 20*time.Millisecond)
	if err != nil {
		t.Fatal(err)
	}
	if (a > 0) != (b < 0) {
		t.Fatalf("scores %d and %d are not of opposite signs", a, b)
	}
}
