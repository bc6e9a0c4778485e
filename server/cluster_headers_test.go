package server

import (
	"net/http"
	"testing"

	"wyrm/internal/pgtest"
	"wyrm/server/play"
	"wyrm/server/table"
)

// An answer forwarded from the game's owner carries each security header
// once, as an answer of the node itself does: the forwarding node's own,
// not the owner's repeated after them (finding 11 of issue 32).
func TestClusterForwardedAnswersCarryTheSecurityHeadersOnce(t *testing.T) {
	url := pgtest.NewDB(t)
	behindProxy := func(c *Config) { c.ProxyHeader = "X-Forwarded-For" }
	a, b := startNodeWith(t, url, "a", behindProxy), startNodeWith(t, url, "b", behindProxy)
	cr := a.create(play.CreateRequest{Game: "toy", Seats: []table.Seat{{Kind: table.SeatLocal}, {Kind: table.SeatLocal}}})
	req, _ := http.NewRequest("GET", b.http.URL+"/api/games/"+cr.ID, nil)
	req.Header.Set("X-Forwarded-For", "198.51.100.7")
	req.Header.Set("X-Forwarded-Proto", "https")
	resp, err := http.DefaultClient.Do(req)
	if err != nil {
		t.Fatal(err)
	}
	resp.Body.Close()
	if resp.StatusCode != 200 || b.srv.hall.Cluster().Stats().Forwarded == 0 {
		t.Fatalf("state through b: %d, forwarded %d", resp.StatusCode, b.srv.hall.Cluster().Stats().Forwarded)
	}
	for _, k := range []string{"Content-Security-Policy", "X-Frame-Options", "X-Content-Type-Options", "Referrer-Policy",
		"Cross-Origin-Opener-Policy", "Strict-Transport-Security"} {
		if v := resp.Header.Values(k); len(v) != 1 {
			t.Errorf("%s %d times in a forwarded answer: %q", k, len(v), v)
		}
	}
}
