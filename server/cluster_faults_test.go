package server

import (
	"net/http"
	"testing"
	"time"

	"wyrm/internal/pgtest"
	"wyrm/server/play"
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
