package server

import (
	"testing"

	"wyrm/internal/toysetup"
	"wyrm/server/play"
	"wyrm/server/table"
)

// A rated game starts from the game's own start: a chosen position or an
// imported record is refused as rated, with why, and creates nothing;
// the same game casual is made (finding 3 of issue 32).
func TestRatedGamesStartFromTheStandardStart(t *testing.T) {
	h := newAccountsHarness(t)
	alice := signUp(t, h.http.URL, "alice")
	seats := []table.Seat{{Kind: table.SeatLocal}, {Kind: table.SeatOpen}}
	start, err := toysetup.Game{}.Start(nil)
	if err != nil {
		t.Fatal(err)
	}
	code, cr := alice.post("/api/games", play.CreateRequest{Game: "toy", Seats: seats})
	if code != 201 {
		t.Fatalf("create: %d %v", code, cr)
	}
	code, rec := h.get("/api/games/" + cr["id"].(string) + "/record")
	if code != 200 {
		t.Fatalf("record: %d %s", code, rec)
	}
	before := h.srv.lobby.Len()
	for name, req := range map[string]play.CreateRequest{
		"a position": {Game: "toy", Seats: seats, Position: start.String()},
		"a record":   {Record: rec, Seats: seats},
	} {
		req.Rated = true
		code, out := alice.post("/api/games", req)
		if code != 400 || !contains(out["error"], "casual") {
			t.Fatalf("a rated game from %s: %d %v", name, code, out)
		}
		req.Rated = false
		if code, out := alice.post("/api/games", req); code != 201 {
			t.Fatalf("a casual game from %s: %d %v", name, code, out)
		}
	}
	if n := h.srv.lobby.Len(); n != before+2 {
		t.Fatalf("games made: %d, want the two casual ones", n-before)
	}
}
