package server

import (
	"context"
	"io"
	"net/http"
	"strconv"
	"strings"
	"testing"
	"time"

	"wyrm/internal/buildinfo"
	"wyrm/internal/pgtest"
	"wyrm/server/cluster"
	"wyrm/server/play"
	"wyrm/server/store"
	"wyrm/server/table"
)

// A node cut off from its database says so on /healthz, and goes on saying
// so after it has dropped its games (when it has no lease left to renew);
// once the database is back it is healthy again.
func TestClusterHealthFollowsTheDatabase(t *testing.T) {
	url := pgtest.NewDB(t)
	relay, through := pgtest.NewRelay(t, url)
	a := startNode(t, through, "a")
	a.create(play.CreateRequest{Game: "toy", Seats: []table.Seat{{Kind: table.SeatLocal}, {Kind: table.SeatLocal}}})
	if code, body := a.get("/healthz"); code != http.StatusOK || !strings.Contains(body, `"version":"`+buildinfo.Version()+`"`) {
		t.Fatalf("healthz before the cut: %d %s", code, body)
	}
	relay.Cut()
	waitFor(t, "a to report the lost database", func() bool {
		code, _ := a.get("/healthz")
		return code == http.StatusServiceUnavailable
	})
	waitFor(t, "a to drop its games", func() bool { return a.srv.hall.Cluster().Stats().Owned == 0 })
	// Several renewals with nothing held: none may pass for a success.
	deadline := time.Now().Add(3 * testTTL)
	for time.Now().Before(deadline) {
		if code, body := a.get("/healthz"); code != http.StatusServiceUnavailable {
			t.Fatalf("healthz without a database, holding nothing: %d %s", code, body)
		}
		time.Sleep(testTTL / 8)
	}
	relay.Mend()
	waitFor(t, "a to be healthy again", func() bool {
		code, _ := a.get("/healthz")
		return code == http.StatusOK
	})
}

// A node that lost a game (frozen past its lease) and takes it back when
// the new owner dies gives the player to move back the time nobody ran
// the game, as any other takeover does.
func TestClusterRetakenGameGivesClockTimeBack(t *testing.T) {
	url := pgtest.NewDB(t)
	a, b := startNode(t, url, "a"), startNode(t, url, "b")
	cr := a.create(play.CreateRequest{Game: "toy", Seats: []table.Seat{{Kind: table.SeatLocal}, {Kind: table.SeatLocal}},
		Clock: table.TimeControl{Initial: 600_000 * time.Millisecond}})
	c := a.dial(cr.ID, cr.Tokens[0], cr.Tokens[1])
	for i, mv := range []string{"c1c2", "c5c4"} {
		c.send(map[string]any{"type": "move", "move": mv, "id": i + 2})
		c.expect("ack")
	}
	// a's lease runs out behind its back (as a frozen node's does) and b
	// takes the game; a finds out and lets it go.
	st := a.st.(store.Cluster)
	ctx := context.Background()
	waitFor(t, "b to take the game", func() bool {
		if term := a.srv.hall.Cluster().Term(cr.ID); term != 0 {
			_ = st.Renew(ctx, cr.ID, "a", term, time.Millisecond)
		}
		time.Sleep(5 * time.Millisecond)
		b.get("/api/games/" + cr.ID)
		return b.srv.session(cr.ID) != nil
	})
	waitFor(t, "a to let the game go", func() bool { return a.srv.session(cr.ID) == nil })
	before := len(storedLog(t, a, cr.ID))
	b.crash()
	crashed := time.Now().UnixMilli()
	if code, body := a.get("/api/games/" + cr.ID); code != 200 || !strings.Contains(body, `"text":"c5c4"`) {
		t.Fatalf("a taking the game back: %d %s", code, body)
	}
	log := storedLog(t, a, cr.ID)
	if len(log) != before+1 || log[before].Kind != table.ActResume {
		t.Fatalf("after a took the game back the log is %+v; want a resume after %d actions", log, before)
	}
	down, err := strconv.ParseInt(log[before].Data, 10, 64)
	if err != nil || down <= 0 || down > crashed {
		t.Errorf("the clock resumes from %q; want b's last heartbeat, before its crash at %d", log[before].Data, crashed)
	}
}

// A request a node forwarded long ago (it froze in between) is refused by
// the owner and changes nothing; a fresh one is served.
func TestClusterRefusesALateForwardedRequest(t *testing.T) {
	url := pgtest.NewDB(t)
	a := startNode(t, url, "a")
	cr := a.create(play.CreateRequest{Game: "toy", Seats: []table.Seat{{Kind: table.SeatLocal}, {Kind: table.SeatInvite}}})
	join := func(sent time.Time) (int, string) {
		body := `{"seat":1,"invite":"` + cr.Invites[1] + `"}`
		r, _ := http.NewRequest("POST", a.http.URL+"/api/games/"+cr.ID+"/join", strings.NewReader(body))
		r.Header.Set("Content-Type", "application/json")
		r.Header.Set(cluster.HeaderPeer, a.srv.hall.Cluster().Secret())
		r.Header.Set(cluster.HeaderClient, "198.51.100.7")
		r.Header.Set(cluster.HeaderSent, strconv.FormatInt(sent.UnixMilli(), 10))
		resp, err := http.DefaultClient.Do(r)
		if err != nil {
			t.Fatal(err)
		}
		defer resp.Body.Close()
		b, _ := io.ReadAll(resp.Body)
		return resp.StatusCode, string(b)
	}
	code, body := join(time.Now().Add(-cluster.MaxForwardAge - 6*time.Second))
	if code != http.StatusServiceUnavailable || !strings.Contains(body, "not applied") {
		t.Errorf("a late forwarded join: %d %s", code, body)
	}
	if log := storedLog(t, a, cr.ID); len(log) != 0 {
		t.Fatalf("a late forwarded join was stored: %+v", log)
	}
	if code, body := join(time.Now()); code != 200 {
		t.Errorf("a fresh forwarded join: %d %s", code, body)
	}
}

// A node that resumes from a pause relays nothing more of the websockets
// it forwards: a move that waited in its socket is never applied, and the
// client, hung up, reconnects and plays on.
func TestClusterPausedNodeRelaysNoLateMove(t *testing.T) {
	url := pgtest.NewDB(t)
	a, b := startNode(t, url, "a"), startNode(t, url, "b")
	cr := a.create(play.CreateRequest{Game: "toy", Seats: []table.Seat{{Kind: table.SeatLocal}, {Kind: table.SeatLocal}}})
	c := b.dial(cr.ID, cr.Tokens[0], cr.Tokens[1])
	b.srv.hall.Cluster().Paused(10 * time.Second)
	c.send(map[string]any{"type": "move", "move": "c1c2", "id": 7})
	ctx, cancel := context.WithTimeout(context.Background(), 5*time.Second)
	defer cancel()
	for {
		_, msg, err := c.conn.Read(ctx)
		if err != nil {
			if ctx.Err() != nil {
				t.Fatal("the paused node's forwarded websocket stayed open")
			}
			break
		}
		if strings.Contains(string(msg), `"ack"`) {
			t.Fatalf("a move relayed after a pause was acknowledged: %s", msg)
		}
	}
	time.Sleep(200 * time.Millisecond) // anything relayed would be stored by now
	if log := storedLog(t, a, cr.ID); len(log) != 0 {
		t.Fatalf("a move relayed after a pause was stored: %+v", log)
	}
	waitFor(t, "b to see the pause over", func() bool {
		code, _ := b.get("/api/games/" + cr.ID)
		return code == http.StatusOK
	})
	c = b.dial(cr.ID, cr.Tokens[0], cr.Tokens[1])
	c.send(map[string]any{"type": "move", "move": "c1c2", "id": 8})
	c.expect("ack")
}
