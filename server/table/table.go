// Package table is one game as the play server keeps it: its definition,
// its ordered log of actions, and the state that replaying the log gives.
// It is pure: no storage, no sockets, no goroutines, no wall clock (times
// come with the actions), so every rule of a game's life is tested here
// alone. The server wraps a Table with locking, saving and broadcasting.
package table

import (
	"slices"
	"strconv"
	"strings"

	"wyrm/game"
	"wyrm/server/apierr"
)

// Action kinds of the log.
const (
	ActJoin        = "join"        // Data: token hash of the joining person
	ActSetup       = "setup"       // Data: the seat's choice text
	ActMove        = "move"        // Data: the move in MoveString notation
	ActResign      = "resign"      //
	ActDrawOffer   = "draw"        // a seat offers (or accepts) a draw
	ActDrawDecline = "decline"     // a seat declines the open offers
	ActTimeout     = "timeout"     // the seat's clock ran out
	ActRematch     = "rematch"     // Data: id of the new game
	ActResume      = "resume"      // the server is back; Data: when it was last known up (ms)
	ActAbort       = "abort"       // ends a game before every seat has moved; Data: "timeout" when the server did
	ActTakeback    = "takeback"    // a seat asks to take back its last move, or agrees to another's request
	ActTakebackNo  = "no-takeback" // a seat refuses the takeback asked for
	ActClaim       = "claim"       // Data: "win" or "draw", claimed over seats that have left the game
	ActAbandon     = "abandon"     // the server resigns a seat gone past the absence timeout
	ActBind        = "bind"        // Data: the account that claims a guest's seat by its token
)

// Action is one entry of a game's log.
type Action struct {
	Seq  int
	AtMs int64
	Seat int
	Kind string
	Data string
}

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
		return nil, apierr.Wrap(apierr.Invalid, err)
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
	t.Rematch = ""
	if t.Def.Start != "" {
		// A game set up from a position begins with play.
		return t.beginPlay(t.G.Parse(t.Def.Start, t.Def.Options))
	}
	if sg, ok := t.G.(game.SetupGame); ok {
		st, err := sg.NewSetup(t.Def.Options)
		if err != nil {
			return apierr.Wrap(apierr.Invalid, err)
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
		return apierr.Wrap(apierr.Invalid, err)
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

// Canonical writes a move action's data in the game's own notation, so that
// the log holds one spelling whatever the client typed.
func (t *Table) Canonical(a Action) Action {
	if a.Kind == ActMove && t.Pos != nil {
		if m, err := t.Pos.ParseMove(a.Data); err == nil {
			a.Data = t.Pos.MoveString(m)
		}
	}
	return a
}

// Apply validates a against the current state and applies it, appending it
// to the log. On error nothing has changed.
func (t *Table) Apply(a Action) error {
	if a.Seat < 0 || a.Seat >= t.Seats() {
		return apierr.New(apierr.Invalid, "there is no seat %d", a.Seat+1)
	}
	var err error
	switch a.Kind {
	case ActJoin:
		err = t.join(a)
	case ActRematch:
		err = t.rematch(a)
	case ActSetup:
		err = t.setup(a)
	case ActMove:
		err = t.move(a)
	case ActResign:
		err = t.resign(a)
	case ActTimeout:
		err = t.timeout(a)
	case ActDrawOffer:
		err = t.offerDraw(a)
	case ActDrawDecline:
		err = t.declineDraw(a)
	case ActResume:
		err = t.resume(a)
	case ActAbort:
		err = t.abort(a)
	case ActTakeback:
		err = t.takeback(a)
	case ActTakebackNo:
		err = t.refuseTakeback(a)
	case ActClaim:
		err = t.claim(a)
	case ActAbandon:
		err = t.abandon(a)
	case ActBind:
		err = t.bind(a)
	default:
		err = apierr.New(apierr.BadRequest, "unknown action %q", a.Kind)
	}
	if err != nil {
		return err
	}
	t.Log = append(t.Log, a)
	return nil
}

// playing refuses actions of a game that is over or a seat that is out.
func (t *Table) playing(seat int) error {
	if t.Outcome().Over {
		return apierr.New(apierr.Conflict, "the game is over")
	}
	if !t.In(seat) {
		return apierr.New(apierr.Conflict, "this seat is out of the game")
	}
	return nil
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

// bind gives a guest's seat to an account, which proved it holds the
// seat's token: the game then follows the player to any browser and its
// result reaches their profile. A seat already an account's, or a second
// seat for an account that holds one, is refused, so that no account
// plays itself.
func (t *Table) bind(a Action) error {
	if t.Outcome().Over {
		return apierr.New(apierr.Conflict, "the game is over")
	}
	id, err := strconv.ParseInt(a.Data, 10, 64)
	if err != nil || id <= 0 {
		return apierr.New(apierr.BadRequest, "bind: bad account %q", a.Data)
	}
	if t.Tokens[a.Seat] == "" {
		return apierr.New(apierr.Conflict, "seat %d is no person's", a.Seat+1)
	}
	if t.Users[a.Seat] != 0 {
		return apierr.New(apierr.Conflict, "seat %d already belongs to an account", a.Seat+1)
	}
	if slices.Contains(t.Users, id) {
		return apierr.New(apierr.Conflict, "this account already plays a seat of this game")
	}
	t.Users[a.Seat] = id
	return nil
}

func (t *Table) join(a Action) error {
	if t.Outcome().Over {
		return apierr.New(apierr.Conflict, "the game is over: its seats can no longer be taken")
	}
	if !t.Def.Seats[a.Seat].Joinable() || t.Tokens[a.Seat] != "" {
		return apierr.New(apierr.Conflict, "this seat is already taken")
	}
	hash, user, _ := strings.Cut(a.Data, " ")
	t.Tokens[a.Seat] = hash
	if user != "" {
		id, err := strconv.ParseInt(user, 10, 64)
		if err != nil {
			return apierr.New(apierr.BadRequest, "join: bad account %q", user)
		}
		t.Users[a.Seat] = id
	}
	return nil
}

func (t *Table) rematch(a Action) error {
	if !t.Outcome().Over {
		return apierr.New(apierr.Conflict, "the game is not over yet")
	}
	if t.Rematch != "" {
		return apierr.New(apierr.Conflict, "a rematch already exists")
	}
	t.Rematch = a.Data
	return nil
}

func (t *Table) setup(a Action) error {
	if err := t.playing(a.Seat); err != nil {
		return err
	}
	if t.Setup == nil {
		return apierr.New(apierr.Conflict, "the game is past its setup")
	}
	if !slices.Contains(t.Setup.Waiting(), game.Player(a.Seat)) {
		return apierr.New(apierr.NotYourTurn, "this seat has nothing to submit now")
	}
	if err := t.Setup.Submit(game.Player(a.Seat), a.Data); err != nil {
		return apierr.Wrap(apierr.Invalid, err)
	}
	if t.Setup.Stage() == "" {
		p, err := t.Setup.Position()
		if err != nil {
			return apierr.New(apierr.Internal, "setup finished but gave no position: %v", err)
		}
		t.Pos, t.Start, t.Setup = p, p.String(), nil
		t.Clock.LastAt = a.AtMs
	}
	return nil
}

func (t *Table) move(a Action) error {
	if err := t.playing(a.Seat); err != nil {
		return err
	}
	if t.Pos == nil {
		return apierr.New(apierr.Conflict, "the game has not started: setup comes first")
	}
	if int(t.Pos.ToMove()) != a.Seat {
		return apierr.New(apierr.NotYourTurn, "it is not your turn")
	}
	if t.Clock.Flagged(a.Seat, a.AtMs) {
		return apierr.New(apierr.Conflict, "time is up")
	}
	m, err := t.Pos.ParseMove(a.Data)
	if err != nil {
		return apierr.Wrap(apierr.Invalid, err)
	}
	p := Ply{Seat: a.Seat, Text: t.Pos.MoveString(m), View: t.Pos.DescribeMove(m), AtMs: a.AtMs}
	p.SAN = game.SAN(t.Pos, m)
	// The clocks run once every seat has made its first move.
	t.Clock.Moved(a.Seat, a.AtMs, len(t.Plies)+1 >= t.Seats())
	t.Pos.Play(m)
	t.Plies = append(t.Plies, p)
	t.noteEliminated()
	clear(t.Offers)
	t.clearTakeback()
	return nil
}

func (t *Table) resign(a Action) error {
	if err := t.playing(a.Seat); err != nil {
		return err
	}
	t.leave(a.Seat, "resignation", a.AtMs)
	return nil
}

func (t *Table) timeout(a Action) error {
	if err := t.playing(a.Seat); err != nil {
		return err
	}
	if int(t.ToMove()) != a.Seat || !t.Clock.Flagged(a.Seat, a.AtMs) {
		return apierr.New(apierr.Conflict, "this seat's time is not up")
	}
	t.leave(a.Seat, "time", a.AtMs)
	t.Clock.Remaining[a.Seat] = 0
	return nil
}

func (t *Table) offerDraw(a Action) error {
	if err := t.playing(a.Seat); err != nil {
		return err
	}
	if t.Pos == nil {
		return apierr.New(apierr.Conflict, "draws can be offered once play begins")
	}
	accepting := slices.Contains(t.Offers, true) && !t.Offers[a.Seat]
	if !accepting && t.OfferedAt[a.Seat] == len(t.Plies) {
		return apierr.New(apierr.Conflict, "you have offered a draw in this position already; offer again after a move")
	}
	t.Offers[a.Seat] = true
	t.OfferedAt[a.Seat] = len(t.Plies)
	// The players still in agree among themselves.
	for i := range t.Seats() {
		if t.In(i) && !t.Offers[i] {
			return nil
		}
	}
	o := game.Drawn(t.Seats(), "agreement")
	for i := range t.Seats() {
		if !t.In(i) {
			o.Results[i] = game.Eliminated
		}
	}
	t.Clock.Stop(int(t.ToMove()), a.AtMs)
	t.Over = &o
	return nil
}

func (t *Table) declineDraw(a Action) error {
	if err := t.playing(a.Seat); err != nil {
		return err
	}
	if !slices.Contains(t.Offers, true) {
		return apierr.New(apierr.Conflict, "there is no draw offer to decline")
	}
	clear(t.Offers)
	return nil
}

// Abortable reports whether the game may still be aborted: it is not over
// and some seat has not yet made its first move.
func (t *Table) Abortable() bool {
	return !t.Outcome().Over && len(t.Plies) < t.Seats()
}

// abort ends the game without a result: nobody wins or loses a game that
// never got going.
func (t *Table) abort(a Action) error {
	if err := t.playing(a.Seat); err != nil {
		return err
	}
	if !t.Abortable() {
		return apierr.New(apierr.Conflict, "the game can only be aborted before every player has moved")
	}
	o := game.Outcome{Over: true, Reason: "aborted"}
	if a.Data == "timeout" {
		o.Reason = "aborted: a player did not make a first move"
	}
	t.Clock.Stop(-1, a.AtMs)
	t.Over = &o
	return nil
}

// TakebackPlies is how many moves a takeback asked by seat takes back: its
// own last move and every move after it.
func (t *Table) TakebackPlies(seat int) int {
	for i := len(t.Plies) - 1; i >= 0; i-- {
		if t.Plies[i].Seat == seat {
			return len(t.Plies) - i
		}
	}
	return 0
}

// takeback asks to take back the seat's last move, or agrees to the
// request open; once every seat still in agrees, the moves are undone.
func (t *Table) takeback(a Action) error {
	if err := t.playing(a.Seat); err != nil {
		return err
	}
	if t.Takeback < 0 {
		if t.TakebackPlies(a.Seat) == 0 {
			return apierr.New(apierr.Conflict, "you have no move to take back")
		}
		t.Takeback = a.Seat
	}
	t.TakebackYes[a.Seat] = true
	for i := range t.Seats() {
		if t.In(i) && !t.TakebackYes[i] {
			return nil
		}
	}
	for range t.TakebackPlies(t.Takeback) {
		t.Pos.Undo()
		t.Plies = t.Plies[:len(t.Plies)-1]
	}
	t.forgetReturned()
	// The seat to move now starts its turn afresh; the time spent on the
	// moves taken back stays spent.
	t.Clock.Charge(-1, a.AtMs)
	t.clearTakeback()
	clear(t.Offers)
	return nil
}

func (t *Table) refuseTakeback(a Action) error {
	if err := t.playing(a.Seat); err != nil {
		return err
	}
	if t.Takeback < 0 {
		return apierr.New(apierr.Conflict, "no takeback has been asked for")
	}
	t.clearTakeback()
	return nil
}

func (t *Table) clearTakeback() {
	t.Takeback = -1
	clear(t.TakebackYes)
}

// claim ends the game for a seat whose opponents have all left it (the
// server checks that they have been gone long enough before it stores
// the claim): a win, or a draw if the claimer prefers.
func (t *Table) claim(a Action) error {
	if err := t.playing(a.Seat); err != nil {
		return err
	}
	if t.Pos == nil {
		return apierr.New(apierr.Conflict, "there is nothing to claim before play begins")
	}
	switch a.Data {
	case "win":
		o := game.Outcome{Over: true, Reason: "opponents left the game"}
		for i := range t.Seats() {
			o.Results[i] = game.Loss
			if !t.In(i) {
				o.Results[i] = game.Eliminated
			}
		}
		o.Results[a.Seat] = game.Win
		t.Clock.Stop(int(t.ToMove()), a.AtMs)
		t.Over = &o
	case "draw":
		o := game.Drawn(t.Seats(), "opponents left the game")
		for i := range t.Seats() {
			if !t.In(i) {
				o.Results[i] = game.Eliminated
			}
		}
		t.Clock.Stop(int(t.ToMove()), a.AtMs)
		t.Over = &o
	default:
		return apierr.New(apierr.BadRequest, "claim a win or a draw")
	}
	return nil
}

// abandon takes out a seat that the server found gone past the absence
// timeout on its turn, so that the others play on.
func (t *Table) abandon(a Action) error {
	if err := t.playing(a.Seat); err != nil {
		return err
	}
	t.leave(a.Seat, "abandoned", a.AtMs)
	return nil
}

// resume gives the seat to move back the time the server was down: from
// when it was last known up (a.Data) to its restart (a.AtMs), the clock
// stood still.
func (t *Table) resume(a Action) error {
	if t.Outcome().Over || !t.Clock.Running || int(t.ToMove()) != a.Seat {
		return apierr.New(apierr.Conflict, "no clock is running for this seat")
	}
	down, err := strconv.ParseInt(a.Data, 10, 64)
	if err != nil {
		return apierr.New(apierr.BadRequest, "resume: bad time %q", a.Data)
	}
	t.Clock.Pause(max(down, t.Clock.LastAt), a.AtMs)
	return nil
}

// leave takes seat out of the game (resignation or time). With two seats,
// or a game that cannot play on without a player, the game ends; games
// with an Eliminator play on among the others.
func (t *Table) leave(seat int, reason string, at int64) {
	n := t.Seats()
	t.Out[seat] = true
	t.depart([]int{seat})
	var left []int
	for i := range n {
		if !t.Out[i] {
			left = append(left, i)
		}
	}
	if el, ok := t.Pos.(game.Eliminator); ok && len(left) > 1 {
		t.Clock.Charge(int(t.ToMove()), at)
		el.Eliminate(game.Player(seat))
		t.Offers[seat] = false
		return
	}
	o := game.Outcome{Over: true, Reason: reason}
	for i := range n {
		switch {
		case t.Out[i]:
			o.Results[i] = game.Loss
		case len(left) == 1:
			o.Results[i] = game.Win
		default:
			o.Results[i] = game.Draw
		}
	}
	t.Clock.Stop(int(t.ToMove()), at)
	t.Over = &o
}

// PositionAt replays the log up to the n-th move (0: the start of play)
// and returns the position then.
func (t *Table) PositionAt(n int) (game.Position, error) {
	if n < 0 || n > len(t.Plies) {
		return nil, apierr.New(apierr.NotFound, "no move %d", n)
	}
	if t.Pos == nil {
		return nil, apierr.New(apierr.Conflict, "play has not begun")
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
