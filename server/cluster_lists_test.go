package server

import (
	"testing"

	"wyrm/internal/pgtest"
	"wyrm/server/lists"
	"wyrm/server/play"
	"wyrm/server/table"
)

// The players' lists read the shared database: a rated game played on one
// node is in its players' lists, head to head and pool on another.
func TestClusterListsThroughAnyNode(t *testing.T) {
	url := pgtest.NewDB(t)
	a, b := startAccountNode(t, url, "a"), startAccountNode(t, url, "b")
	cs, _ := signUpAll(t, a, "alice", "bob")
	alice, bob := cs[0], cs[1]
	code, cr := alice.post("/api/games", play.CreateRequest{Game: "toy", Rated: true, Seats: []table.Seat{{Kind: table.SeatLocal}, {Kind: table.SeatOpen}}})
	if code != 201 {
		t.Fatalf("rated game: %d %v", code, cr)
	}
	id := cr["id"].(string)
	if code, out := bob.post("/api/games/"+id+"/join", map[string]int{"seat": 1}); code != 200 {
		t.Fatalf("bob joins: %d %v", code, out)
	}
	wa, wb := dialAs(t, alice, a.http.URL, id), dialAs(t, bob, a.http.URL, id)
	wa.waitState(func(s play.State) bool { return len(s.You) == 1 })
	wb.waitState(func(s play.State) bool { return len(s.You) == 1 })
	for i, mv := range []string{"c1c2", "c5c4"} {
		c := []*wsClient{wa, wb}[i]
		c.send(map[string]any{"type": "move", "move": mv})
		c.expect("ack")
	}
	wb.send(map[string]any{"type": "resign"})
	wb.expect("ack")
	var list gamesAnswer
	if code, _ := getJSON(t, b, "/api/players/bob/games?result=loss&rated=true&opponent=alice", &list); code != 200 ||
		len(list.Games) != 1 || list.Games[0].ID != id || *list.Games[0].Players[0].After <= 1500 {
		t.Fatalf("bob's games through b: %d %+v", code, list)
	}
	var h2h struct{ Total lists.RecordJSON }
	if getJSON(t, b, "/api/players/alice/vs/bob", &h2h); h2h.Total != (lists.RecordJSON{Won: 1, Rated: 1, Games: 1}) {
		t.Fatalf("head to head through b: %+v", h2h)
	}
	var board boardAnswer
	if code, _ := getJSON(t, b, "/api/leaderboard?game=toy&speed=correspondence", &board); code != 200 || len(board.Players) != 0 {
		t.Fatalf("a pool of new players through b: %d %+v", code, board)
	}
}
