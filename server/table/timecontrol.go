package table

import (
	"bytes"
	"encoding/json"
	"errors"
	"math"
	"reflect"
	"time"
)

// TimeControl is a game's clock setting: a time for the game and an
// increment per move, or a number of days for each move
// (correspondence); all zero means no clocks.
//
// In JSON (requests, replies and the stored definitions) the times are
// whole milliseconds, as initialMs and incrementMs.
type TimeControl struct {
	Initial   time.Duration
	Increment time.Duration
	Days      int
}

// MaxDays is the longest correspondence time per move.
const MaxDays = 14

// timeControlJSON is a TimeControl as it is written: the form games were
// stored in before the times were Durations, which must still read.
type timeControlJSON struct {
	InitialMs   int64 `json:"initialMs"`
	IncrementMs int64 `json:"incrementMs"`
	Days        int   `json:"days,omitempty"`
}

// MarshalJSON writes the times as whole milliseconds.
func (tc TimeControl) MarshalJSON() ([]byte, error) {
	return json.Marshal(timeControlJSON{tc.Initial.Milliseconds(), tc.Increment.Milliseconds(), tc.Days})
}

// UnmarshalJSON reads the times as whole milliseconds. Unknown fields are
// refused: the server's requests refuse them, and a decoder's setting does
// not reach a type's own UnmarshalJSON.
func (tc *TimeControl) UnmarshalJSON(b []byte) error {
	var j timeControlJSON
	dec := json.NewDecoder(bytes.NewReader(b))
	dec.DisallowUnknownFields()
	if err := dec.Decode(&j); err != nil {
		// A value that is no object is reported as this type, not as the
		// written form's.
		var te *json.UnmarshalTypeError
		if errors.As(err, &te) && te.Field == "" {
			te.Type = reflect.TypeFor[TimeControl]()
		}
		return err
	}
	*tc = TimeControl{Initial: millis(j.InitialMs), Increment: millis(j.IncrementMs), Days: j.Days}
	return nil
}

// millis converts milliseconds to a Duration, saturating where a Duration
// cannot hold them, so that an absurd time fails Def.Check rather than
// wrapping round to an acceptable one.
func millis(ms int64) time.Duration {
	const limit = math.MaxInt64 / int64(time.Millisecond)
	switch {
	case ms > limit:
		return math.MaxInt64
	case ms < -limit:
		return math.MinInt64
	}
	return time.Duration(ms) * time.Millisecond
}
