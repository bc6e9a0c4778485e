package server

import (
	"net/http"
	"slices"
	"testing"

	"wyrm/game"
	multitoy "wyrm/internal/toygame"
	"wyrm/server/challenge"
	"wyrm/server/play"
	"wyrm/server/table"
)

// joinAll takes the invited seats of game cr and returns every seat's token.
func (h *harness) joinAll(cr play.CreateResponse, seats int) []string {
	h.t.Helper()
	toks := []string{cr.Tokens[0]}
	for i := 1; i < seats; i++ {
		code, join := h.post("/api/games/"+cr.ID+"/join", map[string]any{"seat": i, "invite": cr.Invites[i]})
		if code != http.StatusOK {
			h.t.Fatalf("join seat %d: %d %v", i, code, join)
		}
		toks = append(toks, join["token"].(string))
	}
	return toks
}

// TestRematchIsOfferedAndAccepted: a rematch asked for waits for the
// opponent, who may decline (the asker sees it) or accept; then both
// players' connections and a spectator's hear of the new game, whose seats
// are turned, and the offer survives a reconnect.
func TestRematchIsOfferedAndAccepted(t *testing.T) {
	h := newHarness(t, "")
	cr := h.create(play.CreateRequest{Game: "toy", Seats: []table.Seat{{Kind: table.SeatLocal}, {Kind: table.SeatInvite}}})
	toks := h.joinAll(cr, 2)
	white, black, watcher := h.dial(cr.ID, toks[0]), h.dial(cr.ID, toks[1]), h.dial(cr.ID)
	white.send(map[string]any{"type": "rematch"})
	white.expectError()
	white.send(map[string]any{"type": "resign"})
	white.expect("ack")

	black.send(map[string]any{"type": "rematch"})
	black.expect("ack")
	st := white.waitState(func(s play.State) bool { return len(s.RematchYes) == 1 })
	if st.RematchYes[0] != 1 || st.Rematch != "" {
		t.Fatalf("after Black asks: asking %v, rematch %q", st.RematchYes, st.Rematch)
	}
	watcher.waitState(func(s play.State) bool { return slices.Equal(s.RematchYes, []int{1}) })
	watcher.send(map[string]any{"type": "rematch"})
	watcher.expectError()
	// Asking twice is no error and no second offer.
	black.send(map[string]any{"type": "rematch"})
	black.expect("ack")

	white.send(map[string]any{"type": "no-rematch"})
	white.expect("ack")
	st = black.waitState(func(s play.State) bool { return s.RematchNo == 0 })
	if len(st.RematchYes) != 0 || st.Rematch != "" {
		t.Fatalf("after White declines: asking %v, rematch %q", st.RematchYes, st.Rematch)
	}
	white.send(map[string]any{"type": "no-rematch"})
	white.expectError() // nothing is asked now

	// Black asks again; White's page reconnects and still sees the offer.
	black.send(map[string]any{"type": "rematch"})
	black.expect("ack")
	white.conn.CloseNow()
	white = h.dial(cr.ID, toks[0])
	if st := *white.last; !slices.Equal(st.RematchYes, []int{1}) || st.RematchNo != -1 {
		t.Fatalf("after reconnecting White sees asking %v, declined by %d", st.RematchYes, st.RematchNo)
	}
	white.send(map[string]any{"type": "rematch"})
	white.expect("ack")
	var id string
	for _, c := range []*wsClient{white, black, watcher} {
		id = c.waitState(func(s play.State) bool { return s.Rematch != "" }).Rematch
	}
	// The seats are turned: White's token holds Black in the new game.
	r := h.dial(id, toks[0])
	if you := r.last.You; !slices.Equal(you, []int{1}) {
		t.Fatalf("White's token holds %v in the rematch, want [1]", you)
	}
	r.send(map[string]any{"type": "move", "move": "c1c2"})
	r.expectError()
	b := h.dial(id, toks[1])
	b.send(map[string]any{"type": "move", "move": "c1c2"})
	b.expect("ack")
}

// TestRematchOfThreeNeedsEveryone: in a game of three, the new game is
// made only when all three have agreed, and each seat moves on by one.
func TestRematchOfThreeNeedsEveryone(t *testing.T) {
	h := newHarnessGames(t, multitoy.Game{})
	cr := h.create(play.CreateRequest{Game: "toy", Options: game.Options{"players": "3"},
		Seats: []table.Seat{{Kind: table.SeatLocal}, {Kind: table.SeatInvite}, {Kind: table.SeatInvite}}})
	toks := h.joinAll(cr, 3)
	cs := []*wsClient{h.dial(cr.ID, toks[0]), h.dial(cr.ID, toks[1]), h.dial(cr.ID, toks[2])}
	for i := range 2 {
		cs[i].send(map[string]any{"type": "resign"})
		cs[i].expect("ack")
	}
	cs[2].waitState(func(s play.State) bool { return s.Outcome.Over })
	for i := range 2 {
		cs[i].send(map[string]any{"type": "rematch"})
		cs[i].expect("ack")
	}
	st := cs[2].waitState(func(s play.State) bool { return len(s.RematchYes) == 2 })
	if st.Rematch != "" {
		t.Fatal("a rematch was made before the third player agreed")
	}
	cs[2].send(map[string]any{"type": "rematch"})
	cs[2].expect("ack")
	id := cs[0].waitState(func(s play.State) bool { return s.Rematch != "" }).Rematch
	for i, tok := range toks {
		r := h.dial(id, tok)
		you := r.last.You
		if want := (i + 2) % 3; !slices.Equal(you, []int{want}) {
			t.Errorf("seat %d's token holds %v in the rematch, want [%d]", i, you, want)
		}
	}
}

// Two accounts' rated game, from a seek: the rematch is rated too, and
// each account holds the other seat, signed in from any browser.
func TestRematchOfAccounts(t *testing.T) {
	h := newChallengeHarness(t, nil)
	alice, bob := signUp(t, h.http.URL, "alice"), signUp(t, h.http.URL, "bob")
	as := openStream(t, alice, h.http.URL)
	code, out := alice.post("/api/challenges", seekBody(as, func(r *challenge.Request) { r.Rated, r.Color = true, "white" }))
	if code != 201 {
		t.Fatalf("seek: %d %v", code, out)
	}
	code, acc := bob.post("/api/challenges/"+out["challenge"].(map[string]any)["id"].(string)+"/accept", map[string]any{})
	if code != 200 {
		t.Fatalf("accept: %d %v", code, acc)
	}
	id := acc["game"].(string)
	wa, wb := dialAs(t, alice, h.http.URL, id), dialAs(t, bob, h.http.URL, id)
	wa.waitState(func(s play.State) bool { return slices.Equal(s.You, []int{0}) })
	wa.send(map[string]any{"type": "resign"})
	wa.expect("ack")
	wb.waitState(func(s play.State) bool { return s.Outcome.Over })
	wb.send(map[string]any{"type": "rematch"})
	wb.expect("ack")
	wa.waitState(func(s play.State) bool { return len(s.RematchYes) == 1 })
	wa.send(map[string]any{"type": "rematch"})
	wa.expect("ack")
	next := wb.waitState(func(s play.State) bool { return s.Rematch != "" }).Rematch
	ra, rb := dialAs(t, alice, h.http.URL, next), dialAs(t, bob, h.http.URL, next)
	ra.waitState(func(s play.State) bool { return slices.Equal(s.You, []int{1}) })
	rb.waitState(func(s play.State) bool { return slices.Equal(s.You, []int{0}) })
	s := h.srv.session(next)
	if s == nil || !s.t.Def.Rated || s.t.Users[0] == 0 || s.t.Users[1] == 0 {
		t.Fatalf("the rematch is not a rated game of the two accounts: %+v", s)
	}
}
