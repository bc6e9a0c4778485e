package server

import (
	"context"
	"net/http"
	"strconv"
	"strings"
	"testing"
	"time"

	"wyrm/internal/pgtest"
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
	if code, _ := a.get("/healthz"); code != http.StatusOK {
		t.Fatalf("healthz before the cut: %d", code)
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
