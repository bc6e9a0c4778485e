package table

import (
	"encoding/json"
	"strings"
	"testing"
	"time"
)

// Stored definitions keep their times as whole milliseconds (initialMs,
// incrementMs): they read into Durations and write back byte for byte.
func TestStoredDefinitionsRoundTrip(t *testing.T) {
	cases := []struct {
		stored string
		want   TimeControl
	}{
		{`{"game":"toy","options":{"players":"2"},"seats":[{"kind":"local","tokenHash":"ab","userId":7},{"kind":"invite","inviteHash":"cd"}],"clock":{"initialMs":300000,"incrementMs":3000},"rated":true}`,
			TimeControl{Initial: 5 * time.Minute, Increment: 3 * time.Second}},
		{`{"game":"toy","options":{},"seats":[{"kind":"local"},{"kind":"computer","level":3}],"clock":{"initialMs":0,"incrementMs":0,"days":3}}`,
			TimeControl{Days: 3}},
		{`{"game":"toy","options":null,"seats":[{"kind":"open"},{"kind":"open"}],"clock":{"initialMs":1234567,"incrementMs":1},"rematchOf":"x1","start":"s"}`,
			TimeControl{Initial: 1234567 * time.Millisecond, Increment: time.Millisecond}},
		{`{"game":"toy","options":{},"seats":[],"clock":{"initialMs":0,"incrementMs":0}}`, TimeControl{}},
	}
	for _, c := range cases {
		var d Def
		if err := json.Unmarshal([]byte(c.stored), &d); err != nil {
			t.Fatalf("%s: %v", c.stored, err)
		}
		if d.Clock != c.want {
			t.Errorf("%s: clock %+v, want %+v", c.stored, d.Clock, c.want)
		}
		b, err := json.Marshal(d)
		if err != nil {
			t.Fatal(err)
		}
		if string(b) != c.stored {
			t.Errorf("written back as\n%s\nwant\n%s", b, c.stored)
		}
	}
}

// A time control in JSON refuses unknown fields and times of the wrong
// type, and a time too large for a Duration fails the check rather than
// wrapping round to one that passes.
func TestTimeControlJSONRefusesWhatItCannotRead(t *testing.T) {
	for _, s := range []string{`{"initialMs":1,"base":2}`, `{"initialMs":"60000"}`, `{"initialMs":1.5}`, `5`} {
		var tc TimeControl
		if err := json.Unmarshal([]byte(s), &tc); err == nil {
			t.Errorf("%s read as %+v", s, tc)
		}
	}
	var tc TimeControl
	if err := json.Unmarshal([]byte(`null`), &tc); err != nil || tc != (TimeControl{}) {
		t.Errorf("null: %+v %v", tc, err)
	}
	for _, s := range []string{`{"initialMs":9223372036854775807}`, `{"initialMs":60000,"incrementMs":-9223372036854775807}`} {
		d := Def{Seats: []Seat{{Kind: SeatLocal}}}
		if err := json.Unmarshal([]byte(s), &d.Clock); err != nil {
			t.Fatal(err)
		}
		if err := d.Check(1); codeOf(err) != Invalid {
			t.Errorf("%s: %+v passed the check (%v)", s, d.Clock, err)
		}
	}
}

// A value that is no object is reported as a TimeControl, as before the
// times were Durations.
func TestTimeControlJSONNamesItsType(t *testing.T) {
	var d Def
	err := json.Unmarshal([]byte(`{"clock":5}`), &d)
	if err == nil || !strings.Contains(err.Error(), "of type table.TimeControl") {
		t.Fatalf("error %v", err)
	}
}
