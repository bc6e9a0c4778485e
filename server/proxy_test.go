package server

import (
	"bytes"
	"encoding/json"
	"fmt"
	"net/http"
	"testing"

	"wyrm/internal/toysetup"
	"wyrm/server/httpkit"
	"wyrm/server/play"
	"wyrm/server/table"
)

// Behind a trusted proxy the client is the address the proxy appended, the
// last of X-Forwarded-For: whatever a client writes before it, its limits
// are its own (finding 5 of issue 32; the code already did this, and this
// test keeps it so).
func TestProxyHeaderTakesTheLastAddress(t *testing.T) {
	h := newHarnessWith(t, "", func(c *Config) {
		c.ProxyHeader = "X-Forwarded-For"
		c.Limits = httpkit.Limits{CreatePerMinute: 2, CreateBurst: 2}
	}, toysetup.Game{})
	create := func(forwarded string) int {
		raw, _ := json.Marshal(play.CreateRequest{Game: "toy", Seats: []table.Seat{{Kind: table.SeatLocal}, {Kind: table.SeatOpen}}})
		req, _ := http.NewRequest("POST", h.http.URL+"/api/games", bytes.NewReader(raw))
		req.Header.Set("Content-Type", "application/json")
		req.Header.Set("X-Forwarded-For", forwarded)
		resp, err := http.DefaultClient.Do(req)
		if err != nil {
			t.Fatal(err)
		}
		resp.Body.Close()
		return resp.StatusCode
	}
	for i := range 3 {
		want := 201
		if i == 2 {
			want = 429
		}
		// A different forged first address each time, the same appended one.
		if code := create(fmt.Sprintf("10.9.8.%d, 198.51.100.7", i)); code != want {
			t.Fatalf("game %d with a forged first address: %d, want %d", i+1, code, want)
		}
	}
	if code := create("198.51.100.8"); code != 201 {
		t.Fatalf("another client behind the proxy: %d", code)
	}
}
