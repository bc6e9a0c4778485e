package table

import (
	"slices"
	"testing"

	"wyrm/internal/toysetup"
)

// A guest's seat goes to the account that claims it, once, and never a
// second seat of the same game to one account, a computer's seat, or a
// seat of a game that is over; replay gives the same owners.
func TestBindClaimsAGuestsSeat(t *testing.T) {
	def := func(users ...int64) Def {
		d := Def{Game: "toy", Seats: []Seat{{Kind: SeatLocal, TokenHash: "h0"}, {Kind: SeatLocal, TokenHash: "h1"}}}
		for i, u := range users {
			d.Seats[i].UserID = u
		}
		return d
	}
	computer := Def{Game: "toy", Seats: []Seat{{Kind: SeatLocal, TokenHash: "h0"}, {Kind: SeatComputer, Level: 1}}}
	bind := func(seat int, user string) Action { return Action{Seat: seat, Kind: ActBind, Data: user} }
	cases := []struct {
		name  string
		def   Def
		acts  []Action
		ok    []bool
		users []int64
	}{
		{"a guest's seat", def(), []Action{bind(0, "7")}, []bool{true}, []int64{7, 0}},
		{"both seats, two accounts", def(), []Action{bind(0, "7"), bind(1, "8")}, []bool{true, true}, []int64{7, 8}},
		{"a second seat for one account", def(), []Action{bind(0, "7"), bind(1, "7")}, []bool{true, false}, []int64{7, 0}},
		{"a seat already an account's", def(5), []Action{bind(0, "7")}, []bool{false}, []int64{5, 0}},
		{"the computer's seat", computer, []Action{bind(1, "7")}, []bool{false}, []int64{0, 0}},
		{"not an account", def(), []Action{bind(0, "x"), bind(0, "0"), bind(0, "-3")}, []bool{false, false, false}, []int64{0, 0}},
		{"a game over", def(), []Action{{Seat: 1, Kind: ActResign}, bind(0, "7")}, []bool{true, false}, []int64{0, 0}},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			tb, errs := run(t, toysetup.Game{}, c.def, c.acts...)
			for i, err := range errs {
				if (err == nil) != c.ok[i] {
					t.Fatalf("action %d (%v): %v", i, c.acts[i], err)
				}
			}
			if !slices.Equal(tb.Users, c.users) {
				t.Fatalf("users %v, want %v", tb.Users, c.users)
			}
			re, err := Replay(toysetup.Game{}, c.def, tb.Log)
			if err != nil || !slices.Equal(re.Users, c.users) {
				t.Fatalf("after replay: users %v, %v", re.Users, err)
			}
		})
	}
}
