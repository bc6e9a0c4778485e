package apierr

import (
	"errors"
	"fmt"
	"net/http"
	"testing"
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
