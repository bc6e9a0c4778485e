package computer

import (
	"context"
	"errors"
	"sync"
	"time"

	"wyrm/game"
)

// Class orders the searches waiting for a searcher: a lower class goes
// first.
type Class int

// The classes of search, in the order they are served.
const (
	// WithPerson is a computer seat's move in a game with a person at the
	// table, who is waiting for it.
	WithPerson Class = iota
	// ComputerOnly is a move in a game of computers alone: nobody waits.
	ComputerOnly
	// Background is work behind live play (fair play analysis).
	Background
	classes
)

// Ticket says whose search a context carries: the client that made the
// game (searches are shared fairly between clients) and its class.
type Ticket struct {
	Client string
	Class  Class
}

type ticketKey struct{}

// WithTicket returns ctx carrying t, read by a Scheduled engine.
func WithTicket(ctx context.Context, t Ticket) context.Context {
	return context.WithValue(ctx, ticketKey{}, t)
}

// TicketOf is ctx's ticket; without one a search counts as a person's
// game of no client.
func TicketOf(ctx context.Context) Ticket {
	t, _ := ctx.Value(ticketKey{}).(Ticket)
	return t
}

// Capacity is implemented by engines that run a fixed number of searches
// at once (SearchEngine: its searchers), which Schedule shares out.
type Capacity interface {
	Capacity() int
}

// Scheduled is an engine whose searches wait in line for one of its n
// searchers: games with a person waiting first, then computer-only games,
// then background work; within a class the clients take turns (round
// robin), each client's own searches in the order they came. Computer-only
// games hold at most n-1 searchers at once (when n > 1), so that one is
// always left for people; background work holds at most one, and only
// while no game waits. It implements
// Scorer when the engine does.
type Scheduled struct {
	e     Engine
	n     int
	limit [classes]int

	mu   sync.Mutex
	held [classes]int
	busy int
	// lines are each class's waiting searches by client, and turn the
	// clients of a class in the order they take turns.
	lines [classes]map[string][]*waiter
	turn  [classes][]string
}

type waiter struct {
	ready   chan struct{}
	granted bool
}

// Schedule returns e scheduled over its capacity, or e itself when it does
// not say how many searches it runs at once.
func Schedule(e Engine) Engine {
	c, ok := e.(Capacity)
	if !ok || c.Capacity() < 1 {
		return e
	}
	return NewScheduled(e, c.Capacity())
}

// NewScheduled shares n searchers of e (n of at least 1).
func NewScheduled(e Engine, n int) *Scheduled {
	n = max(n, 1)
	s := &Scheduled{e: e, n: n}
	s.limit = [classes]int{n, max(n-1, 1), 1}
	for c := range s.lines {
		s.lines[c] = map[string][]*waiter{}
	}
	return s
}

// Engine is the engine scheduled.
func (s *Scheduled) Engine() Engine { return s.e }

// acquire waits for a searcher for ctx's ticket until ctx is done
// (ErrBusy); release gives it back.
func (s *Scheduled) acquire(ctx context.Context) (release func(), err error) {
	t := TicketOf(ctx)
	if t.Class < 0 || t.Class >= classes {
		t.Class = Background
	}
	w := &waiter{ready: make(chan struct{})}
	s.mu.Lock()
	if len(s.lines[t.Class][t.Client]) == 0 {
		s.turn[t.Class] = append(s.turn[t.Class], t.Client)
	}
	s.lines[t.Class][t.Client] = append(s.lines[t.Class][t.Client], w)
	s.grant()
	s.mu.Unlock()
	release = func() {
		s.mu.Lock()
		s.busy--
		s.held[t.Class]--
		s.grant()
		s.mu.Unlock()
	}
	select {
	case <-w.ready:
		return release, nil
	case <-ctx.Done():
		s.mu.Lock()
		defer s.mu.Unlock()
		if w.granted { // granted as it gave up: pass the searcher on
			s.busy--
			s.held[t.Class]--
			s.grant()
		} else {
			s.drop(t, w)
		}
		return nil, ErrBusy
	}
}

// grant hands free searchers to the first waiters in order. Caller holds
// s.mu.
func (s *Scheduled) grant() {
	for s.busy < s.n {
		c := s.next()
		if c < 0 {
			return
		}
		client := s.turn[c][0]
		line := s.lines[c][client]
		w := line[0]
		s.lines[c][client] = line[1:]
		// The client goes to the back of its class's turns.
		s.turn[c] = append(s.turn[c][1:], client)
		if len(s.lines[c][client]) == 0 {
			delete(s.lines[c], client)
			s.turn[c] = s.turn[c][:len(s.turn[c])-1]
		}
		s.busy++
		s.held[c]++
		w.granted = true
		close(w.ready)
	}
}

// next is the class to serve now, -1 for none. Caller holds s.mu.
func (s *Scheduled) next() Class {
	for c := range classes {
		if len(s.turn[c]) > 0 && s.held[c] < s.limit[c] {
			return c
		}
		// Background work waits while any game does, even one that may
		// not take the searcher now.
		if c == Background-1 && len(s.turn[WithPerson])+len(s.turn[ComputerOnly]) > 0 {
			return -1
		}
	}
	return -1
}

// drop takes a waiter that gave up out of its line. Caller holds s.mu.
func (s *Scheduled) drop(t Ticket, w *waiter) {
	line := s.lines[t.Class][t.Client]
	for i, x := range line {
		if x == w {
			line = append(line[:i:i], line[i+1:]...)
			break
		}
	}
	if len(line) > 0 {
		s.lines[t.Class][t.Client] = line
		return
	}
	delete(s.lines[t.Class], t.Client)
	for i, c := range s.turn[t.Class] {
		if c == t.Client {
			s.turn[t.Class] = append(s.turn[t.Class][:i:i], s.turn[t.Class][i+1:]...)
			break
		}
	}
}

// BestMove implements Engine: it waits in line for a searcher until ctx
// is done (ErrBusy), then asks the engine.
func (s *Scheduled) BestMove(ctx context.Context, pos game.Position, level int, think time.Duration) (game.Move, error) {
	release, err := s.acquire(ctx)
	if err != nil {
		return game.NoMove, err
	}
	defer release()
	return s.e.BestMove(ctx, pos, level, think)
}

// Score implements Scorer, in line as BestMove; an engine that cannot
// score gives an error.
func (s *Scheduled) Score(ctx context.Context, pos game.Position, seat game.Player, level int, think time.Duration) (int, error) {
	sc, ok := s.e.(Scorer)
	if !ok {
		return 0, errNoScore
	}
	release, err := s.acquire(ctx)
	if err != nil {
		return 0, err
	}
	defer release()
	return sc.Score(ctx, pos, seat, level, think)
}

var errNoScore = errors.New("this engine does not score positions")
