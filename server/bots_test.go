package server

import (
	"bytes"
	"encoding/json"
	"net/http"
	"strings"
	"testing"

	"wyrm/server/account"
	"wyrm/server/httpkit"
	"wyrm/server/play"
	"wyrm/server/table"
)

// An API token: made with a session and shown once, listed without itself,
// stored hashed; it signs its account in without cookie or CSRF header, and
// only its own account; a wrong or revoked one is 401; it cannot make more
// tokens; requests with it are limited per account.
func TestAPITokens(t *testing.T) {
	h := newChallengeHarness(t, nil)
	alice, bob := signUp(t, h.http.URL, "alice"), signUp(t, h.http.URL, "bob")
	tok := newAPIToken(t, alice, "script")
	if !strings.HasPrefix(tok.token, account.APITokenPrefix) {
		t.Fatalf("token %q", tok.token)
	}
	_, list := alice.get("/api/account/tokens")
	tokens := list["tokens"].([]any)
	raw, _ := json.Marshal(list)
	if len(tokens) != 1 || tokens[0].(map[string]any)["label"] != "script" || strings.Contains(string(raw), tok.token[len(account.APITokenPrefix):]) {
		t.Fatalf("list %s", raw)
	}
	if code, me := tok.do("GET", "/api/account/me", nil); code != 200 || me["name"] != "alice" || me["csrf"] != nil {
		t.Fatalf("me with the token: %d %v", code, me)
	}
	// No CSRF header and no content type: a bearer request needs neither.
	if code, out := tok.do("POST", "/api/games", play.CreateRequest{Game: "toy", Seats: []table.Seat{{Kind: table.SeatLocal}, {Kind: table.SeatOpen}}}); code != 201 {
		t.Fatalf("a game made with the token: %d %v", code, out)
	}
	req, _ := http.NewRequest("POST", h.http.URL+"/api/account/bot", bytes.NewReader(nil))
	req.Header.Set("Authorization", "Bearer "+tok.token)
	if resp, err := http.DefaultClient.Do(req); err != nil || resp.StatusCode != 403 {
		t.Fatalf("becoming a bot with a token, no body type: %v %v", resp.StatusCode, err)
	}
	// The same request with the session cookie and no CSRF token is refused.
	csrf := alice.csrf
	alice.csrf = ""
	if code, out := alice.post("/api/games", play.CreateRequest{Game: "toy", Seats: []table.Seat{{Kind: table.SeatLocal}, {Kind: table.SeatOpen}}}); code != 403 || out["error"] != account.ErrCSRF.Message {
		t.Fatalf("a cookie without CSRF: %d %v", code, out)
	}
	alice.csrf = csrf
	// A token is its own account's, whatever cookie comes with it: bob's
	// session does not make alice's token his.
	req, _ = http.NewRequest("GET", h.http.URL+"/api/account/me", nil)
	req.Header.Set("Authorization", "Bearer "+tok.token)
	resp, err := bob.hc.Do(req)
	if err != nil {
		t.Fatal(err)
	}
	resp.Body.Close()
	if _, me := bob.get("/api/account/me"); me["name"] != "bob" {
		t.Fatalf("bob: %v", me)
	}
	id := tokens[0].(map[string]any)["id"].(string)
	if code, _ := bob.post("/api/account/tokens/"+id+"/revoke", map[string]any{}); code != 404 {
		t.Fatalf("bob revoked alice's token: %d", code)
	}
	// A token cannot make tokens, revoke them, or sign out.
	for _, p := range []string{"/api/account/tokens", "/api/account/tokens/" + id + "/revoke", "/api/account/logout", "/api/account/password"} {
		if code, out := tok.do("POST", p, map[string]string{"label": "more"}); code != 403 {
			t.Errorf("%s with a token: %d %v", p, code, out)
		}
	}
	for _, bad := range []string{"wyrm_nope", tok.token + "x", strings.Repeat("a", 5000)} {
		c := &apiClient{t: t, base: h.http.URL, token: bad}
		if code, out := c.do("GET", "/api/account/me", nil); code != 401 || out["code"] != "unauthorized" {
			t.Errorf("token %.20q: %d %v", bad, code, out)
		}
	}
	if code, _ := alice.post("/api/account/tokens/"+id+"/revoke", map[string]any{}); code != 200 {
		t.Fatalf("revoke: %d", code)
	}
	if code, _ := tok.do("GET", "/api/account/me", nil); code != 401 {
		t.Fatalf("a revoked token: %d", code)
	}
}

// Requests with a token are limited per account and per address.
func TestBearerRequestsAreLimited(t *testing.T) {
	h := newChallengeHarness(t, func(c *Config) { c.Limits.APIPerMinute, c.Limits.APIBurst = 60, 8 })
	tok := newAPIToken(t, signUp(t, h.http.URL, "alice"), "script")
	n := 1
	for ; n <= 20; n++ {
		if code, out := tok.do("GET", "/api/account/me", nil); code == 429 {
			if !strings.Contains(out["error"].(string), "too many API requests") {
				t.Fatalf("refusal %v", out)
			}
			break
		}
	}
	if n != 9 {
		t.Fatalf("refused at request %d, want 9 (a burst of 8)", n)
	}
}

// Making and revoking tokens and becoming a bot are limited per client and
// account; a label is checked; an account with a game cannot become a bot.
func TestTokenChangesAreLimited(t *testing.T) {
	h := newChallengeHarness(t, nil)
	alice := signUp(t, h.http.URL, "alice")
	if code, out := alice.post("/api/account/tokens", map[string]string{"label": strings.Repeat("x", account.MaxTokenLabel+1)}); code != 400 {
		t.Fatalf("long label: %d %v", code, out)
	}
	n := 1
	for ; n <= 10; n++ {
		if code, _ := alice.post("/api/account/tokens", map[string]string{"label": "t"}); code == 429 {
			break
		}
	}
	if n != httpkit.TokensBurst {
		t.Fatalf("refused at token change %d, want %d", n, httpkit.TokensBurst)
	}
}
