package server

import (
	"bytes"
	"context"
	"encoding/json"
	"math/rand/v2"
	"net/http"
	"testing"
	"time"

	"wyrm/game"
	"wyrm/internal/toysetup"
	"wyrm/server/play"
	"wyrm/server/table"
)

// slowEngine is two searchers that each take d a move, as the node's
// search does (a pool of searchers, waited for in line), playing a random
// legal move.
type slowEngine struct {
	d    time.Duration
	pool chan struct{}
}

func newSlowEngine(n int, d time.Duration) *slowEngine {
	return &slowEngine{d: d, pool: make(chan struct{}, n)}
}

func (e *slowEngine) Capacity() int { return cap(e.pool) }

func (e *slowEngine) BestMove(ctx context.Context, pos game.Position, _ int, _ time.Duration) (game.Move, error) {
	select {
	case e.pool <- struct{}{}:
	case <-ctx.Done():
		return game.NoMove, ctx.Err()
	}
	defer func() { <-e.pool }()
	select {
	case <-time.After(e.d):
	case <-ctx.Done():
		return game.NoMove, ctx.Err()
	}
	moves := pos.LegalMoves(nil)
	if len(moves) == 0 {
		return game.NoMove, context.Canceled
	}
	return moves[rand.IntN(len(moves))], nil
}

// createFrom makes a game of seats as the client at address.
func createFrom(t *testing.T, h *harness, address string, seats ...table.Seat) string {
	t.Helper()
	b, _ := json.Marshal(play.CreateRequest{Game: "toy", Seats: seats})
	req, _ := http.NewRequest("POST", h.http.URL+"/api/games", bytes.NewReader(b))
	req.Header.Set("Content-Type", "application/json")
	req.Header.Set("X-Forwarded-For", address)
	resp, err := http.DefaultClient.Do(req)
	if err != nil {
		t.Fatal(err)
	}
	defer resp.Body.Close()
	var out struct{ ID string }
	if err := json.NewDecoder(resp.Body).Decode(&out); err != nil || resp.StatusCode != 201 {
		t.Fatalf("create from %s: %d %v", address, resp.StatusCode, err)
	}
	return out.ID
}

// Finding 4: one address holding eight computer-only games (the most it
// may) does not starve a person's computer opponent. With two searchers
// taking 250 ms a move, the eight games keep both busy and queue six more
// searches; the computer facing a person still moves within one search's
// time (without the scheduler it waited behind the queue, about four).
func TestPersonsComputerGoesFirst(t *testing.T) {
	const d = 250 * time.Millisecond
	h := newHarnessWith(t, "", func(c *Config) {
		c.Engine = newSlowEngine(2, d)
		c.ProxyHeader = "X-Forwarded-For"
	}, toysetup.Game{})
	computer := table.Seat{Kind: table.SeatComputer, Level: 1}
	for range 8 {
		createFrom(t, h, "198.51.100.7", computer, computer)
	}
	time.Sleep(d / 2) // the eight games are thinking and waiting in line
	start := time.Now()
	id := createFrom(t, h, "203.0.113.9", computer, table.Seat{Kind: table.SeatLocal})
	for {
		s := h.srv.session(id)
		s.lock()
		plies := len(s.t.Plies)
		s.unlock()
		if plies > 0 {
			break
		}
		if time.Since(start) > 20*d {
			t.Fatal("the person's computer never moved")
		}
		time.Sleep(5 * time.Millisecond)
	}
	if took := time.Since(start); took > 2*d {
		t.Errorf("the person's computer moved after %v, behind the computer-only games (one search takes %v)", took, d)
	}
}
