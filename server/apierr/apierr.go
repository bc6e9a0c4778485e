// Package apierr is the play server's one kind of error: a code that says
// whose fault it is and what a client may do about it, and a message for
// the person. Client mistakes carry the game's own words; server faults say
// only that nothing changed. HTTP handlers and websocket replies map the
// same codes, so a client sees the same answer on either path. The game
// table's refusals, plain errors of their own kinds, get their codes here.
package apierr

import (
	"errors"
	"fmt"
	"net/http"

	"wyrm/server/table"
)

// Code classifies an error for clients.
type Code string

// The codes, each with its HTTP status in Status.
const (
	// BadRequest: the request is malformed (not JSON, unknown fields,
	// missing values).
	BadRequest Code = "bad_request"
	// Invalid: well-formed, but refused by the rules of the game or the
	// server (an illegal move, a bad option, a draft over budget).
	Invalid Code = "invalid"
	// NotYourTurn: the seat may not act now.
	NotYourTurn Code = "not_your_turn"
	// Conflict: the game's state does not allow it (the game is over, the
	// seat is taken, the action was already made).
	Conflict Code = "conflict"
	// Forbidden: the client does not hold the seat it acts for.
	Forbidden Code = "forbidden"
	// Unauthorized: the request's credentials (an API token) are not
	// valid; send good ones or none.
	Unauthorized Code = "unauthorized"
	// NotFound: no such game (or page).
	NotFound Code = "not_found"
	// TooMany: a limit on rate, size or count was reached; try later.
	TooMany Code = "too_many"
	// Unavailable: the server is shutting down or full; try later.
	Unavailable Code = "unavailable"
	// Internal: the server failed (storage, a bug); nothing changed.
	Internal Code = "internal"
)

// Status is the HTTP status for each code.
func (c Code) Status() int {
	switch c {
	case BadRequest, Invalid:
		return http.StatusBadRequest
	case NotYourTurn, Conflict:
		return http.StatusConflict
	case Forbidden:
		return http.StatusForbidden
	case Unauthorized:
		return http.StatusUnauthorized
	case NotFound:
		return http.StatusNotFound
	case TooMany:
		return http.StatusTooManyRequests
	case Unavailable:
		return http.StatusServiceUnavailable
	}
	return http.StatusInternalServerError
}

// Error is an error with a Code.
type Error struct {
	Code    Code
	Message string
	// Format and Args make Message, so that it can be said in another
	// language (Localized); Format is empty for words of a game.
	Format string
	Args   []any
}

func (e *Error) Error() string { return e.Message }

// New returns an error with code and a formatted message.
func New(code Code, format string, args ...any) error {
	return &Error{Code: code, Message: fmt.Sprintf(format, args...), Format: format, Args: args}
}

// Wrap gives err code unless it already has one (nil stays nil). Errors a
// game returns for bad input (an illegal move, a bad choice) are wrapped
// as Invalid with the game's own words.
func Wrap(code Code, err error) error {
	if err == nil {
		return nil
	}
	if _, ok := coded(err); ok {
		return err
	}
	return &Error{Code: code, Message: err.Error()}
}

// Of returns err's code and the message a client may see: Internal errors
// without a code keep their details to the server's log.
func Of(err error) (Code, string) {
	if e, ok := coded(err); ok {
		return e.Code, e.Message
	}
	return Internal, "the server failed; nothing changed"
}

// tableCodes is the code of each kind of refusal of the game table, which
// knows nothing of HTTP.
var tableCodes = map[table.ErrorKind]Code{
	table.Malformed:   BadRequest,
	table.Invalid:     Invalid,
	table.NotYourTurn: NotYourTurn,
	table.Conflict:    Conflict,
	table.NotFound:    NotFound,
	table.Broken:      Internal,
}

// coded finds the coded error in err's chain: an Error, or a refusal of
// the table given its code here, the one place that maps them.
func coded(err error) (*Error, bool) {
	var e *Error
	if errors.As(err, &e) {
		return e, true
	}
	var te *table.Error
	if errors.As(err, &te) {
		code, ok := tableCodes[te.Kind]
		if !ok {
			code = Internal
		}
		return &Error{Code: code, Message: te.Msg, Format: te.Format, Args: te.Args}, true
	}
	return nil, false
}

// Localized is Of with the message in another language: tr gives a
// message's format in it (or "" when it has none), and the message is made
// again from it; messages without a format (a game's own words) and
// formats tr lacks stay as they are.
func Localized(err error, tr func(format string) string) (Code, string) {
	code, msg := Of(err)
	if e, ok := coded(err); ok && e.Format != "" && tr != nil {
		if f := tr(e.Format); f != "" {
			return code, fmt.Sprintf(f, e.Args...)
		}
	}
	if code == Internal && tr != nil {
		if f := tr(msg); f != "" {
			return code, f
		}
	}
	return code, msg
}
