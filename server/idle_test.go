package server

import (
	"encoding/json"
	"slices"
	"sync"
	"testing"
	"time"

	toygame "wyrm/internal/toysetup"
	"wyrm/server/play"
	"wyrm/server/table"
)

// An untimed game against the computer that no player has had open for
// the idle time leaves the lobby's list of games in progress, stays
// playable by its link, and is listed again once its player is back.
// Games between people, and timed ones, stay listed.
func TestAbandonedGameAgainstTheComputerLeavesTheLobby(t *testing.T) {
	now := time.UnixMilli(1_000_000)
	var mu sync.Mutex
	clock := func() time.Time { mu.Lock(); defer mu.Unlock(); return now }
	advance := func(d time.Duration) { mu.Lock(); now = now.Add(d); mu.Unlock() }
	h := newHarnessWith(t, "", func(c *Config) { c.Now = clock; c.IdleAfter = 30 * time.Minute }, toygame.Game{})
	vsComputer := []table.Seat{{Kind: table.SeatLocal}, {Kind: table.SeatComputer, Level: 1}}
	idle := h.create(play.CreateRequest{Game: "toy", Seats: vsComputer})
	timed := h.create(play.CreateRequest{Game: "toy", Seats: vsComputer, Clock: table.TimeControl{Initial: time.Hour}})
	people := h.create(play.CreateRequest{Game: "toy", Seats: []table.Seat{{Kind: table.SeatLocal}, {Kind: table.SeatInvite}}})
	listed := func() []string {
		t.Helper()
		code, body := h.get("/api/games?list=playing&limit=50")
		var page struct{ Games []struct{ ID string } }
		if code != 200 || json.Unmarshal([]byte(body), &page) != nil {
			t.Fatalf("list: %d %s", code, body)
		}
		var ids []string
		for _, g := range page.Games {
			ids = append(ids, g.ID)
		}
		slices.Sort(ids) // created at one instant: the order is the ids'
		return ids
	}
	// The player moves, the computer answers, and the player's page closes.
	w := h.dial(idle.ID, idle.Tokens[0])
	w.send(map[string]any{"type": "move", "move": "c1c2"})
	w.expect("ack")
	w.waitState(func(s play.State) bool { return len(s.Plies) == 2 })
	all := []string{people.ID, timed.ID, idle.ID}
	slices.Sort(all)
	if got := listed(); !slices.Equal(got, all) {
		t.Fatalf("listed %v, want %v", got, all)
	}
	w.conn.CloseNow()
	waitFor(t, "the player gone", func() bool {
		var st play.State
		_, body := h.get("/api/games/" + idle.ID)
		return json.Unmarshal([]byte(body), &st) == nil && len(st.Present) == 2 && !st.Present[0]
	})
	advance(29 * time.Minute)
	if got := listed(); !slices.Equal(got, all) {
		t.Fatalf("after 29 minutes listed %v, want %v", got, all)
	}
	advance(2 * time.Minute)
	if got := listed(); len(got) != 2 || slices.Contains(got, idle.ID) {
		t.Fatalf("after 31 minutes listed %v, want the idle game left out", got)
	}
	// Still a game: its page answers, its player plays on, and it is
	// listed again.
	if code, _ := h.get("/api/games/" + idle.ID); code != 200 {
		t.Fatalf("the idle game's state: %d", code)
	}
	w = h.dial(idle.ID, idle.Tokens[0])
	if got := listed(); !slices.Equal(got, all) {
		t.Fatalf("with its player back listed %v, want %v", got, all)
	}
	w.send(map[string]any{"type": "move", "move": "c2c3"})
	w.expect("ack")
}
