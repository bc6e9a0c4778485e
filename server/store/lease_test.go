package store

import (
	"context"
	"errors"
	"testing"
	"time"

	"wyrm/internal/pgtest"
)

// openLeased opens a fresh PostgreSQL store holding game "g".
func openLeased(t *testing.T) *Postgres {
	t.Helper()
	p, err := OpenPostgres(context.Background(), pgtest.NewDB(t))
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { p.Close() })
	if err := p.CreateGame(context.Background(), Game{ID: "g", Def: []byte(`{}`)}); err != nil {
		t.Fatal(err)
	}
	return p
}

// Two owners in turn: the stale one's appends and renewals are refused by
// the database, the current one's go through.
func TestStaleOwnerIsFenced(t *testing.T) {
	ctx := context.Background()
	p := openLeased(t)
	a, err := p.Acquire(ctx, "g", "node-a", time.Minute)
	if err != nil {
		t.Fatal(err)
	}
	if err := p.AppendFenced(ctx, "g", a, Action{Seq: 0, Kind: "move", Data: "a"}); err != nil {
		t.Fatal(err)
	}
	if _, err := p.Acquire(ctx, "g", "node-b", time.Minute); !errors.Is(err, ErrLeaseHeld) {
		t.Fatalf("acquire a held lease: %v, want ErrLeaseHeld", err)
	}
	// A short lease that runs out lets node-b take over.
	if err := p.Renew(ctx, "g", "node-a", a, time.Millisecond); err != nil {
		t.Fatal(err)
	}
	time.Sleep(20 * time.Millisecond)
	b, err := p.Acquire(ctx, "g", "node-b", time.Minute)
	if err != nil {
		t.Fatal(err)
	}
	if b <= a {
		t.Fatalf("takeover term %d not above %d", b, a)
	}
	if err := p.AppendFenced(ctx, "g", a, Action{Seq: 1, Kind: "move", Data: "stale"}); !errors.Is(err, ErrFenced) {
		t.Fatalf("stale owner's append: %v, want ErrFenced", err)
	}
	if err := p.Renew(ctx, "g", "node-a", a, time.Minute); !errors.Is(err, ErrLeaseLost) {
		t.Fatalf("stale owner's renewal: %v, want ErrLeaseLost", err)
	}
	if err := p.Release(ctx, "g", "node-a", a); !errors.Is(err, ErrLeaseLost) {
		t.Fatalf("stale owner's release: %v, want ErrLeaseLost", err)
	}
	if err := p.AppendFenced(ctx, "g", b, Action{Seq: 1, Kind: "move", Data: "b"}); err != nil {
		t.Fatal(err)
	}
	// The term fences; the sequence number still refuses a duplicate.
	if err := p.AppendFenced(ctx, "g", b, Action{Seq: 1, Kind: "move"}); !errors.Is(err, ErrConflict) {
		t.Fatalf("duplicate seq under the current term: %v, want ErrConflict", err)
	}
	if err := p.Renew(ctx, "g", "node-b", b, time.Minute); err != nil {
		t.Fatal(err)
	}
	// Release hands the game over at once, and the old term is fenced.
	if err := p.Release(ctx, "g", "node-b", b); err != nil {
		t.Fatal(err)
	}
	c, err := p.Acquire(ctx, "g", "node-a", time.Minute)
	if err != nil || c <= b {
		t.Fatalf("acquire after release: term %d, %v", c, err)
	}
	if err := p.AppendFenced(ctx, "g", b, Action{Seq: 2, Kind: "move"}); !errors.Is(err, ErrFenced) {
		t.Fatalf("released owner's append: %v, want ErrFenced", err)
	}
	got, err := p.Actions(ctx, "g")
	if err != nil || len(got) != 2 || got[0].Data != "a" || got[1].Data != "b" {
		t.Fatalf("log %+v %v; want only the current owners' actions", got, err)
	}
}

func TestLeaseNeedsAGame(t *testing.T) {
	ctx := context.Background()
	p := openLeased(t)
	if _, err := p.Acquire(ctx, "nope", "n", time.Minute); err == nil || errors.Is(err, ErrLeaseHeld) {
		t.Fatalf("lease on an unknown game: %v", err)
	}
	if err := p.AppendFenced(ctx, "g", 1, Action{Seq: 0, Kind: "move"}); !errors.Is(err, ErrFenced) {
		t.Fatalf("fenced append with no lease: %v, want ErrFenced", err)
	}
}

// Once Acquire has returned, no append of the previous owner can land: the
// new owner reads the log and its next sequence number is always free.
// The old owner keeps appending while the lease moves, so its last appends
// race every takeover.
func TestTakeoverSeesEveryEarlierAppend(t *testing.T) {
	ctx := context.Background()
	p := openLeased(t)
	nodes := [2]string{"node-a", "node-b"}
	term, err := p.Acquire(ctx, "g", nodes[0], time.Millisecond)
	if err != nil {
		t.Fatal(err)
	}
	seq := 0
	for round := 0; round < 30; round++ {
		old, next := nodes[round%2], nodes[(round+1)%2]
		stop := make(chan struct{})
		done := make(chan error, 1)
		go func(term int64, from int) {
			// The old owner appends until fenced; conflicts mean the new
			// owner got there first, which is fine for it.
			for s := from; ; {
				err := p.AppendFenced(ctx, "g", term, Action{Seq: s, Kind: "move", Data: old})
				switch {
				case err == nil:
					s++
				case errors.Is(err, ErrFenced):
					done <- nil
					return
				case !errors.Is(err, ErrConflict):
					done <- err
					return
				}
				select {
				case <-stop:
					done <- nil
					return
				default:
				}
			}
		}(term, seq)
		time.Sleep(5 * time.Millisecond)
		newTerm, err := p.Acquire(ctx, "g", next, time.Millisecond)
		if err != nil {
			t.Fatal(err)
		}
		log, err := p.Actions(ctx, "g")
		if err != nil {
			t.Fatal(err)
		}
		seq = len(log)
		if err := p.AppendFenced(ctx, "g", newTerm, Action{Seq: seq, Kind: "move", Data: next}); err != nil {
			t.Fatalf("round %d: new owner's first append after reading %d actions: %v", round, seq, err)
		}
		seq++
		close(stop)
		if err := <-done; err != nil {
			t.Fatal(err)
		}
		term = newTerm
	}
	log, err := p.Actions(ctx, "g")
	if err != nil || len(log) != seq {
		t.Fatalf("%d actions, %v; want %d", len(log), err, seq)
	}
	for i, a := range log {
		if a.Seq != i {
			t.Fatalf("action %d has seq %d", i, a.Seq)
		}
	}
}
