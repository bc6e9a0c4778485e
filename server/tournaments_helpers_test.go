package server

import (
	"context"
	"encoding/json"
	"fmt"
	"sync"
	"testing"
	"time"

	"wyrm/internal/toysetup"
	"wyrm/server/account"
)

// fakeClock is a server clock a test moves by hand.
type fakeClock struct {
	mu sync.Mutex
	t  time.Time
}

func (c *fakeClock) now() time.Time {
	c.mu.Lock()
	defer c.mu.Unlock()
	return c.t
}

func (c *fakeClock) add(d time.Duration) {
	c.mu.Lock()
	c.t = c.t.Add(d)
	c.mu.Unlock()
}

// newTournamentHarness is a server with accounts on SQLite whose clock is
// clock and whose tournament director runs only when the test calls
// tick; set changes its Config first.
func newTournamentHarness(t *testing.T, clock *fakeClock, set func(*Config)) *harness {
	return newHarnessWith(t, "", func(c *Config) {
		openTestAccounts(t, c, account.Config{Now: clock.now})
		c.Now = clock.now
		c.Tournaments.Every = time.Hour
		c.Limits.ReadsPerMinute, c.Limits.ReadsBurst = 60000, 10000 // the tests poll the standings
		if set != nil {
			set(c)
		}
	}, toysetup.Game{})
}

// tick runs one pass of the harness's tournament director.
func (h *harness) tick() { h.srv.tournaments.Tick(context.Background()) }

// tournamentView is GET /api/tournaments/{id} as tests read it.
type tournamentView struct {
	Status    string `json:"status"`
	Round     int    `json:"round"`
	Standings []struct {
		Rank     int    `json:"rank"`
		Name     string `json:"name"`
		Score    int    `json:"score"`
		Games    int    `json:"games"`
		Streak   int    `json:"streak"`
		Berserks int    `json:"berserks"`
		State    string `json:"state"`
		Playing  string `json:"playing"`
		Buchholz int    `json:"buchholz"`
	} `json:"standings"`
	Games []struct {
		ID       string   `json:"id"`
		Round    int      `json:"round"`
		Players  []string `json:"players"`
		Berserk  []bool   `json:"berserk"`
		Status   string   `json:"status"`
		Placings []int    `json:"placings"`
		Points   []int    `json:"points"`
		Bye      bool     `json:"bye"`
	} `json:"games"`
	Featured string `json:"featured"`
	Me       *struct {
		State string `json:"state"`
		Game  string `json:"game"`
		Seat  int    `json:"seat"`
		Token string `json:"token"`
	} `json:"me"`
}

// tournament reads tournament id as b sees it.
func (b *browserClient) tournament(id string) tournamentView {
	b.t.Helper()
	resp, err := b.hc.Get(b.base + "/api/tournaments/" + id)
	if err != nil {
		b.t.Fatal(err)
	}
	defer resp.Body.Close()
	var v tournamentView
	if resp.StatusCode != 200 {
		b.t.Fatalf("GET tournament %s: %d", id, resp.StatusCode)
	}
	if err := json.NewDecoder(resp.Body).Decode(&v); err != nil {
		b.t.Fatal(err)
	}
	return v
}

// createTournament posts req as b and returns the new tournament's id.
func (b *browserClient) createTournament(req map[string]any) string {
	b.t.Helper()
	code, out := b.post("/api/tournaments", req)
	if code != 201 {
		b.t.Fatalf("create tournament: %d %v", code, out)
	}
	return out["id"].(string)
}

// players signs up n accounts named prefix1...
func signUpPlayers(t *testing.T, base, prefix string, n int) []*browserClient {
	var out []*browserClient
	for i := range n {
		out = append(out, signUp(t, base, fmt.Sprintf("%s%d", prefix, i+1)))
	}
	return out
}

// act sends a game action (resign, draw) for b's seat of a tournament game
// over a websocket signed in as b, showing the seat's token.
func (b *browserClient) act(gameID, token string, msg map[string]any) {
	b.t.Helper()
	c := dialAs(b.t, b, b.base, gameID)
	c.expect("state")
	c.send(map[string]any{"type": "hello", "tokens": []string{token}})
	c.expect("ack")
	c.send(msg)
	c.expect("ack")
	c.conn.CloseNow()
}

// resignOrOver resigns b's seat of game id, which may have ended by
// itself meanwhile (a test's clock jumping past its time control).
func (b *browserClient) resignOrOver(gameID, token string) {
	b.t.Helper()
	c := dialAs(b.t, b, b.base, gameID)
	c.expect("state")
	c.send(map[string]any{"type": "hello", "tokens": []string{token}})
	c.expect("ack")
	c.send(map[string]any{"type": "resign", "id": 7})
	ctx, cancel := context.WithTimeout(context.Background(), readWait)
	defer cancel()
	defer c.conn.CloseNow()
	for {
		_, raw, err := c.conn.Read(ctx)
		if err != nil {
			b.t.Fatalf("resigning: %v", err)
		}
		var m map[string]any
		if err := json.Unmarshal(raw, &m); err != nil {
			b.t.Fatal(err)
		}
		switch {
		case m["type"] == "ack":
			return
		case m["type"] == "error" && m["message"] == "the game is over":
			return
		case m["type"] == "error":
			b.t.Fatalf("resigning: %v", m)
		}
	}
}

// waitTournament reads tournament id as b sees it until ok accepts it.
func (b *browserClient) waitTournament(id string, what string, ok func(tournamentView) bool) tournamentView {
	b.t.Helper()
	deadline := time.Now().Add(10 * time.Second)
	for {
		v := b.tournament(id)
		if ok(v) {
			return v
		}
		if time.Now().After(deadline) {
			b.t.Fatalf("tournament %s: no %s within 10 s: %+v", id, what, v)
		}
		time.Sleep(50 * time.Millisecond)
	}
}

// byName finds the player's browser among ps by account name.
func byName(ps []*browserClient, prefix, name string) *browserClient {
	for i, p := range ps {
		if fmt.Sprintf("%s%d", prefix, i+1) == name {
			return p
		}
	}
	return nil
}
