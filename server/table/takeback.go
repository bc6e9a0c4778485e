package table

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
			return errorf(Conflict, "you have no move to take back")
		}
		t.Takeback = a.Seat
	}
	t.TakebackYes[a.Seat] = true
	for i := range t.Seats() {
		if t.In(i) && !t.TakebackYes[i] {
			return nil
		}
	}
	// Time runs on through a takeback: the seat that was to move pays for
	// its time so far, and the seat to move after it starts its turn from
	// now. The time spent on the moves taken back stays spent, so nobody
	// gets time back by asking.
	t.Clock.Charge(int(t.ToMove()), a.At())
	for range t.TakebackPlies(t.Takeback) {
		t.Pos.Undo()
		t.Plies = t.Plies[:len(t.Plies)-1]
	}
	t.forgetReturned()
	t.clearTakeback()
	clear(t.Offers)
	return nil
}

func (t *Table) refuseTakeback(a Action) error {
	if err := t.playing(a.Seat); err != nil {
		return err
	}
	if t.Takeback < 0 {
		return errorf(Conflict, "no takeback has been asked for")
	}
	t.clearTakeback()
	return nil
}

func (t *Table) clearTakeback() {
	t.Takeback = -1
	clear(t.TakebackYes)
}
