package table

import (
	"strconv"
	"time"
)

// resume gives the seat to move back the time the server was down: from
// when it was last known up (a.Data) to its restart (a.AtMs), the clock
// stood still.
func (t *Table) resume(a Action) error {
	if t.Outcome().Over || !t.Clock.Running || int(t.ToMove()) != a.Seat {
		return errorf(Conflict, "no clock is running for this seat")
	}
	down, err := strconv.ParseInt(a.Data, 10, 64)
	if err != nil {
		return errorf(Malformed, "resume: bad time %q", a.Data)
	}
	from := time.UnixMilli(down)
	if from.Before(t.Clock.LastAt) {
		from = t.Clock.LastAt
	}
	t.Clock.Pause(from, a.At())
	return nil
}
