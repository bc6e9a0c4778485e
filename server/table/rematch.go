package table

import "slices"

// A rematch is an offer like a draw: a seat asks, the others agree or
// decline, and once every player has agreed the server makes the new game
// and records its id with ActRematch. Seats played by the computer, and
// seats nobody ever took, agree by themselves.

func (t *Table) rematch(a Action) error {
	if !t.Outcome().Over {
		return errorf(Conflict, "the game is not over yet")
	}
	if t.Rematch != "" {
		return errorf(Conflict, "a rematch already exists")
	}
	t.Rematch = a.Data
	return nil
}

// rematchOpen refuses a rematch offer or answer before the end or after
// the new game is made.
func (t *Table) rematchOpen() error {
	if !t.Outcome().Over {
		return errorf(Conflict, "the game is not over yet")
	}
	if t.Rematch != "" {
		return errorf(Conflict, "the rematch has begun already")
	}
	return nil
}

func (t *Table) askRematch(a Action) error {
	if err := t.rematchOpen(); err != nil {
		return err
	}
	if !t.RematchPlayer(a.Seat) {
		return errorf(Conflict, "seat %d has no player to ask for a rematch", a.Seat+1)
	}
	if t.RematchYes[a.Seat] {
		return errorf(Conflict, "you have asked for a rematch already")
	}
	t.RematchYes[a.Seat] = true
	// Asking again after a refusal is a new offer.
	if t.RematchNo >= 0 {
		t.RematchNo = -1
	}
	return nil
}

func (t *Table) declineRematch(a Action) error {
	if err := t.rematchOpen(); err != nil {
		return err
	}
	if !slices.Contains(t.RematchYes, true) {
		return errorf(Conflict, "nobody has asked for a rematch")
	}
	if t.RematchYes[a.Seat] {
		return errorf(Conflict, "you asked for this rematch yourself")
	}
	t.RematchNo = a.Seat
	clear(t.RematchYes)
	return nil
}

// RematchPlayer reports whether seat is a person who has a say in a
// rematch: a seat somebody holds that the computer does not play.
func (t *Table) RematchPlayer(seat int) bool {
	return t.Def.Seats[seat].Kind != SeatComputer && t.Tokens[seat] != ""
}

// RematchAgreed reports whether every player has asked for or agreed to
// a rematch, so that the server may make it.
func (t *Table) RematchAgreed() bool {
	asked := false
	for i := range t.Seats() {
		if !t.RematchPlayer(i) {
			continue
		}
		if !t.RematchYes[i] {
			return false
		}
		asked = true
	}
	return asked
}
