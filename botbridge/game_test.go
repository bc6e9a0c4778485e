package botbridge

import (
	"testing"
	"time"
)

// The engine hears the clocks with the overhead kept back from the bot's
// own, and a fixed time when the game has no clock.
func TestGoCommand(t *testing.T) {
	timed := func(seat int, inc int64) *gameFull {
		f := &gameFull{Seat: seat}
		f.Clock.InitialMs, f.Clock.IncrementMs = 60_000, inc
		return f
	}
	untimed := &gameFull{}
	corr := timed(0, 0)
	corr.Clock.Days = 3
	for _, c := range []struct {
		name string
		f    *gameFull
		st   gameState
		want string
	}{
		{"white", timed(0, 0), gameState{Clocks: []int64{5000, 7000}}, "go wtime 4700 btime 7000 winc 0 binc 0"},
		{"black", timed(1, 2000), gameState{Clocks: []int64{5000, 7000}}, "go wtime 5000 btime 6700 winc 2000 binc 2000"},
		{"nearly out", timed(0, 0), gameState{Clocks: []int64{200, 7000}}, "go wtime 50 btime 7000 winc 0 binc 0"},
		{"no clock", untimed, gameState{Clocks: []int64{0, 0}}, "go movetime 1000"},
		{"correspondence", corr, gameState{Clocks: []int64{5000, 7000}}, "go movetime 1000"},
	} {
		if got := goCommand(c.f, c.st, time.Second, 300*time.Millisecond); got != c.want {
			t.Errorf("%s: %q, want %q", c.name, got, c.want)
		}
	}
}
