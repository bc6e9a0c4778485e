package table

import (
	"slices"
	"time"
)

// Clock keeps every seat's time. Its instants come from the actions (At),
// so that replaying a log gives back the clocks exactly. The clocks start
// once every seat has made its first move (so nobody's time runs before
// they have joined and played) and then run for the seat to move. A
// correspondence clock gives a fixed time for each move instead of a time
// for the game. It is not for JSON (the embedded TimeControl's methods
// would write only the setting): views build their own from it.
type Clock struct {
	TimeControl
	// Remaining is each seat's time at LastAt.
	Remaining []time.Duration
	LastAt    time.Time
	Running   bool
	// Berserk marks the seats that gave up half their time and their
	// increment (a tournament's berserk); nil for none.
	Berserk []bool
}

// NewClock returns stopped clocks for seats seats.
func NewClock(tc TimeControl, seats int) Clock {
	c := Clock{TimeControl: tc, Remaining: make([]time.Duration, seats)}
	for i := range c.Remaining {
		c.Remaining[i] = tc.Initial
		if tc.Days > 0 {
			c.Remaining[i] = tc.perMove()
		}
	}
	return c
}

// GoBerserk halves the time of the seats marked and takes away their
// increment: they play for one more tournament point with half the clock.
// Correspondence and untimed clocks have nothing to halve.
func (c *Clock) GoBerserk(seats []bool) {
	if c.Days > 0 || c.Initial == 0 || !slices.Contains(seats, true) {
		return
	}
	c.Berserk = slices.Clone(seats)
	for i, b := range seats {
		if b && i < len(c.Remaining) {
			c.Remaining[i] = c.Initial / 2
		}
	}
}

// day is a correspondence day.
const day = 24 * time.Hour

// perMove is a correspondence move's time.
func (tc TimeControl) perMove() time.Duration { return time.Duration(tc.Days) * day }

// Timed reports whether the game has clocks at all.
func (c *Clock) Timed() bool { return c.Initial > 0 || c.Days > 0 }

// Moved charges seat for its move made at at and adds the increment (or,
// for correspondence, gives it its next move's days). start says whether
// the clocks run from now on: once every seat has made its first move.
func (c *Clock) Moved(seat int, at time.Time, start bool) {
	if !c.Timed() {
		return
	}
	if c.Running {
		inc := c.Increment
		if seat < len(c.Berserk) && c.Berserk[seat] {
			inc = 0
		}
		c.Remaining[seat] += inc - at.Sub(c.LastAt)
	}
	if c.Days > 0 {
		c.Remaining[seat] = c.perMove()
	}
	c.Running, c.LastAt = c.Running || start, at
}

// Charge charges seat (none when negative) for the time since LastAt,
// without an increment, and keeps the clocks as they are: for events that
// are not moves but may change who is to move (an elimination).
func (c *Clock) Charge(seat int, at time.Time) {
	if c.Running && seat >= 0 {
		c.Remaining[seat] = max(c.Remaining[seat]-at.Sub(c.LastAt), 0)
	}
	c.LastAt = at
}

// Stop charges seat (none when negative) and stops the clocks.
func (c *Clock) Stop(seat int, at time.Time) {
	c.Charge(seat, at)
	c.Running = false
}

// Left is what seat has left at at, when it is the seat to move.
func (c *Clock) Left(seat int, at time.Time) time.Duration {
	if !c.Running {
		return c.Remaining[seat]
	}
	return c.Remaining[seat] - at.Sub(c.LastAt)
}

// Flagged reports whether seat, to move, has run out of time at at.
func (c *Clock) Flagged(seat int, at time.Time) bool {
	return c.Timed() && c.Running && c.Left(seat, at) <= 0
}

// Pause charges nobody for the time from down to up: the clock of the seat
// to move stood still while the server was down.
func (c *Clock) Pause(down, up time.Time) {
	if c.Running && up.After(down) {
		c.LastAt = c.LastAt.Add(up.Sub(down))
	}
}

// RemainingMs is each seat's time at LastAt in whole milliseconds, as
// clients are told it.
func (c *Clock) RemainingMs() []int64 {
	ms := make([]int64, len(c.Remaining))
	for i, d := range c.Remaining {
		ms[i] = d.Milliseconds()
	}
	return ms
}
