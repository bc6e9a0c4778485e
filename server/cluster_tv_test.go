package server

import (
	"testing"
	"time"

	"github.com/coder/websocket"

	"wyrm/internal/pgtest"
	"wyrm/server/account"
	"wyrm/server/play"
	"wyrm/server/table"
)

// Every node's TV features the same game, wherever it is played, from the
// lobby entries the nodes publish: its players, the spectators its owner
// counts (watching through either node), and its end followed by the next.
func TestClusterTVOnEveryNode(t *testing.T) {
	url := pgtest.NewDB(t)
	start := func(name string) *harness {
		return startNodeWith(t, url, name, func(c *Config) {
			openTestAccounts(t, c, account.Config{})
			c.TVPause = 200 * time.Millisecond
		})
	}
	a, b := start("a"), start("b")
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
	nodes := map[string]*harness{"a": a, "b": b}
	for name, n := range nodes {
		waitForWithin(t, 10*time.Second, "the game on TV at "+name, func() bool {
			c := tvChannel(t, n.http.URL, "toy")
			return c.Featured != nil && c.Featured.ID == id && len(c.Featured.Seats) == 2 &&
				c.Featured.Seats[0].Name == "alice" && c.Featured.Seats[1].Name == "bob" && c.Featured.Seats[1].Rating == 1500
		})
	}
	// Spectators through each node count at the game's owner, and every
	// node's TV shows the count.
	w1, w2 := a.dial(id), b.dial(id)
	for name, n := range nodes {
		waitForWithin(t, 10*time.Second, "two spectators at "+name, func() bool {
			return tvChannel(t, n.http.URL, "toy").Featured.Spectators == 2
		})
	}
	w1.conn.Close(websocket.StatusNormalClosure, "")
	w2.conn.Close(websocket.StatusNormalClosure, "")
	for name, n := range nodes {
		waitForWithin(t, 10*time.Second, "no spectators at "+name, func() bool {
			return tvChannel(t, n.http.URL, "toy").Featured.Spectators == 0
		})
	}
	// The game ends on its owner; every node shows the result, then nothing.
	wa := dialAs(t, alice, a.http.URL, id)
	wa.waitState(func(s play.State) bool { return len(s.You) == 1 })
	wa.send(map[string]any{"type": "resign"})
	wa.expect("ack")
	for name, n := range nodes {
		waitForWithin(t, 10*time.Second, "nothing on TV after the end at "+name, func() bool {
			return tvChannel(t, n.http.URL, "toy").Featured == nil
		})
	}
}
