package table

import (
	"slices"

	"wyrm/game"
	"wyrm/rating"
)

// depart records seats leaving the game together, leaving out any
// already recorded.
func (t *Table) depart(seats []int) {
	var grp []int
	for _, s := range seats {
		if !t.departed(s) {
			grp = append(grp, s)
		}
	}
	if len(grp) > 0 {
		t.Departed = append(t.Departed, grp)
	}
}

func (t *Table) departed(seat int) bool {
	for _, g := range t.Departed {
		if slices.Contains(g, seat) {
			return true
		}
	}
	return false
}

// noteEliminated records the seats the last move eliminated by the rules
// (a King taken in a game that plays on). A move that ends the game is
// not noted here: its losers are the last group, which Places finds from
// the outcome.
func (t *Table) noteEliminated() {
	o := t.Pos.Outcome()
	var out []int
	for i := range t.Seats() {
		if o.Results[i] == game.Eliminated {
			out = append(out, i)
		}
	}
	t.depart(out)
}

// forgetReturned drops from Departed the seats a takeback brought back
// into the game.
func (t *Table) forgetReturned() {
	var kept [][]int
	for _, g := range t.Departed {
		g = slices.DeleteFunc(slices.Clone(g), func(s int) bool { return t.In(s) })
		if len(g) > 0 {
			kept = append(kept, g)
		}
	}
	t.Departed = kept
}

// Places ranks the seats of a finished game, 1 the best: the seats still in
// at the end share the places above those who left, and those who left
// are ranked by when, the first to leave last (rating.PlacesByElimination).
// The losers of the game's final action (a checkmate, the last King
// taken) left last, together. Two players: 1 and 2 for a win, 1 and 1
// for a draw. Nil while the game is not over.
func (t *Table) Places() []int {
	o := t.Outcome()
	if !o.Over {
		return nil
	}
	out := slices.Clone(t.Departed)
	var last []int
	for i := range t.Seats() {
		if r := o.Results[i]; (r == game.Loss || r == game.Eliminated) && !t.departed(i) {
			last = append(last, i)
		}
	}
	if len(last) > 0 {
		out = append(out, last)
	}
	places, err := rating.PlacesByElimination(t.Seats(), out)
	if err != nil { // Departed holds each seat once, within the seats
		panic(err)
	}
	return places
}
