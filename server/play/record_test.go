package play

import (
	"math/rand/v2"
	"reflect"
	"strings"
	"testing"
	"time"

	"wyrm/game"
	toygame "wyrm/internal/toysetup"
	"wyrm/record"
	"wyrm/server/table"
)

// playedSession plays a game through session actions: the setup by the
// setup's own suggestions, then random legal moves, seats resigning before
// the plies in resignAt, and last the action end ("resign", "timeout",
// "draw" or "" to leave the game in play).
func playedSession(t *testing.T, srv *Hall, def table.Def, plies int, resignAt map[int]int, end string) *session {
	t.Helper()
	s, err := newSession(srv, "rec", 1_700_000_000_000, def, nil)
	if err != nil {
		t.Fatal(err)
	}
	at := int64(0)
	act := func(seat int, kind, data string) {
		t.Helper()
		at += 10
		a := table.Action{Seq: len(s.t.Log), AtMs: at, Seat: seat, Kind: kind, Data: data}
		if err := s.t.Apply(a); err != nil {
			t.Fatalf("%s %s by seat %d: %v", kind, data, seat+1, err)
		}
	}
	for s.t.Setup != nil {
		for _, p := range s.t.Setup.Waiting() {
			c, err := s.t.Setup.Suggest(p)
			if err != nil {
				t.Fatal(err)
			}
			act(int(p), table.ActSetup, c)
		}
	}
	rng := rand.New(rand.NewPCG(uint64(plies), 1))
	for ply := 0; ply < plies && !s.t.Outcome().Over; ply++ {
		if seat, ok := resignAt[ply]; ok {
			act(seat, table.ActResign, "")
		}
		moves := s.t.Pos.LegalMoves(nil)
		act(int(s.t.Pos.ToMove()), table.ActMove, s.t.Pos.MoveString(moves[rng.IntN(len(moves))]))
	}
	switch end {
	case "resign":
		act(int(s.t.ToMove()), table.ActResign, "")
	case "timeout":
		at += def.Clock.Initial.Milliseconds() * 10
		act(int(s.t.ToMove()), table.ActTimeout, "")
	case "draw":
		for i := range def.Seats {
			act(i, table.ActDrawOffer, "")
		}
	}
	return s
}

func TestServerRecordsReadBack(t *testing.T) {
	srv := testHall(t, nil, toygame.Game{}, realGame(t, "dragon"), realGame(t, "dragonchess"), realGame(t, "dungeon"))
	seats := func(n int) []table.Seat { return make([]table.Seat, n) }
	cases := []struct {
		name     string
		def      table.Def
		plies    int
		resignAt map[int]int
		end      string
		term     record.Termination
		reason   string
	}{
		{"toy, resigned", table.Def{Game: "toy", Seats: seats(2)}, 6, nil, "resign", record.Normal, "resignation"},
		{"dragon in play", table.Def{Game: "dragon", Seats: seats(2)}, 40, nil, "", record.Unterminated, ""},
		{"dragon on time", table.Def{Game: "dragon", Seats: seats(2), Clock: table.TimeControl{Initial: 60_000 * time.Millisecond, Increment: 1000 * time.Millisecond}}, 21, nil, "timeout", record.TimeForfeit, "time"},
		{"dragon agreed drawn", table.Def{Game: "dragon", Seats: seats(2)}, 10, nil, "draw", record.Normal, "agreement"},
		{"dragonchess", table.Def{Game: "dragonchess", Seats: seats(2)}, 30, nil, "resign", record.Normal, "resignation"},
		{"dungeon, two seats", table.Def{Game: "dungeon", Seats: seats(2)}, 40, nil, "", record.Unterminated, ""},
		{"dungeon, four seats, one resigns and play goes on", table.Def{Game: "dungeon", Options: game.Options{"players": "4"}, Seats: seats(4)},
			60, map[int]int{13: 2}, "", record.Unterminated, ""},
		{"dungeon, three seats, all but one resign", table.Def{Game: "dungeon", Options: game.Options{"players": "3"}, Seats: seats(3)},
			30, map[int]int{5: 0}, "resign", record.Normal, "resignation"},
	}
	for _, c := range cases {
		for i := range c.def.Seats {
			c.def.Seats[i].Kind = table.SeatLocal
		}
		s := playedSession(t, srv, c.def, c.plies, c.resignAt, c.end)
		text := s.record()
		recs, err := record.Parse(text)
		if err != nil || len(recs) != 1 {
			t.Fatalf("%s: %d records, %v\n%s", c.name, len(recs), err, text)
		}
		r := recs[0]
		if r.Termination != c.term || r.Reason != c.reason {
			t.Errorf("%s: Termination %q Reason %q, want %q %q", c.name, r.Termination, r.Reason, c.term, c.reason)
		}
		o := s.t.Outcome()
		if !reflect.DeepEqual(r.Results, o.Results[:len(c.def.Seats)]) || len(r.Moves) != len(s.t.Plies) || r.Game != c.def.Game {
			t.Errorf("%s: read results %v, %d moves; the game has %v, %d\n%s", c.name, r.Results, len(r.Moves), o.Results, len(s.t.Plies), text)
		}
		pos, err := r.Replay(srv.games[c.def.Game], nil)
		if err != nil {
			t.Fatalf("%s: %v\n%s", c.name, err, text)
		}
		if pos.String() != s.t.Pos.String() || r.Tag("Position") != s.t.Pos.String() {
			t.Errorf("%s: replay ends in\n%s\nthe game in\n%s", c.name, pos, s.t.Pos)
		}
		if len(c.resignAt) > 0 && c.end == "" && !strings.Contains(text, "[Left ") {
			t.Errorf("%s: no Left tag:\n%s", c.name, text)
		}
	}
}
