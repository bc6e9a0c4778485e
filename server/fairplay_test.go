package server

import (
	"context"
	"fmt"
	"testing"
	"time"

	"wyrm/game"
	"wyrm/internal/toysetup"
	"wyrm/server/account"
	"wyrm/server/fairplay"
	"wyrm/server/play"
	"wyrm/server/table"
)

// scoringEngine plays and scores like the random engine, and scores every
// position 0: enough for the fair play analysis to run.
type scoringEngine struct{ slowEngine }

func (e *scoringEngine) Score(context.Context, game.Position, game.Player, int, time.Duration) (int, error) {
	return 0, nil
}

// A rated game that ends is analysed in the background and its figures
// kept for both players; an account whose kept figures stand far above
// its rating's norm is in the moderators' queue, with its numbers.
func TestRatedGamesAreAnalysedAndFlagged(t *testing.T) {
	h := newHarnessWith(t, "", func(c *Config) {
		openTestAccounts(t, c, account.Config{})
		openTestChat(t, c)
		c.Engine = &scoringEngine{*newSlowEngine(2, time.Millisecond)}
	}, toysetup.Game{})
	if h.srv.fairplay == nil {
		t.Fatal("no fair play analysis with an engine that scores")
	}
	alice, bob := signUp(t, h.http.URL, "alice"), signUp(t, h.http.URL, "bob")
	code, cr := alice.post("/api/games", play.CreateRequest{Game: "toy", Rated: true, Seats: []table.Seat{{Kind: table.SeatLocal}, {Kind: table.SeatOpen}}})
	if code != 201 {
		t.Fatalf("rated game: %d %v", code, cr)
	}
	id := cr["id"].(string)
	if code, out := bob.post("/api/games/"+id+"/join", map[string]int{"seat": 1}); code != 200 {
		t.Fatalf("bob joins: %d %v", code, out)
	}
	a, b := dialAs(t, alice, h.http.URL, id), dialAs(t, bob, h.http.URL, id)
	conns := []*wsClient{a, b}
	for ply := range 14 {
		c := conns[ply%2]
		st := c.waitState(func(s play.State) bool {
			return len(s.You) == 1 && s.ToMove == s.You[0] && len(s.Legal) > 0 && len(s.Plies) == ply
		})
		c.send(map[string]any{"type": "move", "move": st.Legal[len(st.Legal)/2].Text})
		c.expect("ack")
	}
	b.send(map[string]any{"type": "resign"})
	b.expect("ack")
	deadline := time.Now().Add(20 * time.Second)
	for {
		var n int
		if err := h.st.QueryRowContext(context.Background(), "SELECT COUNT(*) FROM fairplay_games WHERE game_id = ?", id).Scan(&n); err != nil {
			t.Fatal(err)
		}
		if n == 2 {
			break
		}
		if time.Now().After(deadline) {
			t.Fatalf("%d players' figures kept", n)
		}
		time.Sleep(20 * time.Millisecond)
	}

	// Five more games of alice's matching the engine every move.
	for i := range fairplay.MinGames {
		f := fairplay.Figures{GameID: fmt.Sprintf("seen%d", i), UserID: alice.userID(), Game: "toy", Speed: "blitz", Rating: 1500,
			Moves: 30, Matches: 30, LossCP: 60, TimedMoves: 30, TimeMs: 30 * 800, AtMs: 1}
		if err := h.srv.fairplay.Add(context.Background(), f); err != nil {
			t.Fatal(err)
		}
	}
	mod := signUp(t, h.http.URL, "keeper")
	grant(t, h, "keeper")
	var q struct {
		Flags []struct {
			Name                string
			Games               int
			Match, Norm, MoveMs float64
		}
	}
	if code, _ := getJSONAs(t, mod, "/api/mod/reports", &q); code != 200 || len(q.Flags) != 1 {
		t.Fatalf("queue: %d %+v", code, q)
	}
	if f := q.Flags[0]; f.Name != "alice" || f.Games != fairplay.MinGames || f.Match != 1 || f.Norm != fairplay.Norm(1500) || f.MoveMs != 800 {
		t.Errorf("flag %+v", f)
	}
}
