package server

import (
	"context"
	"encoding/json"
	"net/http"
	"strings"
	"testing"
	"time"

	"github.com/coder/websocket"

	"wyrm/internal/pgtest"
	"wyrm/server/account"
	"wyrm/server/play"
	"wyrm/server/store"
	"wyrm/server/table"
)

// startAccountNode is startNode with accounts in the shared database.
func startAccountNode(t *testing.T, url, name string) *harness {
	t.Helper()
	return startNodeWith(t, url, name, func(c *Config) {
		openTestAccounts(t, c, account.Config{})
	})
}

// dialAs opens a websocket to game id through base with b's cookies.
func dialAs(t *testing.T, b *browserClient, base, id string) *wsClient {
	t.Helper()
	hdr := http.Header{}
	req, _ := http.NewRequest("GET", b.base, nil)
	for _, c := range b.hc.Jar.Cookies(req.URL) {
		hdr.Add("Cookie", c.Name+"="+c.Value)
	}
	ctx, cancel := context.WithTimeout(context.Background(), 5*time.Second)
	defer cancel()
	conn, _, err := websocket.Dial(ctx, strings.Replace(base, "http", "ws", 1)+"/ws/"+id, &websocket.DialOptions{HTTPHeader: hdr})
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { conn.CloseNow() })
	return &wsClient{t: t, conn: conn}
}

// Accounts work through any node: a player signed in on one node creates a
// rated game there, another signed in on the other node joins it, and each
// one's seat follows their account over a websocket forwarded to the
// owner; the result counts once the game ends.
func TestClusterAccountsPlayThroughAnyNode(t *testing.T) {
	url := pgtest.NewDB(t)
	a, b := startAccountNode(t, url, "a"), startAccountNode(t, url, "b")
	alice, bob := newBrowserClient(t, a.http.URL), newBrowserClient(t, b.http.URL)
	if code, _ := alice.post("/api/account/signup", map[string]string{"name": "alice", "password": "correct horse"}); code != 200 {
		t.Fatal("alice's sign-up")
	}
	if code, _ := bob.post("/api/account/signup", map[string]string{"name": "bob", "password": "battery staple"}); code != 200 {
		t.Fatal("bob's sign-up")
	}
	code, cr := alice.post("/api/games", play.CreateRequest{Game: "toy", Rated: true, Seats: []table.Seat{{Kind: table.SeatLocal}, {Kind: table.SeatOpen}}})
	if code != 201 {
		t.Fatalf("rated game on a: %d %v", code, cr)
	}
	id := cr["id"].(string)
	if code, out := bob.post("/api/games/"+id+"/join", map[string]int{"seat": 1}); code != 200 {
		t.Fatalf("bob joins through b: %d %v", code, out)
	}
	// Alice's cookies were set by a; she reaches the game through b.
	wa, wb := dialAs(t, alice, b.http.URL, id), dialAs(t, bob, b.http.URL, id)
	wa.waitState(func(s play.State) bool { return len(s.You) == 1 && s.You[0] == 0 })
	wb.waitState(func(s play.State) bool { return len(s.You) == 1 && s.You[0] == 1 })
	for i, mv := range []string{"c1c2", "c5c4"} {
		c := []*wsClient{wa, wb}[i]
		c.send(map[string]any{"type": "move", "move": mv})
		c.expect("ack")
	}
	wb.send(map[string]any{"type": "resign"})
	wb.expect("ack")
	_, prof := bob.get("/api/players/alice")
	if r, _ := prof["ratings"].([]any); len(r) != 1 {
		t.Fatalf("alice's profile through b: %v", prof)
	}
}

// A rated game that ended on a node that died before recording its result
// gets it recorded by the node that takes the game over.
func TestClusterRecordsWhatADeadOwnerDidNot(t *testing.T) {
	url := pgtest.NewDB(t)
	b := startAccountNode(t, url, "b")
	var ids [2]int64
	for i, name := range []string{"alice", "bob"} {
		ids[i] = signUp(t, b.http.URL, name).userID()
	}
	// The dead node's work, as it left it in the database: the game, its
	// moves and the resignation that ended it, and a lease run out.
	ctx := context.Background()
	st := b.st.(store.Cluster)
	def, _ := json.Marshal(table.Def{Game: "toy", Rated: true, Seats: []table.Seat{{Kind: table.SeatLocal, UserID: ids[0]}, {Kind: table.SeatLocal, UserID: ids[1]}}})
	term, err := st.CreateLeased(ctx, store.Game{ID: "deadbeef0001", CreatedMs: time.Now().UnixMilli(), Def: def}, "dead", 50*time.Millisecond)
	if err != nil {
		t.Fatal(err)
	}
	now := time.Now().UnixMilli()
	for i, a := range []store.Action{{Kind: "move", Seat: 0, Data: "c1c2"}, {Kind: "move", Seat: 1, Data: "c5c4"}, {Kind: "resign", Seat: 1}} {
		a.Seq, a.AtMs = i, now
		if err := st.AppendFenced(ctx, "deadbeef0001", term, a); err != nil {
			t.Fatal(err)
		}
	}
	c := newBrowserClient(t, b.http.URL)
	var prof map[string]any
	rated := func() bool {
		_, prof = c.get("/api/players/alice")
		ratings, _ := prof["ratings"].([]any)
		return len(ratings) == 1 && ratings[0].(map[string]any)["rating"].(float64) > 1500
	}
	for deadline := time.Now().Add(5 * time.Second); !rated(); time.Sleep(50 * time.Millisecond) {
		if time.Now().After(deadline) {
			t.Fatalf("alice's profile 5 s after her game's owner died: %v", prof)
		}
	}
}
