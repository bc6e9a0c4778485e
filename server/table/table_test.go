package table

import (
	"errors"
	"slices"
	"testing"
	"time"

	"wyrm/game"
	"wyrm/internal/toygame"
	"wyrm/internal/toysetup"
)

// run applies actions in turn, at one second apart, and returns the table
// and the error of each.
func run(t *testing.T, g game.Game, def Def, acts ...Action) (*Table, []error) {
	t.Helper()
	tb, err := New(g, def)
	if err != nil {
		t.Fatal(err)
	}
	var errs []error
	for i, a := range acts {
		a.Seq = len(tb.Log)
		if a.AtMs == 0 {
			a.AtMs = int64(i+1) * 1000
		}
		errs = append(errs, tb.Apply(a))
	}
	return tb, errs
}

// codeOf is err's kind, "" for none; an error that is no refusal of the
// table is "uncoded", so that it never passes for an accepted action.
func codeOf(err error) ErrorKind {
	if err == nil {
		return ""
	}
	var e *Error
	if !errors.As(err, &e) {
		return "uncoded"
	}
	return e.Kind
}

func twoLocal() Def {
	return Def{Game: "toy", Seats: []Seat{{Kind: SeatLocal}, {Kind: SeatInvite}}}
}

func TestActionsAreCheckedWithTheirCodes(t *testing.T) {
	cases := []struct {
		name string
		acts []Action
		want []ErrorKind // per action, "" for accepted
	}{
		{"a move in turn", []Action{{Seat: 0, Kind: ActMove, Data: "c1c2"}}, []ErrorKind{""}},
		{"out of turn", []Action{{Seat: 1, Kind: ActMove, Data: "c5c4"}}, []ErrorKind{NotYourTurn}},
		{"illegal", []Action{{Seat: 0, Kind: ActMove, Data: "c1c4"}}, []ErrorKind{Invalid}},
		{"no such seat", []Action{{Seat: 2, Kind: ActResign}}, []ErrorKind{Invalid}},
		{"unknown action", []Action{{Seat: 0, Kind: "teleport"}}, []ErrorKind{Malformed}},
		{"join once", []Action{{Seat: 1, Kind: ActJoin, Data: "h"}, {Seat: 1, Kind: ActJoin, Data: "h2"}}, []ErrorKind{"", Conflict}},
		{"join a local seat", []Action{{Seat: 0, Kind: ActJoin, Data: "h"}}, []ErrorKind{Conflict}},
		{"no setup to submit", []Action{{Seat: 0, Kind: ActSetup, Data: "a1"}}, []ErrorKind{Conflict}},
		{"decline without offer", []Action{{Seat: 0, Kind: ActDrawDecline}}, []ErrorKind{Conflict}},
		{"rematch before the end", []Action{{Seat: 0, Kind: ActRematch, Data: "x"}}, []ErrorKind{Conflict}},
		{"nothing after resignation", []Action{{Seat: 0, Kind: ActResign}, {Seat: 1, Kind: ActMove, Data: "c5c4"}, {Seat: 0, Kind: ActRematch, Data: "x"}, {Seat: 1, Kind: ActRematch, Data: "y"}},
			[]ErrorKind{"", Conflict, "", Conflict}},
		{"timeout that is not", []Action{{Seat: 0, Kind: ActTimeout}}, []ErrorKind{Conflict}},
	}
	for _, c := range cases {
		tb, errs := run(t, toysetup.Game{}, twoLocal(), c.acts...)
		var got []ErrorKind
		for _, e := range errs {
			got = append(got, codeOf(e))
		}
		if !slices.Equal(got, c.want) {
			t.Errorf("%s: codes %v, want %v (%v)", c.name, got, c.want, errs)
		}
		accepted := 0
		for _, e := range errs {
			if e == nil {
				accepted++
			}
		}
		if len(tb.Log) != accepted {
			t.Errorf("%s: %d actions logged, %d accepted", c.name, len(tb.Log), accepted)
		}
	}
}

func TestDrawNeedsEverySeatStillIn(t *testing.T) {
	tb, errs := run(t, toysetup.Game{}, twoLocal(),
		Action{Seat: 0, Kind: ActDrawOffer}, Action{Seat: 0, Kind: ActDrawOffer}, Action{Seat: 1, Kind: ActDrawDecline},
		Action{Seat: 0, Kind: ActDrawOffer}, // declined in this position: not again before a move
		Action{Seat: 0, Kind: ActMove, Data: "c1c2"}, Action{Seat: 1, Kind: ActMove, Data: "c5c4"},
		Action{Seat: 0, Kind: ActDrawOffer}, Action{Seat: 1, Kind: ActDrawOffer})
	want := []ErrorKind{"", Conflict, "", Conflict, "", "", "", ""}
	for i, e := range errs {
		if codeOf(e) != want[i] {
			t.Errorf("action %d: %v, want code %q", i, e, want[i])
		}
	}
	o := tb.Outcome()
	if !o.Over || o.Reason != "agreement" || o.Results[0] != game.Draw || o.Results[1] != game.Draw {
		t.Fatalf("outcome %+v", o)
	}
}

func TestSetupThenPlay(t *testing.T) {
	def := Def{Game: "toy", Options: game.Options{"setup": "true"}, Seats: []Seat{{Kind: SeatLocal}, {Kind: SeatLocal}}}
	tb, errs := run(t, toysetup.Game{}, def,
		Action{Seat: 0, Kind: ActMove, Data: "c1c2"},
		Action{Seat: 0, Kind: ActSetup, Data: "e5"}, // not its back rank
		Action{Seat: 0, Kind: ActSetup, Data: "b1"},
		Action{Seat: 0, Kind: ActSetup, Data: "a1"},
		Action{Seat: 1, Kind: ActSetup, Data: "d5"},
		Action{Seat: 0, Kind: ActMove, Data: "b1b2"})
	want := []ErrorKind{Conflict, Invalid, "", NotYourTurn, "", ""}
	for i, e := range errs {
		if codeOf(e) != want[i] {
			t.Errorf("action %d: %v, want code %q", i, e, want[i])
		}
	}
	if tb.Stage() != "play" || len(tb.Plies) != 1 || tb.Plies[0].Text != "b1b2" || tb.SeatName(1) != "North" {
		t.Fatalf("stage %s plies %v", tb.Stage(), tb.Plies)
	}
}

func TestClockChargesTheMoverAndFlags(t *testing.T) {
	def := twoLocal()
	def.Clock = TimeControl{Initial: 10_000 * time.Millisecond, Increment: 1000 * time.Millisecond}
	tb, errs := run(t, toysetup.Game{}, def,
		Action{Seat: 0, Kind: ActMove, Data: "c1c2", AtMs: 1000},
		Action{Seat: 1, Kind: ActMove, Data: "c5c4", AtMs: 4000},   // both have moved: the clocks start
		Action{Seat: 0, Kind: ActMove, Data: "c2c3", AtMs: 6000},   // 2 s used, 1 s back
		Action{Seat: 1, Kind: ActTimeout, AtMs: 16_000},            // all 10 s used: the flag falls
		Action{Seat: 1, Kind: ActMove, Data: "c4c3", AtMs: 16_500}) // after the flag
	if errs[0] != nil || errs[1] != nil || errs[2] != nil {
		t.Fatal(errs)
	}
	if tb.Clock.Remaining[0] != 9000*time.Millisecond || tb.Clock.Remaining[1] != 0 {
		t.Fatalf("clocks %v, want 9000 and 0", tb.Clock.Remaining)
	}
	if errs[3] != nil || codeOf(errs[4]) != Conflict {
		t.Fatalf("flag: %v, move after it: %v", errs[3], errs[4])
	}
	if o := tb.Outcome(); !o.Over || o.Reason != "time" || o.Winner() != 0 {
		t.Fatalf("outcome %+v clocks %v", o, tb.Clock.Remaining)
	}
}

func TestLeavingAGameOfThreePlaysOn(t *testing.T) {
	def := Def{Game: "toy", Options: game.Options{"players": "3"}, Seats: []Seat{{Kind: SeatLocal}, {Kind: SeatLocal}, {Kind: SeatLocal}}}
	tb, errs := run(t, toygame.Game{}, def, Action{Seat: 0, Kind: ActResign}, Action{Seat: 0, Kind: ActDrawOffer})
	if errs[0] != nil || codeOf(errs[1]) != Conflict {
		t.Fatal(errs)
	}
	if tb.Outcome().Over || tb.ToMove() != 1 || !tb.Out[0] {
		t.Fatalf("after a resignation: over %v, to move %d", tb.Outcome().Over, tb.ToMove())
	}
	// The two left agree a draw between them.
	for _, s := range []int{1, 2} {
		if err := tb.Apply(Action{Seq: len(tb.Log), AtMs: 9000, Seat: s, Kind: ActDrawOffer}); err != nil {
			t.Fatal(err)
		}
	}
	o := tb.Outcome()
	if !o.Over || o.Results[0] != game.Eliminated || o.Results[1] != game.Draw || o.Results[2] != game.Draw {
		t.Fatalf("outcome %+v", o)
	}
}

// A seat whose King was taken, in a game that plays on, has no say in a
// draw: the players still in agree among themselves.
func TestEliminatedSeatHasNoSayInDraws(t *testing.T) {
	def := Def{Game: "toy", Options: game.Options{"players": "3"}, Seats: []Seat{{Kind: SeatLocal}, {Kind: SeatLocal}, {Kind: SeatLocal}}}
	tb, errs := run(t, toygame.Game{}, def,
		Action{Seat: 0, Kind: ActMove, Data: "b1b8"}, Action{Seat: 1, Kind: ActMove, Data: "f1f2"},
		Action{Seat: 2, Kind: ActMove, Data: "c8c7"}, Action{Seat: 0, Kind: ActMove, Data: "b8a8"}, // takes seat 3's King
		Action{Seat: 2, Kind: ActDrawOffer}, Action{Seat: 1, Kind: ActDrawOffer}, Action{Seat: 0, Kind: ActDrawOffer})
	want := []ErrorKind{"", "", "", "", Conflict, "", ""}
	for i, e := range errs {
		if codeOf(e) != want[i] {
			t.Fatalf("action %d: %v, want code %q", i, e, want[i])
		}
	}
	o := tb.Outcome()
	if !o.Over || o.Reason != "agreement" || o.Results[2] != game.Eliminated || o.Results[0] != game.Draw || o.Results[1] != game.Draw {
		t.Fatalf("outcome %+v", o)
	}
}

func TestFinishedGameSeatsCannotBeJoined(t *testing.T) {
	_, errs := run(t, toysetup.Game{}, twoLocal(), Action{Seat: 0, Kind: ActResign}, Action{Seat: 1, Kind: ActJoin, Data: "h"})
	if errs[0] != nil || codeOf(errs[1]) != Conflict {
		t.Fatal(errs)
	}
}

func TestReplayGivesTheSameTableAndStopsAtABadAction(t *testing.T) {
	def := twoLocal()
	acts := []Action{{Seq: 0, AtMs: 1, Seat: 0, Kind: ActMove, Data: "c1c2"}, {Seq: 1, AtMs: 2, Seat: 1, Kind: ActMove, Data: "c5c4"}}
	tb, err := Replay(toysetup.Game{}, def, acts)
	if err != nil || tb.Pos.String() != "r...r/..k../...../..K../R...R 0" {
		t.Fatalf("replay: %v %v", tb.Pos, err)
	}
	p, err := tb.PositionAt(1)
	if err != nil || p.String() != "r.k.r/...../...../..K../R...R 1" {
		t.Fatalf("position after move 1: %v %v", p, err)
	}
	if _, err := tb.PositionAt(3); codeOf(err) != NotFound {
		t.Fatalf("position after move 3: %v", err)
	}
	bad := append(slices.Clone(acts), Action{Seq: 2, AtMs: 3, Seat: 1, Kind: ActMove, Data: "c4c3"})
	tb, err = Replay(toysetup.Game{}, def, bad)
	var re *ReplayError
	if !errors.As(err, &re) || re.Seq != 2 || len(tb.Log) != 2 {
		t.Fatalf("replay of a bad log: %v, %d actions kept", err, len(tb.Log))
	}
	if _, err := New(toysetup.Game{}, Def{Game: "toy", Seats: []Seat{{Kind: SeatLocal}}}); codeOf(err) != Invalid {
		t.Fatalf("a definition with too few seats: %v", err)
	}
}

// The time a server was down is charged to nobody: a resume at restart
// gives it back to the seat to move.
func TestResumeGivesBackTheDowntime(t *testing.T) {
	def := twoLocal()
	def.Clock = TimeControl{Initial: 60_000 * time.Millisecond}
	tb, errs := run(t, toysetup.Game{}, def,
		Action{Seat: 0, Kind: ActMove, Data: "c1c2", AtMs: 1000},
		Action{Seat: 1, Kind: ActMove, Data: "c5c4", AtMs: 3000},
		// seat 1 thinks; the server was last up at 10 s and back at 72 s:
		Action{Seat: 0, Kind: ActResume, Data: "10000", AtMs: 72_000},
		Action{Seat: 1, Kind: ActResume, Data: "10000", AtMs: 72_000}) // not its clock
	if errs[0] != nil || errs[1] != nil || errs[2] != nil || codeOf(errs[3]) != Conflict {
		t.Fatal(errs)
	}
	// 7 s before the fall, 62 s down (not charged), 1 s after it.
	if left := tb.Clock.Left(0, time.UnixMilli(73_000)); left != (60_000-8000)*time.Millisecond {
		t.Fatalf("seat 1 has %d ms left, want %d", left.Milliseconds(), 60_000-8000)
	}
	if tb.Clock.Flagged(0, time.UnixMilli(73_000)) {
		t.Fatal("flagged for the server's downtime")
	}
}

func TestAbortOnlyBeforeEverySeatHasMoved(t *testing.T) {
	tb, errs := run(t, toysetup.Game{}, twoLocal(), Action{Seat: 0, Kind: ActMove, Data: "c1c2"}, Action{Seat: 1, Kind: ActAbort})
	if errs[0] != nil || errs[1] != nil {
		t.Fatal(errs)
	}
	if o := tb.Outcome(); !o.Over || o.Reason != "aborted" || o.Winner() != game.NoPlayer || o.Results[0] != game.Ongoing {
		t.Fatalf("outcome %+v", o)
	}
	_, errs = run(t, toysetup.Game{}, twoLocal(), Action{Seat: 0, Kind: ActMove, Data: "c1c2"},
		Action{Seat: 1, Kind: ActMove, Data: "c5c4"}, Action{Seat: 0, Kind: ActAbort})
	if codeOf(errs[2]) != Conflict {
		t.Fatalf("abort after both moved: %v", errs[2])
	}
}

func TestTakebackNeedsTheOthersAndUndoesTheMoves(t *testing.T) {
	tb, errs := run(t, toysetup.Game{}, twoLocal(),
		Action{Seat: 1, Kind: ActTakeback}, // no move of its own yet
		Action{Seat: 0, Kind: ActMove, Data: "c1c2"},
		Action{Seat: 0, Kind: ActTakeback},   // asks
		Action{Seat: 1, Kind: ActTakebackNo}, // refuses
		Action{Seat: 0, Kind: ActTakeback},
		Action{Seat: 1, Kind: ActTakeback}) // agrees: c1c2 is undone
	want := []ErrorKind{Conflict, "", "", "", "", ""}
	for i, e := range errs {
		if codeOf(e) != want[i] {
			t.Fatalf("action %d: %v, want %q", i, e, want[i])
		}
	}
	if len(tb.Plies) != 0 || tb.Pos.String() != "r.k.r/...../...../...../R.K.R 0" || tb.Takeback != -1 {
		t.Fatalf("after the takeback: %d plies, %s", len(tb.Plies), tb.Pos)
	}
	// Asked by the seat not to move: its own move and the reply go back.
	tb, errs = run(t, toysetup.Game{}, twoLocal(), Action{Seat: 0, Kind: ActMove, Data: "c1c2"},
		Action{Seat: 1, Kind: ActMove, Data: "c5c4"}, Action{Seat: 0, Kind: ActMove, Data: "c2b2"},
		Action{Seat: 1, Kind: ActTakeback}, Action{Seat: 0, Kind: ActTakeback})
	for _, e := range errs {
		if e != nil {
			t.Fatal(errs)
		}
	}
	if len(tb.Plies) != 1 || tb.ToMove() != 1 {
		t.Fatalf("after seat 2's takeback: %d plies, seat %d to move", len(tb.Plies), tb.ToMove()+1)
	}
}

func TestClaimEndsTheGame(t *testing.T) {
	// Two seats: the reason names one opponent, not several.
	tb, errs := run(t, toysetup.Game{}, twoLocal(), Action{Seat: 0, Kind: ActClaim, Data: "win"})
	if errs[0] != nil {
		t.Fatal(errs)
	}
	if o := tb.Outcome(); !o.Over || o.Winner() != 0 || o.Reason != "opponent left the game" {
		t.Fatalf("outcome %+v", o)
	}
	tb, _ = run(t, toysetup.Game{}, twoLocal(), Action{Seat: 1, Kind: ActClaim, Data: "draw"})
	if o := tb.Outcome(); !o.Over || o.Results[0] != game.Draw {
		t.Fatalf("claimed draw: %+v", o)
	}
	_, errs = run(t, toysetup.Game{}, twoLocal(), Action{Seat: 1, Kind: ActClaim, Data: "everything"})
	if codeOf(errs[0]) != Malformed {
		t.Fatal(errs)
	}
}

// Clocks run only once every seat has made a first move: an invited player
// does not lose time before joining.
func TestClocksStartAfterEveryFirstMove(t *testing.T) {
	def := twoLocal()
	def.Clock = TimeControl{Initial: 60_000 * time.Millisecond}
	tb, errs := run(t, toysetup.Game{}, def, Action{Seat: 0, Kind: ActMove, Data: "c1c2", AtMs: 1000})
	if errs[0] != nil || tb.Clock.Running || tb.Clock.Flagged(1, time.UnixMilli(1_000_000)) {
		t.Fatalf("after White's first move: running %v", tb.Clock.Running)
	}
	if err := tb.Apply(Action{Seq: 1, AtMs: 500_000, Seat: 1, Kind: ActMove, Data: "c5c4"}); err != nil {
		t.Fatal(err)
	}
	if !tb.Clock.Running || tb.Clock.Remaining[1] != 60_000*time.Millisecond || tb.Clock.Left(0, time.UnixMilli(510_000)) != 50_000*time.Millisecond {
		t.Fatalf("after both first moves: running %v, clocks %v", tb.Clock.Running, tb.Clock.Remaining)
	}
}

// A correspondence game gives each move its days, however long the last
// move took.
func TestCorrespondenceDaysPerMove(t *testing.T) {
	def := twoLocal()
	def.Clock = TimeControl{Days: 2}
	const hour = 3600 * 1000
	tb, errs := run(t, toysetup.Game{}, def,
		Action{Seat: 0, Kind: ActMove, Data: "c1c2", AtMs: 1},
		Action{Seat: 1, Kind: ActMove, Data: "c5c4", AtMs: 30 * hour},
		Action{Seat: 0, Kind: ActMove, Data: "c2b2", AtMs: 70 * hour}) // 40 h for this move: within 2 days
	for _, e := range errs {
		if e != nil {
			t.Fatal(errs)
		}
	}
	if tb.Clock.Remaining[0] != 48*hour*time.Millisecond || tb.Clock.Left(1, time.UnixMilli(70*hour+47*hour)) != hour*time.Millisecond {
		t.Fatalf("clocks %v", tb.Clock.Remaining)
	}
	if !tb.Clock.Flagged(1, time.UnixMilli(70*hour+48*hour)) {
		t.Fatal("no flag after two days")
	}
	bad := twoLocal()
	bad.Clock = TimeControl{Days: 2, Initial: 1000 * time.Millisecond}
	if _, err := New(toysetup.Game{}, bad); codeOf(err) != Invalid {
		t.Fatalf("days and a clock: %v", err)
	}
}

// A takeback gives nobody time back: the seat that was thinking is charged
// for its thinking, and the clock of the seat to move after it runs on
// from the takeback.
func TestTakebackGivesNoTimeBack(t *testing.T) {
	def := Def{Game: "toy", Seats: []Seat{{Kind: SeatLocal}, {Kind: SeatLocal}}, Clock: TimeControl{Initial: time.Minute}}
	tb, errs := run(t, toysetup.Game{}, def,
		Action{Seat: 0, Kind: ActMove, Data: "c1c2", AtMs: 1000},
		Action{Seat: 1, Kind: ActMove, Data: "c5c4", AtMs: 2000}, // the clocks start
		Action{Seat: 0, Kind: ActMove, Data: "c2b2", AtMs: 5000}, // seat 1 thinks from here
		Action{Seat: 1, Kind: ActTakeback, AtMs: 20000},
		Action{Seat: 0, Kind: ActTakeback, AtMs: 30000}) // agreed: c5c4 and c2b2 go back
	for _, e := range errs {
		if e != nil {
			t.Fatal(errs)
		}
	}
	if len(tb.Plies) != 1 || tb.ToMove() != 1 {
		t.Fatalf("after the takeback: %d plies, seat %d to move", len(tb.Plies), tb.ToMove()+1)
	}
	if got := tb.Clock.Left(1, time.UnixMilli(30000)); got != 35*time.Second {
		t.Fatalf("seat 2 has %v after thinking 25 s, want 35s", got)
	}
	if got := tb.Clock.Left(1, time.UnixMilli(31000)); got != 34*time.Second {
		t.Fatalf("seat 2's clock does not run on: %v", got)
	}
	if tb.Clock.Remaining[0] != 57*time.Second {
		t.Fatalf("seat 1 has %v, want the 57s it had", tb.Clock.Remaining[0])
	}
}

// A berserk seat starts with half the time and gets no increment; the
// other seats keep theirs.
func TestBerserkHalvesASeatsClock(t *testing.T) {
	c := NewClock(TimeControl{Initial: time.Minute, Increment: 2 * time.Second}, 2)
	c.GoBerserk([]bool{true, false})
	if c.Remaining[0] != 30*time.Second || c.Remaining[1] != time.Minute {
		t.Fatalf("remaining %v", c.Remaining)
	}
	at := time.Unix(1000, 0)
	c.Moved(0, at, false)
	c.Moved(1, at.Add(time.Second), true)
	c.Moved(0, at.Add(3*time.Second), false)
	c.Moved(1, at.Add(4*time.Second), false)
	if c.Remaining[0] != 28*time.Second || c.Remaining[1] != time.Minute+2*time.Second-time.Second {
		t.Fatalf("after moves: %v", c.Remaining)
	}
	days := NewClock(TimeControl{Days: 2}, 2)
	days.GoBerserk([]bool{true, false})
	if days.Berserk != nil || days.Remaining[0] != 48*time.Hour {
		t.Fatalf("a correspondence clock went berserk: %v", days.Remaining)
	}
}
