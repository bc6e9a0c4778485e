package apierr

import (
	"errors"
	"fmt"
	"net/http"
	"testing"

	"wyrm/server/table"
)

func TestCodesMapToStatuses(t *testing.T) {
	cases := []struct {
		code Code
		want int
	}{
		{BadRequest, 400}, {Invalid, 400}, {NotYourTurn, 409}, {Conflict, 409}, {Forbidden, 403}, {Unauthorized, 401},
		{NotFound, 404}, {TooMany, 429}, {Unavailable, 503}, {Internal, 500}, {Code("other"), 500},
	}
	for _, c := range cases {
		if got := c.code.Status(); got != c.want {
			t.Errorf("%s.Status() = %d, want %d", c.code, got, c.want)
		}
	}
}

func TestOfHidesUncodedErrors(t *testing.T) {
	code, msg := Of(errors.New("disk I/O error at sector 7"))
	if code != Internal || msg == "disk I/O error at sector 7" {
		t.Fatalf("uncoded error leaked: %s %q", code, msg)
	}
	code, msg = Of(fmt.Errorf("context: %w", New(Invalid, "e9 is off the board")))
	if code != Invalid || msg != "e9 is off the board" {
		t.Fatalf("wrapped coded error: %s %q", code, msg)
	}
	if Wrap(Invalid, nil) != nil {
		t.Fatal("Wrap(nil) is not nil")
	}
	if c, _ := Of(Wrap(Invalid, New(Conflict, "over"))); c != Conflict {
		t.Fatalf("Wrap replaced an existing code: %s", c)
	}
	if c, m := Of(Wrap(Invalid, errors.New("illegal move"))); c != Invalid || m != "illegal move" || Invalid.Status() != http.StatusBadRequest {
		t.Fatalf("Wrap: %s %q", c, m)
	}
}

// Each kind of the table's refusals reaches clients as its code, with the
// table's message, also when wrapped (a failed replay) or passed to Wrap.
func TestTableRefusalsMapToCodes(t *testing.T) {
	cases := []struct {
		kind table.ErrorKind
		want Code
	}{
		{table.Malformed, BadRequest}, {table.Invalid, Invalid}, {table.NotYourTurn, NotYourTurn},
		{table.Conflict, Conflict}, {table.NotFound, NotFound}, {table.Broken, Internal},
		{table.ErrorKind("other"), Internal},
	}
	for _, c := range cases {
		err := &table.Error{Kind: c.kind, Msg: "the game is over"}
		if code, msg := Of(err); code != c.want || msg != "the game is over" {
			t.Errorf("Of(%s) = %s %q, want %s", c.kind, code, msg, c.want)
		}
		if code, _ := Of(&table.ReplayError{Seq: 3, Kind: "move", Err: err}); code != c.want {
			t.Errorf("Of(replay of %s) = %s, want %s", c.kind, code, c.want)
		}
		if got := Wrap(Invalid, err); got != error(err) {
			t.Errorf("Wrap(Invalid, %s) = %v, want the refusal itself", c.kind, got)
		}
	}
	if c, _ := Of(&table.Error{Kind: table.Conflict, Msg: "x"}); c.Status() != http.StatusConflict {
		t.Errorf("a table conflict is HTTP %d", c.Status())
	}
}
