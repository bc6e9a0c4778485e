package server

import (
	"bytes"
	"context"
	"encoding/json"
	"net/http"
	"net/http/httptest"
	"net/url"
	"strings"
	"testing"
	"time"

	"github.com/coder/websocket"

	"wyrm/internal/toysetup"
	"wyrm/server/account"
	"wyrm/server/limit"
	"wyrm/server/play"
	"wyrm/server/table"
)

// newSecurityHarness is a server with accounts of cfg (cheap hashes) and
// the toy game.
func newSecurityHarness(t *testing.T, cfg account.Config) *harness {
	t.Helper()
	return newHarnessWith(t, "", func(c *Config) {
		openTestAccounts(t, c, cfg)
	}, toysetup.Game{})
}

// sessionCookie returns the session token b's jar holds for the server.
func (b *browserClient) sessionCookie() string {
	u, _ := url.Parse(b.base)
	for _, c := range b.hc.Jar.Cookies(u) {
		if c.Name == account.CookieName {
			return c.Value
		}
	}
	return ""
}

// plant puts a session cookie in b's jar, as an attacker able to set
// cookies for the site would.
func (b *browserClient) plant(token string) {
	u, _ := url.Parse(b.base)
	b.hc.Jar.SetCookies(u, []*http.Cookie{{Name: account.CookieName, Value: token, Path: "/"}})
}

// Session fixation: whatever session cookie a browser carries when its
// player signs in, planted or its own, the sign-in answers a fresh token,
// ends the one carried, and the planted token gives its planter nothing of
// the player's account.
func TestSignInIssuesAFreshSession(t *testing.T) {
	h := newSecurityHarness(t, account.Config{})
	cs, _ := signUpAll(t, h, "mallory", "victim")
	mallory := cs[0]
	attackerToken := mallory.sessionCookie()
	for _, c := range []struct {
		name    string
		planted string
		path    string
	}{
		{"a made-up token, then sign-in", strings.Repeat("A", 43), "/api/account/login"},
		{"the attacker's own session, then sign-in", attackerToken, "/api/account/login"},
		{"the victim's old session, then sign-in again", "", "/api/account/login"},
		{"a made-up token, then sign-up", strings.Repeat("B", 43), "/api/account/signup"},
	} {
		t.Run(c.name, func(t *testing.T) {
			v := newBrowserClient(t, h.http.URL)
			name := "victim"
			if c.path == "/api/account/signup" {
				name = "victim2"
			}
			planted := c.planted
			if planted == "" {
				if code, _ := v.post("/api/account/login", map[string]string{"name": "victim", "password": "a long password"}); code != 200 {
					t.Fatal("first sign-in")
				}
				planted = v.sessionCookie()
			}
			v.plant(planted)
			_, me := v.get("/api/account/me") // the page learns the CSRF token of what it holds
			v.plant(planted)                  // a made-up cookie was cleared; the attacker sets it again
			v.csrf, _ = me["csrf"].(string)
			code, out := v.post(c.path, map[string]string{"name": name, "password": "a long password"})
			if code != 200 || out["name"] != name {
				t.Fatalf("sign-in with a planted cookie: %d %v", code, out)
			}
			fresh := v.sessionCookie()
			if fresh == "" || fresh == planted {
				t.Fatalf("the session after sign-in is the one before it: %q", fresh)
			}
			if _, _, err := h.srv.accounts.Authenticate(context.Background(), planted); err == nil {
				t.Fatal("the session carried into the sign-in still works")
			}
			u, _, err := h.srv.accounts.Authenticate(context.Background(), fresh)
			if err != nil || u.Name != name {
				t.Fatalf("the fresh session is %v %v", u, err)
			}
			// The planter, holding the planted token, is not the victim.
			spy := newBrowserClient(t, h.http.URL)
			spy.plant(planted)
			if _, me := spy.get("/api/account/me"); me["signedIn"] == true {
				t.Fatalf("the planted token signs in as %v", me["name"])
			}
			if c.planted == attackerToken {
				// Mallory signs in again for the next case.
				if code, _ := mallory.post("/api/account/login", map[string]string{"name": "mallory", "password": "a long password"}); code != 200 {
					t.Fatal("mallory signs in again")
				}
				attackerToken = mallory.sessionCookie()
			}
		})
	}
	// Two sign-ins of one player never share a token.
	a, b := newBrowserClient(t, h.http.URL), newBrowserClient(t, h.http.URL)
	for _, c := range []*browserClient{a, b} {
		c.post("/api/account/login", map[string]string{"name": "victim", "password": "a long password"})
	}
	if a.sessionCookie() == b.sessionCookie() || len(a.sessionCookie()) != 43 {
		t.Fatalf("two sign-ins: %q and %q", a.sessionCookie(), b.sessionCookie())
	}
}

// A seat bound to one account is played by that account only: another
// account, or a guest, holding the seat's token (copied from its owner's
// browser) cannot take the seat, and nothing they send acts in it.
func TestABoundSeatIsItsAccountsOnly(t *testing.T) {
	h := newSecurityHarness(t, account.Config{})
	cs, _ := signUpAll(t, h, "alice", "carol", "bob")
	alice, carol, bob := cs[0], cs[1], cs[2]
	code, cr := alice.post("/api/games", play.CreateRequest{Game: "toy", Rated: true, Seats: []table.Seat{{Kind: table.SeatLocal}, {Kind: table.SeatOpen}}})
	if code != 201 {
		t.Fatalf("create: %d %v", code, cr)
	}
	id := cr["id"].(string)
	stolen := cr["tokens"].(map[string]any)["0"].(string)
	if code, _ := carol.post("/api/games/"+id+"/join", map[string]int{"seat": 1}); code != 200 {
		t.Fatal("carol joins")
	}
	wa, wc := dialAs(t, alice, h.http.URL, id), dialAs(t, carol, h.http.URL, id)
	wa.waitState(func(s play.State) bool { return len(s.You) == 1 && s.You[0] == 0 })
	wc.waitState(func(s play.State) bool { return len(s.You) == 1 && s.You[0] == 1 })
	for i, mv := range []string{"c1c2", "c5c4"} {
		c := []*wsClient{wa, wc}[i]
		c.send(map[string]any{"type": "move", "move": mv})
		c.expect("ack")
	}
	// Carol offers a draw, so that there is one to decline or accept.
	wc.send(map[string]any{"type": "draw"})
	wc.expect("ack")
	s := h.srv.session(id)
	logLen := func() int {
		s.lock()
		defer s.unlock()
		return len(s.t.Log)
	}
	before := logLen()
	guest := newBrowserClient(t, h.http.URL)
	intruders := []struct {
		name  string
		who   *browserClient
		token string // sent in a hello first, when set
		seat  bool   // the actions name alice's seat
	}{
		{"bob, signed in", bob, "", false},
		{"bob, naming alice's seat", bob, "", true},
		{"bob with alice's token", bob, stolen, true},
		{"a guest with alice's token", guest, stolen, false},
	}
	actions := []map[string]any{
		{"type": "move", "move": "a1a2"}, {"type": "resign"}, {"type": "draw"}, {"type": "decline"},
		{"type": "takeback"}, {"type": "no-takeback"}, {"type": "abort"}, {"type": "claim", "choice": "win"}, {"type": "rematch"}, {"type": "no-rematch"},
	}
	for _, in := range intruders {
		t.Run(in.name, func(t *testing.T) {
			c := dialAs(t, in.who, h.http.URL, id)
			c.expect("state")
			if in.token != "" {
				c.send(map[string]any{"type": "hello", "tokens": []string{in.token}})
				m := c.expectError()
				if m["code"] != "forbidden" || !strings.Contains(m["message"].(string), "sign in as them") {
					t.Fatalf("hello with a stolen token: %v", m)
				}
			}
			for _, a := range actions {
				msg := map[string]any{}
				for k, v := range a {
					msg[k] = v
				}
				if in.seat {
					msg["seat"] = 0
				}
				c.send(msg)
				if m := c.expectError(); m["code"] != "forbidden" {
					t.Errorf("%v: %v", msg, m)
				}
			}
			if n := logLen(); n != before {
				t.Fatalf("the log grew from %d to %d", before, n)
			}
		})
	}
	// Alice herself, signed in, still plays her seat with or without her
	// token.
	wa2 := dialAs(t, alice, h.http.URL, id)
	wa2.waitState(func(s play.State) bool { return len(s.You) == 1 && s.You[0] == 0 })
	wa2.send(map[string]any{"type": "hello", "tokens": []string{stolen}})
	wa2.expect("ack")
	wa2.send(map[string]any{"type": "decline"})
	wa2.expect("ack")
}

// expectError reads until an error message or an ack arrives and returns
// it: an ack fails the test.
func (c *wsClient) expectError() map[string]any {
	c.t.Helper()
	ctx, cancel := context.WithTimeout(context.Background(), readWait)
	defer cancel()
	for {
		_, b, err := c.conn.Read(ctx)
		if err != nil {
			c.t.Fatalf("waiting for an error: %v", err)
		}
		var m map[string]any
		if err := json.Unmarshal(b, &m); err != nil {
			c.t.Fatal(err)
		}
		switch m["type"] {
		case "error":
			return m
		case "ack", "suggestion", "checked":
			c.t.Fatalf("want an error, got %v", m)
		}
	}
}

// Every state-changing route refuses a request on a session's behalf that
// lacks the session's CSRF token, whatever else is right about it; the
// routes come from the server's own mux, so a new route is tested too.
// Nothing changes: no game, no sign-out, no new password, no seat taken.
func TestEveryStateChangingRouteNeedsTheCSRFToken(t *testing.T) {
	h := newSecurityHarness(t, account.Config{})
	cs, _ := signUpAll(t, h, "alice", "bob")
	alice, bob := cs[0], cs[1]
	open := h.create(play.CreateRequest{Game: "toy", Seats: []table.Seat{{Kind: table.SeatLocal}, {Kind: table.SeatOpen}}})
	// A plausible body for each route, so that only the missing token is
	// wrong; an unknown route gets an empty object.
	bodies := map[string]any{
		"POST /api/games":              play.CreateRequest{Game: "toy", Seats: []table.Seat{{Kind: table.SeatLocal}, {Kind: table.SeatOpen}}},
		"POST /api/games/{id}/join":    map[string]int{"seat": 1},
		"POST /api/account/signup":     map[string]string{"name": "carol", "password": "a long password"},
		"POST /api/account/login":      map[string]string{"name": "alice", "password": "a long password"},
		"POST /api/account/password":   map[string]string{"old": "a long password", "new": "another long one"},
		"POST /api/account/logout":     map[string]any{},
		"POST /api/account/logout-all": map[string]any{},
	}
	fill := strings.NewReplacer("{id}", open.ID, "{name}", "alice", "{other}", "bob", "{game}", "toy", "{n}", "1", "{$}", "")
	var changing []string
	for _, p := range h.srv.routes {
		method, path, ok := strings.Cut(p, " ")
		if !ok { // a pattern without a method takes them all
			method, path = "POST", p
		}
		if method == "GET" || method == "HEAD" {
			continue
		}
		changing = append(changing, p)
		body := bodies[p]
		if body == nil {
			body = map[string]any{}
		}
		raw, _ := json.Marshal(body)
		for _, csrf := range []string{"", "forged", bob.csrf} {
			req, _ := http.NewRequest(method, h.http.URL+fill.Replace(path), bytes.NewReader(raw))
			req.Header.Set("Content-Type", "application/json")
			req.Header.Set("Origin", h.http.URL)
			if csrf != "" {
				req.Header.Set(account.CSRFHeader, csrf)
			}
			resp, err := alice.hc.Do(req)
			if err != nil {
				t.Fatal(err)
			}
			var e struct{ Code, Error string }
			json.NewDecoder(resp.Body).Decode(&e)
			resp.Body.Close()
			if resp.StatusCode != 403 || e.Error != account.ErrCSRF.Message {
				t.Errorf("%s with CSRF token %q: %d %q", p, csrf, resp.StatusCode, e.Error)
			}
		}
	}
	if len(changing) < 7 {
		t.Fatalf("only %d state-changing routes found: %v", len(changing), changing)
	}
	// Nothing changed: alice is signed in with her password, the open seat
	// is free, no game was made, carol does not exist.
	if _, me := alice.get("/api/account/me"); me["name"] != "alice" {
		t.Fatalf("alice after the forged requests: %v", me)
	}
	if _, _, err := h.srv.accounts.LogIn(context.Background(), "alice", "a long password", "192.0.2.7"); err != nil {
		t.Fatalf("alice's password: %v", err)
	}
	if _, err := h.srv.accounts.UserByName(context.Background(), "carol"); err == nil {
		t.Fatal("a forged sign-up made an account")
	}
	games := h.srv.hall.Len()
	if s := h.srv.session(open.ID); games != 1 || s.t.Tokens[1] != "" {
		t.Fatalf("%d games; the open seat's token %q", games, s.t.Tokens[1])
	}
	// With her token the same request passes the check (and meets the
	// route's own rules): the refusals above were the token's.
	if code, out := alice.post("/api/account/password", map[string]string{"old": "wrong password", "new": "another long one"}); code != 403 || out["error"] == account.ErrCSRF.Message {
		t.Fatalf("with the token: %d %v", code, out)
	}
	// A websocket is a GET: another site's page cannot open one with the
	// player's cookie, whatever its seats.
	hdr := http.Header{"Origin": {"http://evil.example"}, "Cookie": {account.CookieName + "=" + alice.sessionCookie()}}
	ctx, cancel := context.WithTimeout(context.Background(), 5*time.Second)
	defer cancel()
	if c, resp, err := websocket.Dial(ctx, strings.Replace(h.http.URL, "http", "ws", 1)+"/ws/"+open.ID, &websocket.DialOptions{HTTPHeader: hdr}); err == nil {
		c.CloseNow()
		t.Fatal("a websocket from another site was accepted")
	} else if resp == nil || resp.StatusCode != 403 {
		t.Fatalf("a websocket from another site: %v %v", resp, err)
	}
}

// Sign-in attempts are limited per user name and per address, through the
// API: past the limit the answer is 429 with Retry-After, even for the
// right password, and other names and addresses are not held back by one
// name's limit.
func TestSignInIsRateLimited(t *testing.T) {
	cases := []struct {
		name      string
		perName   *limit.Rate
		perAddr   *limit.Rate
		attempts  []string // user names tried with a wrong password, in order
		then      string   // the name then tried with the right password
		wantWord  string   // in the refusal
		otherName bool     // another name from the same address still gets in
	}{
		{"per name", limit.NewRate(1, 3), limit.NewRate(600, 100), []string{"alice", "alice", "alice"}, "alice", "this user", true},
		{"per address", limit.NewRate(600, 100), limit.NewRate(1, 4), []string{"alice", "bob", "nobody", "alice"}, "bob", "this address", false},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			h := newSecurityHarness(t, account.Config{LoginPerName: c.perName, LoginPerAddress: c.perAddr})
			// The accounts are made from another address, so that the
			// test's address starts with its whole allowance.
			for _, n := range []string{"alice", "bob"} {
				if _, _, err := h.srv.accounts.SignUp(context.Background(), n, "a long password", "198.51.100.1"); err != nil {
					t.Fatal(err)
				}
			}
			b := newBrowserClient(t, h.http.URL)
			for i, n := range c.attempts {
				if code, out := b.post("/api/account/login", map[string]string{"name": n, "password": "wrong password"}); code != 403 {
					t.Fatalf("attempt %d: %d %v", i+1, code, out)
				}
			}
			raw, _ := json.Marshal(map[string]string{"name": c.then, "password": "a long password"})
			resp, err := http.Post(h.http.URL+"/api/account/login", "application/json", bytes.NewReader(raw))
			if err != nil {
				t.Fatal(err)
			}
			var e struct{ Code, Error string }
			json.NewDecoder(resp.Body).Decode(&e)
			resp.Body.Close()
			if resp.StatusCode != 429 || resp.Header.Get("Retry-After") == "" || e.Code != "too_many" || !strings.Contains(e.Error, c.wantWord) {
				t.Fatalf("past the limit, the right password: %d %q %+v", resp.StatusCode, resp.Header.Get("Retry-After"), e)
			}
			if resp.Header.Get("Set-Cookie") != "" {
				t.Fatal("a refused sign-in set a cookie")
			}
			other := newBrowserClient(t, h.http.URL)
			code, _ := other.post("/api/account/login", map[string]string{"name": "bob", "password": "a long password"})
			if c.otherName && code != 200 || !c.otherName && code != 429 {
				t.Fatalf("bob from the same address: %d", code)
			}
			// Another address signs in as the limited name at once, unless
			// the name itself is limited.
			want := 200
			if c.otherName { // the name's own limit holds wherever it comes from
				want = 429
			}
			if code := httptestLogin(t, h, c.then, "192.0.2.44:1234"); code != want {
				t.Fatalf("%s from another address: %d, want %d", c.then, code, want)
			}
		})
	}
}

// httptestLogin signs in with the right password from addr, straight into
// the handler, and returns the status.
func httptestLogin(t *testing.T, h *harness, name, addr string) int {
	t.Helper()
	raw, _ := json.Marshal(map[string]string{"name": name, "password": "a long password"})
	req, _ := http.NewRequest("POST", h.http.URL+"/api/account/login", bytes.NewReader(raw))
	req.Header.Set("Content-Type", "application/json")
	req.RemoteAddr = addr
	rec := httptest.NewRecorder()
	h.srv.Handler().ServeHTTP(rec, req)
	return rec.Code
}
