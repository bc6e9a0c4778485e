package play

import (
	"context"
	"strings"
	"testing"

	toy "wyrm/internal/toysetup"

	"wyrm/server/bots"
	"wyrm/server/secret"
	"wyrm/server/table"
)

// FuzzBotMove feeds arbitrary move strings to the bot API's move, as
// POST /api/bot/game/{id}/move/{move} does: a move refused changes neither
// the log nor the position, and one taken is the game's own spelling of a
// legal move.
func FuzzBotMove(f *testing.F) {
	for _, s := range []string{"a1a2", "c1c2", "Kc2", "a5a4", "", " ", "a1a2 ", "a1a2\x00", strings.Repeat("a", 65), "é", "a1a2/b", "@", "--"} {
		f.Add(s, false)
		f.Add(s, true)
	}
	srv := testHall(f, nil, toy.Game{})
	f.Fuzz(func(t *testing.T, mv string, asOther bool) {
		id := secret.ID()
		def := table.Def{Game: "toy", Seats: []table.Seat{{Kind: table.SeatLocal, UserID: 7}, {Kind: table.SeatLocal, UserID: 8}}}
		s, err := srv.add(context.Background(), id, def, nil, "")
		if err != nil {
			t.Fatal(err)
		}
		user := int64(7)
		if asOther {
			user = 8
		}
		s.mu.Lock()
		before, pos := len(s.t.Log), s.t.Pos.String()
		s.mu.Unlock()
		err = bots.CheckMove(mv)
		if err == nil {
			err = botGames{srv}.Move(id, user, mv)
		}
		s.mu.Lock()
		defer s.mu.Unlock()
		if err != nil {
			if len(s.t.Log) != before || s.t.Pos.String() != pos {
				t.Fatalf("move %q refused (%v) but the game changed", mv, err)
			}
			return
		}
		if asOther || len(s.t.Plies) != 1 || s.t.Plies[0].Seat != 0 {
			t.Fatalf("move %q taken: plies %+v", mv, s.t.Plies)
		}
	})
}
