package server

import (
	"encoding/json"
	"net/http"
	"testing"
	"time"

	"github.com/coder/websocket"

	"wyrm/internal/toysetup"
	"wyrm/server/account"
	"wyrm/server/play"
	"wyrm/server/table"
	"wyrm/server/tv"
)

// tvChannel reads GET /api/tv/{game}.
func tvChannel(t *testing.T, base, game string) tv.Channel {
	t.Helper()
	code, raw := getRaw(t, base+"/api/tv/"+game)
	var c tv.Channel
	if code != 200 || json.Unmarshal(raw, &c) != nil {
		t.Fatalf("/api/tv/%s: %d %s", game, code, raw)
	}
	return c
}

// featured is the id of the channel's game ("" for none) and whether it is
// over.
func featured(c tv.Channel) (string, bool) {
	if c.Featured == nil {
		return "", false
	}
	return c.Featured.ID, c.Featured.List == "finished"
}

// ratedGame makes a rated toy game of a (seat 0) and b (seat 1).
func ratedGame(t *testing.T, a, b *browserClient) string {
	t.Helper()
	code, cr := a.post("/api/games", play.CreateRequest{Game: "toy", Rated: true, Seats: []table.Seat{{Kind: table.SeatLocal}, {Kind: table.SeatOpen}}})
	if code != 201 {
		t.Fatalf("rated game: %d %v", code, cr)
	}
	id := cr["id"].(string)
	if code, out := b.post("/api/games/"+id+"/join", map[string]int{"seat": 1}); code != 200 {
		t.Fatalf("join: %d %v", code, out)
	}
	return id
}

// The TV features the game in progress whose accounts rank highest, with
// its players' names and ratings, keeps it until it ends, shows its result
// for the pause, then the next: people's games with guests after the
// accounts', the computer's last; with nothing in progress it says so.
func TestTVFeaturesTheBestGameAndSwitchesWhenItEnds(t *testing.T) {
	const pause = 300 * time.Millisecond
	h := newHarnessWith(t, "", func(c *Config) {
		openTestAccounts(t, c, account.Config{})
		c.TVPause = pause
	}, toysetup.Game{})
	base := h.http.URL
	if c := tvChannel(t, base, "toy"); c.Featured != nil || c.Title == "" || c.Playing != 0 {
		t.Fatalf("nothing played yet: %+v", c)
	}
	if code, _ := getRaw(t, base+"/api/tv/nosuchgame"); code != http.StatusNotFound {
		t.Fatalf("an unknown game's channel: %d", code)
	}
	alice, bob := signUp(t, base, "alice"), signUp(t, base, "bob")
	carol, dave := signUp(t, base, "carol"), signUp(t, base, "dave")
	// alice beats bob: she rates above 1500, he below.
	first := ratedGame(t, alice, bob)
	waitFor(t, "the first game on TV", func() bool { id, _ := featured(tvChannel(t, base, "toy")); return id == first })
	for i, mv := range []string{"c1c2", "c5c4"} {
		if err := h.srv.hall.Act(first, i, table.ActMove, mv); err != nil {
			t.Fatal(err)
		}
	}
	if err := h.srv.hall.Act(first, 1, table.ActResign, ""); err != nil {
		t.Fatal(err)
	}
	waitFor(t, "nothing on TV after the pause", func() bool { return tvChannel(t, base, "toy").Featured == nil })

	// The computer's game, a guests' game, and two rated games.
	computer := h.create(play.CreateRequest{Game: "toy", Seats: []table.Seat{{Kind: table.SeatLocal}, {Kind: table.SeatComputer, Level: 1}}}).ID
	guests := h.create(play.CreateRequest{Game: "toy", Seats: []table.Seat{{Kind: table.SeatLocal}, {Kind: table.SeatLocal}}}).ID
	low := ratedGame(t, bob, dave)
	high := ratedGame(t, alice, carol)
	// The TV is first read once every game's players are (until a viewer
	// is shown a game, a better one may take its place).
	for _, id := range []string{low, high} {
		waitFor(t, "the players of "+id, func() bool {
			var st seatsOf
			_, raw := getRaw(t, base+"/api/games/"+id)
			return json.Unmarshal(raw, &st) == nil && st.Seats[1].Rating != 0
		})
	}
	var c tv.Channel
	waitFor(t, "alice and carol on TV with their ratings", func() bool {
		c = tvChannel(t, base, "toy")
		id, _ := featured(c)
		return id == high && len(c.Featured.Seats) == 2 && c.Featured.Seats[0].Name == "alice" && c.Featured.Seats[0].Rating > 1500
	})
	if s := c.Featured.Seats[1]; s.Name != "carol" || s.Rating != 1500 || !s.Provisional || c.Playing != 4 {
		t.Fatalf("the featured game: %+v, %d playing", c.Featured, c.Playing)
	}
	var all struct{ Channels []tv.Channel }
	if _, raw := getRaw(t, base+"/api/tv"); json.Unmarshal(raw, &all) != nil || len(all.Channels) != 1 || all.Channels[0].Featured.ID != high {
		t.Fatalf("/api/tv: %+v", all)
	}

	// Each end: the result for the pause, then the next in rank.
	for _, next := range []string{low, guests, computer, ""} {
		cur, _ := featured(tvChannel(t, base, "toy"))
		if err := h.srv.hall.Act(cur, 0, table.ActResign, ""); err != nil {
			t.Fatal(err)
		}
		waitFor(t, "the ended game's result", func() bool {
			c = tvChannel(t, base, "toy")
			id, over := featured(c)
			return id == cur && over
		})
		if c.Until == 0 || c.Featured.Result == "" {
			t.Fatalf("an ended game on TV: %+v", c)
		}
		waitFor(t, "the next game after "+cur, func() bool {
			id, over := featured(tvChannel(t, base, "toy"))
			return id == next && !over
		})
	}
}

// A game's spectators are counted as they come and go, in its state, in a
// message to everyone watching, and on TV: the players are not counted,
// and an account watching from two tabs counts once.
func TestSpectatorCountsGoUpAndDown(t *testing.T) {
	h := newAccountsHarness(t)
	base := h.http.URL
	g := h.create(play.CreateRequest{Game: "toy", Seats: []table.Seat{{Kind: table.SeatLocal}, {Kind: table.SeatLocal}}})
	player := h.dial(g.ID, g.Tokens[0], g.Tokens[1])
	onTV := func() int {
		c := tvChannel(t, base, "toy")
		if c.Featured == nil || c.Featured.ID != g.ID {
			t.Fatalf("the game is not on TV: %+v", c)
		}
		return c.Featured.Spectators
	}
	counted := func(want int) {
		t.Helper()
		m := player.expect("spectators")
		if int(m["count"].(float64)) != want {
			t.Fatalf("the players are told of %v spectators, want %d", m["count"], want)
		}
		waitFor(t, "the count on TV", func() bool { return onTV() == want })
		if st, _ := h.srv.hall.State(g.ID, nil); st.Spectators != want {
			t.Fatalf("the state counts %d, want %d", st.Spectators, want)
		}
	}
	if onTV() != 0 {
		t.Fatal("spectators before anyone watched")
	}
	one, two := h.dial(g.ID), h.dial(g.ID)
	counted(2)
	erin := signUp(t, base, "erin")
	tab1 := dialAs(t, erin, base, g.ID)
	tab2 := dialAs(t, erin, base, g.ID)
	counted(3)
	one.conn.Close(websocket.StatusNormalClosure, "")
	tab1.conn.Close(websocket.StatusNormalClosure, "")
	counted(2) // erin still watches in her other tab
	two.conn.Close(websocket.StatusNormalClosure, "")
	tab2.conn.Close(websocket.StatusNormalClosure, "")
	counted(0)
	// A spectator's websocket that proves a seat is a player's.
	sp := h.dial(g.ID)
	counted(1)
	sp.send(map[string]any{"type": "hello", "tokens": []string{g.Tokens[0]}})
	counted(0)
}
