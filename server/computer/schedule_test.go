package computer

import (
	"context"
	"errors"
	"slices"
	"sync"
	"testing"
	"time"

	"wyrm/game"
)

// gate is an engine whose searches run until the test lets each go, and
// which records the order they started in.
type gate struct {
	mu      sync.Mutex
	started []string
	free    map[string]chan struct{}
}

type nameKey struct{}

func (g *gate) BestMove(ctx context.Context, _ game.Position, _ int, _ time.Duration) (game.Move, error) {
	name := ctx.Value(nameKey{}).(string)
	g.mu.Lock()
	g.started = append(g.started, name)
	ch := g.free[name]
	g.mu.Unlock()
	<-ch
	return game.NoMove, nil
}

func (g *gate) order() []string {
	g.mu.Lock()
	defer g.mu.Unlock()
	return slices.Clone(g.started)
}

// search starts a search named name for t on s, and returns a channel
// that the test closes to end it and one that tells when it returned.
func (g *gate) search(s *Scheduled, name string, t Ticket, ctx context.Context) (end chan struct{}, done chan error) {
	end, done = make(chan struct{}), make(chan error, 1)
	g.mu.Lock()
	g.free[name] = end
	g.mu.Unlock()
	go func() {
		_, err := s.BestMove(context.WithValue(WithTicket(ctx, t), nameKey{}, name), nil, 1, 0)
		done <- err
	}()
	return end, done
}

// waitStarted waits until the searches started are want.
func (g *gate) waitStarted(t *testing.T, want ...string) {
	t.Helper()
	deadline := time.Now().Add(5 * time.Second)
	for !slices.Equal(g.order(), want) {
		if time.Now().After(deadline) {
			t.Fatalf("started %v, want %v", g.order(), want)
		}
		time.Sleep(time.Millisecond)
	}
}

// Computer-only games leave a searcher free: with one client's eight of
// them waiting, a person's game starts at once; background work waits
// until no game does.
func TestScheduledLeavesRoomForPeople(t *testing.T) {
	g := &gate{free: map[string]chan struct{}{}}
	s := NewScheduled(g, 2)
	ctx := context.Background()
	var ends []chan struct{}
	for i := range 8 {
		end, _ := g.search(s, "only"+string(rune('0'+i)), Ticket{Client: "hog", Class: ComputerOnly}, ctx)
		ends = append(ends, end)
		if i == 0 {
			g.waitStarted(t, "only0")
		} else {
			waitLine(t, s, i)
		}
	}
	bg, _ := g.search(s, "analysis", Ticket{Client: "", Class: Background}, ctx)
	time.Sleep(20 * time.Millisecond)
	person, _ := g.search(s, "person", Ticket{Client: "me", Class: WithPerson}, ctx)
	g.waitStarted(t, "only0", "person")
	close(person)
	time.Sleep(20 * time.Millisecond)
	if got := g.order(); len(got) != 2 {
		t.Fatalf("past the computer-only games' share, or background work while games wait: %v", got)
	}
	close(ends[0])
	g.waitStarted(t, "only0", "person", "only1")
	for i, e := range ends[1:] {
		close(e)
		if i < 5 { // then the last game starts, and no game waits: the analysis too
			g.waitStarted(t, slices.Concat([]string{"only0", "person"}, names("only", 1, i+2))...)
		}
	}
	// The last game and the analysis start together, in either order.
	deadline := time.Now().Add(5 * time.Second)
	for len(g.order()) < 10 && time.Now().Before(deadline) {
		time.Sleep(time.Millisecond)
	}
	got := g.order()
	if len(got) != 10 || !slices.Equal(got[:8], slices.Concat([]string{"only0", "person"}, names("only", 1, 6))) ||
		!slices.Contains(got[8:], "only7") || !slices.Contains(got[8:], "analysis") {
		t.Fatalf("started %v", got)
	}
	close(bg)
}

// Clients take turns: one with three searches waiting does not keep
// another's behind all three; a search that gives up leaves the line.
func TestScheduledRoundRobin(t *testing.T) {
	g := &gate{free: map[string]chan struct{}{}}
	s := NewScheduled(g, 1)
	ctx := context.Background()
	first, _ := g.search(s, "x", Ticket{Client: "x"}, ctx)
	g.waitStarted(t, "x")
	var ends []chan struct{}
	for i, n := range []string{"a1", "a2", "a3"} {
		e, _ := g.search(s, n, Ticket{Client: "a"}, ctx)
		ends = append(ends, e)
		waitLine(t, s, i+1)
	}
	gone, cancel := context.WithCancel(ctx)
	_, quit := g.search(s, "c1", Ticket{Client: "c"}, gone)
	waitLine(t, s, 4)
	b1, _ := g.search(s, "b1", Ticket{Client: "b"}, ctx)
	waitLine(t, s, 5)
	cancel()
	if err := <-quit; !errors.Is(err, ErrBusy) {
		t.Fatalf("a search that gave up: %v", err)
	}
	close(first)
	g.waitStarted(t, "x", "a1")
	close(ends[0])
	g.waitStarted(t, "x", "a1", "b1")
	close(b1)
	g.waitStarted(t, "x", "a1", "b1", "a2")
	close(ends[1])
	g.waitStarted(t, "x", "a1", "b1", "a2", "a3")
	close(ends[2])
}

// names are prefix<from> ... prefix<to>.
func names(prefix string, from, to int) []string {
	var out []string
	for i := from; i <= to; i++ {
		out = append(out, prefix+string(rune('0'+i)))
	}
	return out
}

// waitLine waits until n searches wait in s's lines.
func waitLine(t *testing.T, s *Scheduled, n int) {
	t.Helper()
	deadline := time.Now().Add(5 * time.Second)
	for {
		s.mu.Lock()
		k := 0
		for c := range s.lines {
			for _, l := range s.lines[c] {
				k += len(l)
			}
		}
		s.mu.Unlock()
		if k == n {
			return
		}
		if time.Now().After(deadline) {
			t.Fatalf("%d searches wait, want %d", k, n)
		}
		time.Sleep(time.Millisecond)
	}
}
