package server

import (
	"bytes"
	"encoding/json"
	"net/http"
	"net/http/httptest"
	"testing"

	"wyrm/internal/pgtest"
)

// loginFrom signs in to h as name with password from addr, straight into
// the handler, and returns the status.
func loginFrom(t *testing.T, h *harness, name, password, addr string) int {
	t.Helper()
	raw, _ := json.Marshal(map[string]string{"name": name, "password": password})
	req, _ := http.NewRequest("POST", h.http.URL+"/api/account/login", bytes.NewReader(raw))
	req.Header.Set("Content-Type", "application/json")
	req.RemoteAddr = addr
	rec := httptest.NewRecorder()
	h.srv.Handler().ServeHTTP(rec, req)
	return rec.Code
}

// A stranger's wrong guesses from one address, past its limit, do not
// lock the owner out from theirs: with the default limits the guesser is
// refused after ten, and the owner still signs in (finding 2 of issue 32).
func TestGuessesCannotLockTheOwnerOut(t *testing.T) {
	h := newAccountsHarness(t)
	signUp(t, h.http.URL, "alice")
	const stranger, owner = "203.0.113.5:4000", "192.0.2.44:5000"
	for i := range 10 {
		if code := loginFrom(t, h, "alice", "a guess", stranger); code != 403 {
			t.Fatalf("guess %d: %d", i+1, code)
		}
	}
	if code := loginFrom(t, h, "alice", "a long password", stranger); code != 429 {
		t.Fatalf("the guesser's eleventh try: %d, want 429", code)
	}
	if code := loginFrom(t, h, "alice", "a long password", owner); code != 200 {
		t.Fatalf("the owner from another address: %d, want 200", code)
	}
}

// The sign-in limits hold across the nodes of a cluster: ten guesses on
// one node spend the allowance on the other too (finding 11 of issue 32).
func TestClusterGuessLimitsAreShared(t *testing.T) {
	url := pgtest.NewDB(t)
	a, b := startAccountNode(t, url, "a"), startAccountNode(t, url, "b")
	signUp(t, a.http.URL, "alice")
	const guesser = "203.0.113.5:4000"
	for i := range 10 {
		if code := loginFrom(t, a, "alice", "a guess", guesser); code != 403 {
			t.Fatalf("guess %d on node a: %d", i+1, code)
		}
	}
	if code := loginFrom(t, b, "alice", "a long password", guesser); code != 429 {
		t.Fatalf("the eleventh guess, on node b: %d, want 429", code)
	}
}
