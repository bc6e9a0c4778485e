package server

import (
	"context"
	"strings"
	"testing"
	"time"

	"wyrm/game"
	"wyrm/internal/toygame"
	"wyrm/internal/toysetup"
	"wyrm/server/computer"
	"wyrm/server/play"
	"wyrm/server/table"
)

// waitFor polls cond until it holds or fails the test after five seconds.
func waitFor(t *testing.T, what string, cond func() bool) {
	t.Helper()
	waitForWithin(t, 5*time.Second, what, cond)
}

// waitForWithin is waitFor with a deadline of its own, for what takes
// rounds of a periodic loop.
func waitForWithin(t *testing.T, d time.Duration, what string, cond func() bool) {
	t.Helper()
	for deadline := time.Now().Add(d); !cond(); time.Sleep(10 * time.Millisecond) {
		if time.Now().After(deadline) {
			t.Fatalf("waiting for %s", what)
		}
	}
}

// outcome reads a game's outcome under its lock.
func outcome(h *harness, id string) game.Outcome {
	s := h.srv.session(id)
	s.lock()
	defer s.unlock()
	return s.t.Outcome()
}

func TestClaimAfterTheOpponentLeft(t *testing.T) {
	h := newHarnessWith(t, "", func(c *Config) { c.ClaimAfter = 200 * time.Millisecond }, toysetup.Game{})
	cr := h.create(play.CreateRequest{Game: "toy", Seats: []table.Seat{{Kind: table.SeatLocal}, {Kind: table.SeatLocal}}})
	a := h.dial(cr.ID, cr.Tokens[0])
	b := h.dial(cr.ID, cr.Tokens[1])
	st := a.waitState(func(s play.State) bool { return len(s.Present) == 2 && s.Present[1] })
	if !st.Present[0] {
		t.Fatalf("presence %v", st.Present)
	}
	a.send(map[string]any{"type": "claim", "choice": "win"})
	if m := a.expect("error"); !strings.Contains(m["message"].(string), "still at the table") {
		t.Fatalf("claim against a present opponent: %v", m)
	}
	b.conn.Close(1000, "")
	waitFor(t, "seat 2 to leave", func() bool { st, _ := h.srv.hall.State(cr.ID, nil); return !st.Present[1] })
	a.send(map[string]any{"type": "claim", "choice": "win"})
	if m := a.expect("error"); !strings.Contains(m["message"].(string), "may claim after") {
		t.Fatalf("claim too early: %v", m)
	}
	time.Sleep(250 * time.Millisecond)
	a.send(map[string]any{"type": "claim", "choice": "win"})
	a.expect("ack")
	if o := outcome(h, cr.ID); !o.Over || o.Winner() != 0 {
		t.Fatalf("outcome %+v", o)
	}
}

func TestGameWithoutAFirstMoveIsAborted(t *testing.T) {
	h := newHarnessWith(t, "", func(c *Config) { c.FirstMoveTimeout = 150 * time.Millisecond }, toysetup.Game{})
	cr := h.create(play.CreateRequest{Game: "toy", Seats: []table.Seat{{Kind: table.SeatLocal}, {Kind: table.SeatInvite}}})
	waitFor(t, "the abort", func() bool { return outcome(h, cr.ID).Over })
	if o := outcome(h, cr.ID); !strings.HasPrefix(string(o.Reason), "aborted") || o.Winner() != -1 {
		t.Fatalf("outcome %+v", o)
	}
}

// In a game of three, a player gone on their turn is resigned after the
// absence timeout and the others play on.
func TestAbsentPlayerIsResignedInAGameOfThree(t *testing.T) {
	h := newHarnessWith(t, "", func(c *Config) { c.AbsentAfter = 150 * time.Millisecond }, toygame.Game{})
	cr := h.create(play.CreateRequest{Game: "toy", Options: game.Options{"players": "3"},
		Seats: []table.Seat{{Kind: table.SeatLocal}, {Kind: table.SeatLocal}, {Kind: table.SeatLocal}}})
	a := h.dial(cr.ID, cr.Tokens[0], cr.Tokens[2])
	b := h.dial(cr.ID, cr.Tokens[1])
	for _, mv := range [][2]any{{a, "a1a2"}, {b, "f1f2"}, {a, "c8c7"}} {
		c := mv[0].(*wsClient)
		c.send(map[string]any{"type": "move", "move": mv[1]})
		c.expect("ack")
	}
	b.conn.Close(1000, "") // seat 2 leaves with its turn next
	a.send(map[string]any{"type": "move", "move": "a2a3"})
	a.expect("ack")
	s := h.srv.session(cr.ID)
	waitFor(t, "the resignation", func() bool { s.lock(); defer s.unlock(); return s.t.Out[1] })
	s.lock()
	defer s.unlock()
	if s.t.Outcome().Over || s.t.ToMove() != 2 {
		t.Fatalf("the game did not play on: over %v, to move %d", s.t.Outcome().Over, s.t.ToMove())
	}
}

// scoreEngine plays at random and judges every position at a fixed score.
type scoreEngine struct {
	computer.RandomEngine
	score int
}

func (e scoreEngine) Score(context.Context, game.Position, game.Player, int, time.Duration) (int, error) {
	return e.score, nil
}

// The computer answers draw offers by its judgement and grants takebacks.
func TestComputerAnswersDrawOffersAndTakebacks(t *testing.T) {
	for _, c := range []struct {
		score int
		drawn bool
	}{{-40, true}, {0, true}, {150, false}} {
		h := newHarnessWith(t, "", func(cfg *Config) { cfg.Engine = scoreEngine{score: c.score} }, toysetup.Game{})
		cr := h.create(play.CreateRequest{Game: "toy", Seats: []table.Seat{{Kind: table.SeatLocal}, {Kind: table.SeatComputer, Level: 1}}})
		p := h.dial(cr.ID, cr.Tokens[0])
		p.send(map[string]any{"type": "move", "move": "c1c2"})
		p.expect("ack")
		p.waitState(func(s play.State) bool { return len(s.Plies) == 2 })
		p.send(map[string]any{"type": "draw"})
		p.expect("ack")
		st := p.waitState(func(s play.State) bool { return s.Outcome.Over || len(s.Offers) == 0 })
		if st.Outcome.Over != c.drawn {
			t.Fatalf("score %d: drawn %v, want %v", c.score, st.Outcome.Over, c.drawn)
		}
		if c.drawn {
			continue
		}
		p.send(map[string]any{"type": "takeback"})
		p.expect("ack")
		st = p.waitState(func(s play.State) bool { return len(s.Plies) == 0 })
		if st.Takeback != -1 {
			t.Fatalf("takeback still open: %d", st.Takeback)
		}
	}
}
