package table

import (
	"slices"
	"testing"

	"wyrm/game"
	"wyrm/internal/toygame"
	"wyrm/internal/toysetup"
)

// Places ranks the seats by when they left: the first out is last, the
// seats in at the end share the top, whatever ended the game.
func TestPlacesFollowTheOrderOfLeaving(t *testing.T) {
	seats := func(n int) Def {
		d := Def{Game: "toy", Options: game.Options{"players": string(rune('0' + n))}}
		for range n {
			d.Seats = append(d.Seats, Seat{Kind: SeatLocal})
		}
		return d
	}
	act := func(seat int, kind, data string) Action { return Action{Seat: seat, Kind: kind, Data: data} }
	// The first round of three: then seat 1 takes seat 3's King.
	capture := []Action{act(0, ActMove, "b1b8"), act(1, ActMove, "f1f2"), act(2, ActMove, "c8c7"), act(0, ActMove, "b8a8")}
	cases := []struct {
		name string
		g    game.Game
		def  Def
		acts []Action
		want []int
	}{
		{"four resign in turn", toygame.Game{}, seats(4),
			[]Action{act(2, ActResign, ""), act(0, ActResign, ""), act(3, ActResign, "")}, []int{3, 1, 4, 2}},
		{"a King taken, then a resignation", toygame.Game{}, seats(3),
			append(slices.Clone(capture), act(1, ActResign, "")), []int{1, 2, 3}},
		{"a King taken, then the others agree a draw", toygame.Game{}, seats(3),
			append(slices.Clone(capture), act(0, ActDrawOffer, ""), act(1, ActDrawOffer, "")), []int{1, 1, 3}},
		{"one resigns, two draw", toygame.Game{}, seats(3),
			[]Action{act(1, ActResign, ""), act(0, ActDrawOffer, ""), act(2, ActDrawOffer, "")}, []int{1, 3, 1}},
		{"two players, a resignation", toysetup.Game{}, twoLocal(), []Action{act(0, ActResign, "")}, []int{2, 1}},
		{"two players, a draw", toysetup.Game{}, twoLocal(), []Action{act(0, ActDrawOffer, ""), act(1, ActDrawOffer, "")}, []int{1, 1}},
		{"the last King taken ends it", toygame.Game{}, seats(3),
			append(slices.Clone(capture), act(1, ActMove, "f2e2"), act(0, ActMove, "a8h1")), []int{1, 2, 3}},
		{"not over", toygame.Game{}, seats(4), []Action{act(2, ActResign, "")}, nil},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			tb, errs := run(t, c.g, c.def, c.acts...)
			for i, err := range errs {
				if err != nil {
					t.Fatalf("action %d: %v", i, err)
				}
			}
			if got := tb.Places(); !slices.Equal(got, c.want) {
				t.Fatalf("places %v, want %v (departed %v, outcome %+v)", got, c.want, tb.Departed, tb.Outcome())
			}
			// Replaying the log gives the same places.
			re, err := Replay(c.g, c.def, tb.Log)
			if err != nil || !slices.Equal(re.Places(), c.want) {
				t.Fatalf("after replay: %v %v", re.Places(), err)
			}
		})
	}
}

// A takeback that gives a seat its King back takes it off the list of
// those who left.
func TestTakebackBringsASeatBack(t *testing.T) {
	def := Def{Game: "toy", Options: game.Options{"players": "3"}, Seats: []Seat{{Kind: SeatLocal}, {Kind: SeatLocal}, {Kind: SeatLocal}}}
	tb, errs := run(t, toygame.Game{}, def,
		Action{Seat: 0, Kind: ActMove, Data: "b1b8"}, Action{Seat: 1, Kind: ActMove, Data: "f1f2"},
		Action{Seat: 2, Kind: ActMove, Data: "c8c7"}, Action{Seat: 0, Kind: ActMove, Data: "b8a8"})
	for _, err := range errs {
		if err != nil {
			t.Fatal(err)
		}
	}
	if !slices.EqualFunc(tb.Departed, [][]int{{2}}, slices.Equal) {
		t.Fatalf("departed %v after the capture", tb.Departed)
	}
	for _, s := range []int{0, 1} {
		if err := tb.Apply(Action{Seq: len(tb.Log), AtMs: 9000, Seat: s, Kind: ActTakeback}); err != nil {
			t.Fatal(err)
		}
	}
	if len(tb.Departed) != 0 || !tb.In(2) {
		t.Fatalf("departed %v after the takeback; seat 3 in: %v", tb.Departed, tb.In(2))
	}
}
