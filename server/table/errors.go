package table

import "fmt"

// ErrorKind says what sort of refusal an error of the table is. The table
// knows nothing of HTTP: the server maps each kind to the code its clients
// see, in one place (apierr.Of).
type ErrorKind string

// The kinds of refusal.
const (
	// Malformed: the action's data cannot be read (a bad number, an
	// unknown action).
	Malformed ErrorKind = "malformed"
	// Invalid: refused by the rules of the game (an illegal move, a bad
	// choice, a definition the game cannot have).
	Invalid ErrorKind = "invalid"
	// NotYourTurn: the seat may not act now.
	NotYourTurn ErrorKind = "not your turn"
	// Conflict: the game's state does not allow it (the game is over, the
	// seat is taken).
	Conflict ErrorKind = "conflict"
	// NotFound: no such move.
	NotFound ErrorKind = "not found"
	// Broken: a game broke its contract with the table.
	Broken ErrorKind = "broken"
)

// Error is a refusal of the table: its kind, and a message for the person.
type Error struct {
	Kind ErrorKind
	Msg  string
	// Err is the game's error the refusal carries, if any.
	Err error
	// Format and Args make Msg, so that it can be said in another
	// language; Format is empty for a game's own words.
	Format string
	Args   []any
}

func (e *Error) Error() string { return e.Msg }

func (e *Error) Unwrap() error { return e.Err }

// errorf returns a refusal of kind with a formatted message.
func errorf(kind ErrorKind, format string, args ...any) error {
	return &Error{Kind: kind, Msg: fmt.Sprintf(format, args...), Format: format, Args: args}
}

// refuse wraps a game's error as a refusal of kind in the game's own words
// (nil stays nil).
func refuse(kind ErrorKind, err error) error {
	if err == nil {
		return nil
	}
	return &Error{Kind: kind, Msg: err.Error(), Err: err}
}
