package table

import (
	"slices"
	"strconv"
	"strings"
)

// bind gives a guest's seat to an account, which proved it holds the
// seat's token: the game then follows the player to any browser and its
// result reaches their profile. A seat already an account's, or a second
// seat for an account that holds one, is refused, so that no account
// plays itself.
func (t *Table) bind(a Action) error {
	if t.Outcome().Over {
		return errorf(Conflict, "the game is over")
	}
	id, err := strconv.ParseInt(a.Data, 10, 64)
	if err != nil || id <= 0 {
		return errorf(Malformed, "bind: bad account %q", a.Data)
	}
	if t.Tokens[a.Seat] == "" {
		return errorf(Conflict, "seat %d is no person's", a.Seat+1)
	}
	if t.Users[a.Seat] != 0 {
		return errorf(Conflict, "seat %d already belongs to an account", a.Seat+1)
	}
	if slices.Contains(t.Users, id) {
		return errorf(Conflict, "this account already plays a seat of this game")
	}
	t.Users[a.Seat] = id
	return nil
}

func (t *Table) join(a Action) error {
	if t.Outcome().Over {
		return errorf(Conflict, "the game is over: its seats can no longer be taken")
	}
	if !t.Def.Seats[a.Seat].Joinable() || t.Tokens[a.Seat] != "" {
		return errorf(Conflict, "this seat is already taken")
	}
	hash, user, _ := strings.Cut(a.Data, " ")
	t.Tokens[a.Seat] = hash
	if user != "" {
		id, err := strconv.ParseInt(user, 10, 64)
		if err != nil {
			return errorf(Malformed, "join: bad account %q", user)
		}
		t.Users[a.Seat] = id
	}
	return nil
}

// Rateable reports whether every seat is a person with an account of its
// own: only such a game can change ratings.
func (t *Table) Rateable() bool {
	seen := map[int64]bool{}
	for i, u := range t.Users {
		if u == 0 || t.Def.Seats[i].Kind == SeatComputer || seen[u] {
			return false
		}
		seen[u] = true
	}
	return true
}
