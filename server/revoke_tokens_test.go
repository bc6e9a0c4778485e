package server

import "testing"

// Signing out everywhere and changing the password keep the account's API
// tokens unless asked to revoke them too, and the answer says which
// happened (finding 12 of issue 32).
func TestSignOutEverywhereAndPasswordMayRevokeTokens(t *testing.T) {
	h := newChallengeHarness(t, nil)
	alice := signUp(t, h.http.URL, "alice")
	live := func(c *apiClient) bool {
		code, _ := c.do("GET", "/api/account/me", nil)
		return code == 200
	}
	signIn := func(password string) {
		t.Helper()
		if code, out := alice.post("/api/account/login", map[string]string{"name": "alice", "password": password}); code != 200 {
			t.Fatalf("sign in: %d %v", code, out)
		}
	}
	tok := newAPIToken(t, alice, "script")
	code, out := alice.post("/api/account/logout-all", map[string]any{})
	if code != 200 || out["apiTokens"] != "kept" || !live(tok) {
		t.Fatalf("sign out everywhere, tokens kept: %d %v, token live %v", code, out, live(tok))
	}
	signIn("a long password")
	tok2 := newAPIToken(t, alice, "bot bridge")
	code, out = alice.post("/api/account/logout-all", map[string]any{"revokeTokens": true})
	if code != 200 || out["apiTokens"] != "revoked" || out["tokensRevoked"] != 2.0 || live(tok) || live(tok2) {
		t.Fatalf("sign out everywhere with the tokens: %d %v", code, out)
	}
	signIn("a long password")
	tok = newAPIToken(t, alice, "script")
	code, out = alice.post("/api/account/password", map[string]any{"old": "a long password", "new": "a newer password"})
	if code != 200 || out["apiTokens"] != "kept" || !live(tok) {
		t.Fatalf("password, tokens kept: %d %v", code, out)
	}
	code, out = alice.post("/api/account/password", map[string]any{"old": "a newer password", "new": "the newest password", "revokeTokens": true})
	if code != 200 || out["apiTokens"] != "revoked" || out["tokensRevoked"] != 1.0 || live(tok) {
		t.Fatalf("password with the tokens: %d %v", code, out)
	}
	if code, _ := alice.post("/api/account/password", map[string]any{"old": "the newest password", "new": "x", "revokeTokens": "yes"}); code != 400 {
		t.Fatalf("a malformed choice: %d", code)
	}
}
