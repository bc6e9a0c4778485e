package server

import (
	"slices"
	"testing"

	"wyrm/server/account"
	"wyrm/server/play"
	"wyrm/server/table"
)

// A guest who signs in and shows their seat's token claims the seat for
// the account: the game then follows them to another browser (the claim
// is an action of the log, so a replay keeps it: TestBindClaimsAGuestsSeat).
// A screen holding both seats of a game binds neither.
func TestSignedInPlayerClaimsTheirGuestSeat(t *testing.T) {
	h := newSecurityHarness(t, account.Config{})
	guest := newBrowserClient(t, h.http.URL)
	code, cr := guest.post("/api/games", play.CreateRequest{Game: "toy", Seats: []table.Seat{{Kind: table.SeatLocal}, {Kind: table.SeatOpen}}})
	if code != 201 {
		t.Fatalf("create: %d %v", code, cr)
	}
	id := cr["id"].(string)
	token := cr["tokens"].(map[string]any)["0"].(string)
	if code, out := guest.post("/api/account/signup", map[string]string{"name": "gwen", "password": "a long password"}); code != 200 {
		t.Fatalf("sign up: %d %v", code, out)
	}
	_, me := guest.get("/api/account/me")
	user := int64(me["id"].(float64))
	users := func(id string) []int64 {
		s := h.srv.session(id)
		s.lock()
		defer s.unlock()
		return slices.Clone(s.t.Users)
	}
	if got := users(id); got[0] != 0 {
		t.Fatalf("seat bound before any claim: %v", got)
	}
	w := dialAs(t, guest, h.http.URL, id)
	w.expect("state")
	w.send(map[string]any{"type": "hello", "tokens": []string{token}})
	w.expect("ack")
	if got := users(id); !slices.Equal(got, []int64{user, 0}) {
		t.Fatalf("after the hello: seats' accounts %v, want [%d 0]", got, user)
	}
	// Another browser, signed in as gwen, holds the seat with no token.
	other := newBrowserClient(t, h.http.URL)
	if code, out := other.post("/api/account/login", map[string]string{"name": "gwen", "password": "a long password"}); code != 200 {
		t.Fatalf("log in: %d %v", code, out)
	}
	w2 := dialAs(t, other, h.http.URL, id)
	w2.waitState(func(s play.State) bool { return slices.Equal(s.You, []int{0}) })
	// A guest's shared screen: both seats' tokens in one hello, then a
	// sign-in, bind neither seat.
	anon := newBrowserClient(t, h.http.URL)
	code, cr = anon.post("/api/games", play.CreateRequest{Game: "toy", Seats: []table.Seat{{Kind: table.SeatLocal}, {Kind: table.SeatLocal}}})
	if code != 201 {
		t.Fatalf("create: %d %v", code, cr)
	}
	shared := cr["id"].(string)
	toks := cr["tokens"].(map[string]any)
	if code, out := anon.post("/api/account/signup", map[string]string{"name": "hal", "password": "a long password"}); code != 200 {
		t.Fatalf("sign up: %d %v", code, out)
	}
	w3 := dialAs(t, anon, h.http.URL, shared)
	w3.expect("state")
	w3.send(map[string]any{"type": "hello", "tokens": []string{toks["0"].(string), toks["1"].(string)}})
	w3.expect("ack")
	if got := users(shared); !slices.Equal(got, []int64{0, 0}) {
		t.Fatalf("a shared screen bound %v", got)
	}
}
