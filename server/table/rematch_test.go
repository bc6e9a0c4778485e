package table

import (
	"testing"

	"wyrm/internal/toygame"
)

func TestRematchIsAnOfferEveryPlayerAgrees(t *testing.T) {
	def := Def{Game: "toy", Seats: []Seat{{Kind: SeatLocal, TokenHash: "aa"}, {Kind: SeatInvite}}}
	resign := []Action{{Seat: 1, Kind: ActJoin, Data: "bb"}, {Seat: 0, Kind: ActResign}}
	cases := []struct {
		name   string
		acts   []Action
		want   []ErrorKind
		agreed bool
		no     int
	}{
		{"asked before the end", []Action{{Seat: 0, Kind: ActRematchAsk}}, []ErrorKind{Conflict}, false, -1},
		{"one asks", append(resign, Action{Seat: 0, Kind: ActRematchAsk}), []ErrorKind{"", "", ""}, false, -1},
		{"asked twice", append(resign, Action{Seat: 0, Kind: ActRematchAsk}, Action{Seat: 0, Kind: ActRematchAsk}), []ErrorKind{"", "", "", Conflict}, false, -1},
		{"both agree", append(resign, Action{Seat: 0, Kind: ActRematchAsk}, Action{Seat: 1, Kind: ActRematchAsk}), []ErrorKind{"", "", "", ""}, true, -1},
		{"declined", append(resign, Action{Seat: 0, Kind: ActRematchAsk}, Action{Seat: 1, Kind: ActRematchNo}), []ErrorKind{"", "", "", ""}, false, 1},
		{"declined with nothing asked", append(resign, Action{Seat: 1, Kind: ActRematchNo}), []ErrorKind{"", "", Conflict}, false, -1},
		{"the asker cannot decline", append(resign, Action{Seat: 0, Kind: ActRematchAsk}, Action{Seat: 0, Kind: ActRematchNo}), []ErrorKind{"", "", "", Conflict}, false, -1},
		{"asked again after a refusal", append(resign, Action{Seat: 0, Kind: ActRematchAsk}, Action{Seat: 1, Kind: ActRematchNo}, Action{Seat: 0, Kind: ActRematchAsk}), []ErrorKind{"", "", "", "", ""}, false, -1},
		{"nothing after the new game", append(resign, Action{Seat: 0, Kind: ActRematch, Data: "x"}, Action{Seat: 1, Kind: ActRematchAsk}), []ErrorKind{"", "", "", Conflict}, false, -1},
	}
	for _, c := range cases {
		tb, errs := run(t, toygame.Game{}, def, c.acts...)
		for i, err := range errs {
			if codeOf(err) != c.want[i] {
				t.Errorf("%s: action %d: %v, want %q", c.name, i, err, c.want[i])
			}
		}
		if tb.RematchAgreed() != c.agreed || tb.RematchNo != c.no {
			t.Errorf("%s: agreed %v, declined by %d; want %v, %d", c.name, tb.RematchAgreed(), tb.RematchNo, c.agreed, c.no)
		}
	}
}

func TestRematchWithTheComputerNeedsOnlyThePerson(t *testing.T) {
	def := Def{Game: "toy", Seats: []Seat{{Kind: SeatComputer, Level: 1}, {Kind: SeatLocal, TokenHash: "aa"}}}
	tb, errs := run(t, toygame.Game{}, def, Action{Seat: 1, Kind: ActResign}, Action{Seat: 0, Kind: ActRematchAsk}, Action{Seat: 1, Kind: ActRematchAsk})
	if codeOf(errs[1]) != Conflict || errs[2] != nil {
		t.Fatalf("errors %v: the computer's seat has no say, the person's has", errs)
	}
	if !tb.RematchAgreed() {
		t.Fatal("the person's word is enough against the computer")
	}
}
