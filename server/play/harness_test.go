package play

import (
	"context"
	"log/slog"
	"testing"
	"time"

	"wyrm/game"
	"wyrm/server/httpkit"
	"wyrm/server/life"
	"wyrm/server/lobby"
	"wyrm/server/metrics"
	"wyrm/server/store"
	"wyrm/server/table"
)

// testHall is a hall on an in-memory database (no fsync per action, so
// that fuzzers get through many inputs), with no HTTP in front: the tests
// here drive sessions and clients directly. set, when given, changes the
// configuration first.
func testHall(tb testing.TB, set func(*Config), gs ...game.Game) *Hall {
	tb.Helper()
	st, err := store.Open(":memory:")
	if err != nil {
		tb.Fatal(err)
	}
	ls := httpkit.NewLimiters(httpkit.Limits{})
	g := life.New(slog.New(slog.DiscardHandler))
	cfg := Config{Store: st, Games: gs, Engine: idleEngine{}, ThinkTime: func(int) time.Duration { return time.Millisecond },
		Limits: ls, Metrics: metrics.New(ls, ""), Life: g, Lobby: lobby.New(), MinClock: time.Millisecond}
	if set != nil {
		set(&cfg)
	}
	h := New(cfg)
	if err := h.Restore(); err != nil {
		tb.Fatal(err)
	}
	tb.Cleanup(func() {
		g.Stop()
		h.Hangup()
		g.Wait()
		h.Leave()
		st.Close()
	})
	return h
}

// idleEngine never moves, so that computer seats in fuzzed games do not
// play on in the background and starve the fuzzer.
type idleEngine struct{}

func (idleEngine) BestMove(context.Context, game.Position, int, time.Duration) (game.Move, error) {
	return game.NoMove, context.Canceled
}

// twoLocal is a new game of kind with two seats played on one screen.
func twoLocal(tb testing.TB, h *Hall, kind string) *session {
	tb.Helper()
	cr, err := h.Create(context.Background(), CreateRequest{Game: kind, Seats: []table.Seat{{Kind: table.SeatLocal}, {Kind: table.SeatLocal}}})
	if err != nil {
		tb.Fatal(err)
	}
	return h.session(cr.ID)
}
