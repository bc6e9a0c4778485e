package table

import (
	"slices"
	"time"

	"wyrm/game"
)

func (t *Table) resign(a Action) error {
	if err := t.playing(a.Seat); err != nil {
		return err
	}
	t.leave(a.Seat, game.EndResignation, a.At())
	return nil
}

func (t *Table) timeout(a Action) error {
	if err := t.playing(a.Seat); err != nil {
		return err
	}
	if int(t.ToMove()) != a.Seat || !t.Clock.Flagged(a.Seat, a.At()) {
		return errorf(Conflict, "this seat's time is not up")
	}
	t.leave(a.Seat, game.EndTimeUp, a.At())
	t.Clock.Remaining[a.Seat] = 0
	return nil
}

func (t *Table) offerDraw(a Action) error {
	if err := t.playing(a.Seat); err != nil {
		return err
	}
	if t.Pos == nil {
		return errorf(Conflict, "draws can be offered once play begins")
	}
	accepting := slices.Contains(t.Offers, true) && !t.Offers[a.Seat]
	if !accepting && t.OfferedAt[a.Seat] == len(t.Plies) {
		return errorf(Conflict, "you have offered a draw in this position already; offer again after a move")
	}
	t.Offers[a.Seat] = true
	t.OfferedAt[a.Seat] = len(t.Plies)
	// The players still in agree among themselves.
	for i := range t.Seats() {
		if t.In(i) && !t.Offers[i] {
			return nil
		}
	}
	o := game.Drawn(t.Seats(), game.EndAgreement)
	for i := range t.Seats() {
		if !t.In(i) {
			o.Results[i] = game.Eliminated
		}
	}
	t.Clock.Stop(int(t.ToMove()), a.At())
	t.Over = &o
	return nil
}

func (t *Table) declineDraw(a Action) error {
	if err := t.playing(a.Seat); err != nil {
		return err
	}
	if !slices.Contains(t.Offers, true) {
		return errorf(Conflict, "there is no draw offer to decline")
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
		return errorf(Conflict, "the game can only be aborted before every player has moved")
	}
	o := game.Outcome{Over: true, Reason: game.EndAborted}
	if a.Data == "timeout" {
		o.Reason = game.EndAbortedNoFirstMove
	}
	t.Clock.Stop(-1, a.At())
	t.Over = &o
	return nil
}

// claim ends the game for a seat whose opponents have all left it (the
// server checks that they have been gone long enough before it stores
// the claim): a win, or a draw if the claimer prefers.
func (t *Table) claim(a Action) error {
	if err := t.playing(a.Seat); err != nil {
		return err
	}
	if t.Pos == nil {
		return errorf(Conflict, "there is nothing to claim before play begins")
	}
	reason := game.EndOpponentsLeft
	if t.Seats() == 2 {
		reason = game.EndOpponentLeft
	}
	switch a.Data {
	case "win":
		o := game.Outcome{Over: true, Reason: reason}
		for i := range t.Seats() {
			o.Results[i] = game.Loss
			if !t.In(i) {
				o.Results[i] = game.Eliminated
			}
		}
		o.Results[a.Seat] = game.Win
		t.Clock.Stop(int(t.ToMove()), a.At())
		t.Over = &o
	case "draw":
		o := game.Drawn(t.Seats(), reason)
		for i := range t.Seats() {
			if !t.In(i) {
				o.Results[i] = game.Eliminated
			}
		}
		t.Clock.Stop(int(t.ToMove()), a.At())
		t.Over = &o
	default:
		return errorf(Malformed, "claim a win or a draw")
	}
	return nil
}

// abandon takes out a seat that the server found gone past the absence
// timeout on its turn, so that the others play on.
func (t *Table) abandon(a Action) error {
	if err := t.playing(a.Seat); err != nil {
		return err
	}
	t.leave(a.Seat, game.EndAbandoned, a.At())
	return nil
}

// leave takes seat out of the game (resignation or time). With two seats,
// or a game that cannot play on without a player, the game ends; games
// with an Eliminator play on among the others.
func (t *Table) leave(seat int, reason game.EndReason, at time.Time) {
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
