package table

import (
	"time"
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
	ActRematch     = "rematch"     // Data: id of the new game, made once every player agreed
	ActRematchAsk  = "rematch-ask" // a seat asks for a rematch, or agrees to one asked for
	ActRematchNo   = "rematch-no"  // a seat declines the rematch asked for
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
	AtMs int64 // when, in milliseconds since the Unix epoch
	Seat int
	Kind string
	Data string
}

// At is when the action was made.
func (a Action) At() time.Time { return time.UnixMilli(a.AtMs) }

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
		return errorf(Invalid, "there is no seat %d", a.Seat+1)
	}
	var err error
	switch a.Kind {
	case ActJoin:
		err = t.join(a)
	case ActRematch:
		err = t.rematch(a)
	case ActRematchAsk:
		err = t.askRematch(a)
	case ActRematchNo:
		err = t.declineRematch(a)
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
		err = errorf(Malformed, "unknown action %q", a.Kind)
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
		return errorf(Conflict, "the game is over")
	}
	if !t.In(seat) {
		return errorf(Conflict, "this seat is out of the game")
	}
	return nil
}
