package table

// Clock keeps every seat's time. Times are milliseconds since the Unix
// epoch, taken from the actions, so that replaying a log gives back the
// clocks exactly. The clocks start once every seat has made its first move
// (so nobody's time runs before they have joined and played) and then run
// for the seat to move. A correspondence clock gives a fixed time for each
// move instead of a time for the game.
type Clock struct {
	TimeControl
	// Remaining is each seat's time at LastAt.
	Remaining []int64
	LastAt    int64
	Running   bool
}

// NewClock returns stopped clocks for seats seats.
func NewClock(tc TimeControl, seats int) Clock {
	c := Clock{TimeControl: tc, Remaining: make([]int64, seats)}
	for i := range c.Remaining {
		c.Remaining[i] = tc.InitialMs
		if tc.Days > 0 {
			c.Remaining[i] = tc.perMove()
		}
	}
	return c
}

// day is a correspondence day in milliseconds.
const day = 24 * 3600 * 1000

// perMove is a correspondence move's time.
func (tc TimeControl) perMove() int64 { return int64(tc.Days) * day }

// Timed reports whether the game has clocks at all.
func (c *Clock) Timed() bool { return c.InitialMs > 0 || c.Days > 0 }

// Moved charges seat for its move made at at and adds the increment (or,
// for correspondence, gives it its next move's days). start says whether
// the clocks run from now on: once every seat has made its first move.
func (c *Clock) Moved(seat int, at int64, start bool) {
	if !c.Timed() {
		return
	}
	if c.Running {
		c.Remaining[seat] += c.IncrementMs - (at - c.LastAt)
	}
	if c.Days > 0 {
		c.Remaining[seat] = c.perMove()
	}
	c.Running, c.LastAt = c.Running || start, at
}

// Charge charges seat (none when negative) for the time since LastAt,
// without an increment, and keeps the clocks as they are: for events that
// are not moves but may change who is to move (an elimination).
func (c *Clock) Charge(seat int, at int64) {
	if c.Running && seat >= 0 {
		c.Remaining[seat] = max(c.Remaining[seat]-(at-c.LastAt), 0)
	}
	c.LastAt = at
}

// Stop charges seat (none when negative) and stops the clocks.
func (c *Clock) Stop(seat int, at int64) {
	c.Charge(seat, at)
	c.Running = false
}

// Left is what seat has left at at, when it is the seat to move.
func (c *Clock) Left(seat int, at int64) int64 {
	if !c.Running {
		return c.Remaining[seat]
	}
	return c.Remaining[seat] - (at - c.LastAt)
}

// Flagged reports whether seat, to move, has run out of time at at.
func (c *Clock) Flagged(seat int, at int64) bool {
	return c.Timed() && c.Running && c.Left(seat, at) <= 0
}

// Pause charges nobody for the time from down to up: the clock of the seat
// to move stood still while the server was down.
func (c *Clock) Pause(down, up int64) {
	if c.Running && up > down {
		c.LastAt += up - down
	}
}
