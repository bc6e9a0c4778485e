package server

import (
	"slices"
	"testing"

	"wyrm/internal/pgtest"
	"wyrm/server/account"
	"wyrm/server/play"
	"wyrm/server/table"
)

// startChatNode is startNode with accounts and chat in the shared database.
func startChatNode(t *testing.T, url, name string) *harness {
	t.Helper()
	return startNodeWith(t, url, name, func(c *Config) {
		openTestAccounts(t, c, account.Config{})
		openTestChat(t, c)
	})
}

// Chat works through any node: a player connected through another node
// than the game's owner talks with one connected to the owner; a block
// made on one node keeps messages from the blocker on the other; and what
// was said is there after the owner dies and another node takes the game.
func TestClusterChatThroughAnyNode(t *testing.T) {
	url := pgtest.NewDB(t)
	a, b := startChatNode(t, url, "a"), startChatNode(t, url, "b")
	alice, bob := signUp(t, a.http.URL, "alice"), signUp(t, b.http.URL, "bob")
	_, cr := alice.post("/api/games", play.CreateRequest{Game: "toy", Seats: []table.Seat{{Kind: table.SeatLocal}, {Kind: table.SeatOpen}}})
	id := cr["id"].(string)
	if code, out := bob.post("/api/games/"+id+"/join", map[string]int{"seat": 1}); code != 200 {
		t.Fatalf("bob joins through b: %d %v", code, out)
	}
	wa := &chatConn{wsClient: dialAs(t, alice, a.http.URL, id)}
	wb := &chatConn{wsClient: dialAs(t, bob, b.http.URL, id)} // forwarded to a
	wa.waitState(func(s play.State) bool { return len(s.You) == 1 })
	wb.waitState(func(s play.State) bool { return len(s.You) == 1 })
	wa.mustSay("players", "hello from a")
	wb.read(func(map[string]any) bool { return wb.heard("hello from a") })

	// Alice's cookies were set by a; she blocks bob through b.
	aliceOnB := newBrowserClient(t, b.http.URL)
	aliceOnB.hc.Jar, aliceOnB.csrf = alice.hc.Jar, alice.csrf
	if code, out := aliceOnB.post("/api/chat/blocks", map[string]any{"name": "bob", "block": true}); code != 200 {
		t.Fatalf("block through b: %d %v", code, out)
	}
	wb.mustSay("players", "blocked words")
	wa.mustSay("players", "quiet now")
	if wa.heard("blocked words") {
		t.Fatal("alice heard bob after blocking him on the other node")
	}

	a.crash()
	if code, body := b.get("/api/games/" + id); code != 200 {
		t.Fatalf("b takes the game: %d %s", code, body)
	}
	wa2 := &chatConn{wsClient: dialAs(t, alice, b.http.URL, id)}
	wa2.waitState(func(s play.State) bool { return len(s.You) == 1 })
	if hist := wa2.history(); !slices.Equal(hist.texts(), []string{"alice: hello from a", "alice: quiet now"}) {
		t.Fatalf("alice's history after the takeover: %q", hist.texts())
	}
}
