// Package table is one game as the play server keeps it: its definition,
// its ordered log of actions, and the state that replaying the log gives.
// It is pure: no storage, no sockets, no goroutines, no wall clock (times
// come with the actions), so every rule of a game's life is tested here
// alone. The server wraps a Table with locking, saving and broadcasting.
package table

import (
	"strconv"

	"wyrm/game"
)

// Ply is one move as the move list shows it.
type Ply struct {
	Seat int
	Text string // MoveString notation
	SAN  string // the game's human notation, "" when it has none
	View game.MoveView
	AtMs int64
}

// Table is a game's state after its log. Its zero value is not usable:
// build one with New or Replay.
type Table struct {
	G   game.Game
	Def Def
	Log []Action

	Tokens []string // token hash per seat, "" while an invited seat is free
	Users  []int64  // account holding each seat, 0 for none
	Setup  game.Setup
	Pos    game.Position
	Start  string // position string when play began
	Plies  []Ply
	Over   *game.Outcome // an end made by the table (resign, time, agreement)
	Out    []bool        // seats out by resignation or time
	Offers []bool        // seats offering a draw now
	// Takeback is the seat asking to take back its last move (-1: none),
	// and TakebackYes the seats that agree.
	Takeback    int
	TakebackYes []bool
	// OfferedAt is the number of moves played when each seat last offered
	// a draw (-1: never), so that an offer is not repeated in one position.
	OfferedAt []int
	Clock     Clock
	// Rematch is the id of the game that followed this one.
	Rematch string
	// RematchYes lists the seats asking for (or agreeing to) a rematch,
	// and RematchNo the seat that last declined one (-1: none).
	RematchYes []bool
	RematchNo  int
	// Departed lists the seats in the order they left the game
	// (resignation, time, absence, or eliminated by the rules), earliest
	// first; seats that left at one moment share a group. Places reads it.
	Departed [][]int
}

// New returns the table of def before any action. It checks def against
// the game as creation does, so that a damaged stored definition is
// refused rather than replayed past the seats the game has.
func New(g game.Game, def Def) (*Table, error) {
	names, err := g.SeatNames(def.Options)
	if err != nil {
		return nil, refuse(Invalid, err)
	}
	if err := def.Check(len(names)); err != nil {
		return nil, err
	}
	t := &Table{G: g, Def: def}
	if err := t.reset(); err != nil {
		return nil, err
	}
	return t, nil
}

// Replay returns the table of def after log. An action that no longer
// applies stops the replay there: the table holds what came before, and
// the error says which action failed.
func Replay(g game.Game, def Def, log []Action) (*Table, error) {
	t, err := New(g, def)
	if err != nil {
		return nil, err
	}
	for _, a := range log {
		if err := t.Apply(a); err != nil {
			return t, &ReplayError{Seq: a.Seq, Kind: a.Kind, Err: err}
		}
	}
	return t, nil
}

// ReplayError says which action of a stored log could not be applied.
type ReplayError struct {
	Seq  int
	Kind string
	Err  error
}

func (e *ReplayError) Error() string {
	return "replay of action " + strconv.Itoa(e.Seq) + " (" + e.Kind + ") failed: " + e.Err.Error()
}

func (e *ReplayError) Unwrap() error { return e.Err }

// reset sets the state to before the first action.
func (t *Table) reset() error {
	n := len(t.Def.Seats)
	t.Log = nil
	t.Tokens, t.Users = make([]string, n), make([]int64, n)
	for i, seat := range t.Def.Seats {
		t.Tokens[i], t.Users[i] = seat.TokenHash, seat.UserID
	}
	t.Setup, t.Pos, t.Start, t.Plies, t.Over = nil, nil, "", nil, nil
	t.Out = make([]bool, n)
	t.Departed = nil
	t.Offers = make([]bool, n)
	t.Takeback, t.TakebackYes = -1, make([]bool, n)
	t.OfferedAt = make([]int, n)
	for i := range t.OfferedAt {
		t.OfferedAt[i] = -1
	}
	t.Clock = NewClock(t.Def.Clock, n)
	t.Clock.GoBerserk(t.Def.Berserk)
	t.Rematch, t.RematchYes, t.RematchNo = "", make([]bool, n), -1
	if t.Def.Start != "" {
		// A game set up from a position begins with play.
		return t.beginPlay(t.G.Parse(t.Def.Start, t.Def.Options))
	}
	if sg, ok := t.G.(game.SetupGame); ok {
		st, err := sg.NewSetup(t.Def.Options)
		if err != nil {
			return refuse(Invalid, err)
		}
		if st.Stage() != "" {
			t.Setup = st
			return nil
		}
		return t.beginPlay(st.Position())
	}
	return t.beginPlay(t.G.Start(t.Def.Options))
}

func (t *Table) beginPlay(p game.Position, err error) error {
	if err != nil {
		return refuse(Invalid, err)
	}
	t.Setup, t.Pos, t.Start = nil, p, p.String()
	return nil
}

// Seats is the number of seats.
func (t *Table) Seats() int { return len(t.Def.Seats) }

// Outcome is the game's result so far.
func (t *Table) Outcome() game.Outcome {
	if t.Over != nil {
		return *t.Over
	}
	if t.Pos != nil {
		return t.Pos.Outcome()
	}
	return game.Outcome{}
}

// Stage is the setup's stage ("draft", "deploy"...), "play", or "over".
func (t *Table) Stage() string {
	switch {
	case t.Outcome().Over:
		return "over"
	case t.Setup != nil:
		return t.Setup.Stage()
	}
	return "play"
}

// ToMove is the seat whose move is next in play, or NoPlayer.
func (t *Table) ToMove() game.Player {
	if t.Pos == nil || t.Outcome().Over {
		return game.NoPlayer
	}
	return t.Pos.ToMove()
}

// Waiting lists the seats that must act now.
func (t *Table) Waiting() []int {
	if t.Outcome().Over {
		return nil
	}
	if t.Setup != nil {
		var w []int
		for _, p := range t.Setup.Waiting() {
			w = append(w, int(p))
		}
		return w
	}
	if p := t.ToMove(); p != game.NoPlayer {
		return []int{int(p)}
	}
	return nil
}

// SeatName is the game's name for seat i in the current stage.
func (t *Table) SeatName(i int) string {
	switch {
	case t.Pos != nil:
		return t.Pos.SeatName(game.Player(i))
	case t.Setup != nil:
		return t.Setup.SeatName(game.Player(i))
	}
	return game.SeatNumber(game.Player(i))
}

// In reports whether seat is still in the game: it has neither left
// (resignation, time) nor been eliminated by the rules (its King taken in
// a game that plays on).
func (t *Table) In(seat int) bool {
	if t.Out[seat] {
		return false
	}
	return t.Pos == nil || t.Pos.Outcome().Results[seat] != game.Eliminated
}

func (t *Table) move(a Action) error {
	if err := t.playing(a.Seat); err != nil {
		return err
	}
	if t.Pos == nil {
		return errorf(Conflict, "the game has not started: setup comes first")
	}
	if int(t.Pos.ToMove()) != a.Seat {
		return errorf(NotYourTurn, "it is not your turn")
	}
	if t.Clock.Flagged(a.Seat, a.At()) {
		return errorf(Conflict, "time is up")
	}
	m, err := t.Pos.ParseMove(a.Data)
	if err != nil {
		return refuse(Invalid, err)
	}
	p := Ply{Seat: a.Seat, Text: t.Pos.MoveString(m), View: t.Pos.DescribeMove(m), AtMs: a.AtMs}
	p.SAN = game.SAN(t.Pos, m)
	// The clocks run once every seat has made its first move.
	t.Clock.Moved(a.Seat, a.At(), len(t.Plies)+1 >= t.Seats())
	t.Pos.Play(m)
	t.Plies = append(t.Plies, p)
	t.noteEliminated()
	clear(t.Offers)
	t.clearTakeback()
	return nil
}

// PositionAt replays the log up to the n-th move (0: the start of play)
// and returns the position then.
func (t *Table) PositionAt(n int) (game.Position, error) {
	if n < 0 || n > len(t.Plies) {
		return nil, errorf(NotFound, "no move %d", n)
	}
	if t.Pos == nil {
		return nil, errorf(Conflict, "play has not begun")
	}
	r, err := New(t.G, t.Def)
	if err != nil {
		return nil, err
	}
	for _, a := range t.Log {
		if r.Pos != nil && len(r.Plies) == n {
			break
		}
		if err := r.Apply(a); err != nil {
			return nil, err
		}
	}
	return r.Pos, nil
}
