package server

import (
	"context"
	"errors"
	"testing"
	"time"

	"github.com/coder/websocket"

	"wyrm/internal/pgtest"
	"wyrm/server/challenge"
	"wyrm/server/play"
	"wyrm/server/table"
)

// endWithin is how soon a connection must end once its credentials have:
// the watcher checks every two seconds, so this leaves it two tries.
const endWithin = 6 * time.Second

// wsEnds waits for c's websocket to be closed by the server because its
// credentials ended.
func wsEnds(t *testing.T, c *wsClient, what string) {
	t.Helper()
	ctx, cancel := context.WithTimeout(context.Background(), endWithin)
	defer cancel()
	for {
		_, _, err := c.conn.Read(ctx)
		if err == nil {
			continue
		}
		var ce websocket.CloseError
		if !errors.As(err, &ce) || ce.Code != websocket.StatusPolicyViolation {
			t.Fatalf("%s: the websocket did not close for the sign-out within %v: %v", what, endWithin, err)
		}
		return
	}
}

// streamEnds waits for an event stream to end.
func streamEnds(t *testing.T, er *eventReader, what string) {
	t.Helper()
	select {
	case <-er.done:
	case <-time.After(endWithin):
		t.Fatalf("%s: the event stream was still open %v after the sign-out", what, endWithin)
	}
}

// checkCredentialsEnd opens, through conn, connections with credentials
// that then end through change (both nodes' addresses; the same one on a
// single server), and checks that each connection ends within seconds:
// finding 1 of issue 32.
func checkCredentialsEnd(t *testing.T, change, conn string) {
	// Signing out everywhere ends another browser's websocket and stream.
	home := signUp(t, change, "alice")
	away := newBrowserClient(t, conn)
	if code, out := away.post("/api/account/login", map[string]string{"name": "alice", "password": "a long password"}); code != 200 {
		t.Fatalf("sign-in: %d %v", code, out)
	}
	code, cr := home.post("/api/games", play.CreateRequest{Game: "toy", Seats: []table.Seat{{Kind: table.SeatLocal}, {Kind: table.SeatOpen}}})
	if code != 201 {
		t.Fatalf("create: %d %v", code, cr)
	}
	ws := dialAs(t, away, conn, cr["id"].(string))
	ws.expect("state")
	events := openStream(t, away, conn)
	if code, out := home.post("/api/account/logout-all", map[string]any{}); code != 200 {
		t.Fatalf("sign out everywhere: %d %v", code, out)
	}
	wsEnds(t, ws, "sign out everywhere")
	streamEnds(t, events.eventReader, "sign out everywhere")

	// A password change ends the other sessions' connections.
	if code, _ := home.post("/api/account/login", map[string]string{"name": "alice", "password": "a long password"}); code != 200 {
		t.Fatal("sign in again")
	}
	if code, _ := away.post("/api/account/login", map[string]string{"name": "alice", "password": "a long password"}); code != 200 {
		t.Fatal("sign in again, away")
	}
	ws = dialAs(t, away, conn, cr["id"].(string))
	ws.expect("state")
	events = openStream(t, away, conn)
	if code, out := home.post("/api/account/password", map[string]string{"old": "a long password", "new": "another long one"}); code != 200 {
		t.Fatalf("password: %d %v", code, out)
	}
	wsEnds(t, ws, "password change")
	streamEnds(t, events.eventReader, "password change")

	// Revoking a bot's token ends its event stream and its game's stream.
	owner, bot := makeBot(t, change, "robo")
	bot.base = conn
	botEvents := bot.stream("/api/stream/events")
	botEvents.next("hello")
	as := openStream(t, home, change)
	code, out := home.post("/api/challenges", seekBody(as, func(r *challenge.Request) { r.To, r.Seat = "robo", intp(0) }))
	if code != 201 {
		t.Fatalf("challenge: %d %v", code, out)
	}
	ch := botEvents.next("challenge")["challenge"].(map[string]any)
	if code, out := bot.do("POST", "/api/challenges/"+ch["id"].(string)+"/accept", map[string]any{}); code != 200 {
		t.Fatalf("accept: %d %v", code, out)
	}
	id := botEvents.next("gameStart")["game"].(map[string]any)["id"].(string)
	gameStream := bot.stream("/api/bot/game/" + id + "/stream")
	gameStream.next("gameFull")
	_, list := owner.get("/api/account/tokens")
	handle := list["tokens"].([]any)[0].(map[string]any)["id"].(string)
	if code, out := owner.post("/api/account/tokens/"+handle+"/revoke", map[string]any{}); code != 200 {
		t.Fatalf("revoke: %d %v", code, out)
	}
	for name, s := range map[string]*ndjson{"the bot's event stream": botEvents, "the bot's game stream": gameStream} {
		done := make(chan bool, 1)
		go func() { done <- s.ended() }()
		select {
		case ok := <-done:
			if !ok {
				t.Fatalf("%s outlived its token's revocation", name)
			}
		case <-time.After(endWithin):
			t.Fatalf("%s outlived its token's revocation by %v", name, endWithin)
		}
	}
	if code, _ := bot.do("POST", "/api/bot/game/"+id+"/resign", nil); code != 401 {
		t.Fatalf("a revoked token still acts: %d", code)
	}
}

func TestEndedCredentialsEndOpenConnections(t *testing.T) {
	h := newChallengeHarness(t, nil)
	checkCredentialsEnd(t, h.http.URL, h.http.URL)
}

// On a cluster the credentials end on one node and the connections are
// held by the other, which learns of it only from the database.
func TestClusterEndedCredentialsEndOpenConnections(t *testing.T) {
	url := pgtest.NewDB(t)
	a, b := startAccountNode(t, url, "a"), startAccountNode(t, url, "b")
	checkCredentialsEnd(t, a.http.URL, b.http.URL)
}
