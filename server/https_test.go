package server

import (
	"bytes"
	"net/http"
	"strings"
	"testing"

	"wyrm/internal/toysetup"
	"wyrm/server/account"
)

// signUpThrough signs a new account up through h with the given headers
// (name, value, ...) and returns the answer's session cookie and headers.
func signUpThrough(t *testing.T, h *harness, name string, headers ...string) (*http.Cookie, http.Header) {
	t.Helper()
	req, _ := http.NewRequest("POST", h.http.URL+"/api/account/signup",
		bytes.NewReader([]byte(`{"name":"`+name+`","password":"a long password"}`)))
	req.Header.Set("Content-Type", "application/json")
	for i := 0; i+1 < len(headers); i += 2 {
		req.Header.Set(headers[i], headers[i+1])
	}
	resp, err := http.DefaultClient.Do(req)
	if err != nil {
		t.Fatal(err)
	}
	resp.Body.Close()
	if resp.StatusCode != 200 {
		t.Fatalf("sign-up of %s: %d", name, resp.StatusCode)
	}
	for _, c := range resp.Cookies() {
		if c.Name == account.CookieName {
			return c, resp.Header
		}
	}
	t.Fatalf("sign-up of %s set no session cookie", name)
	return nil, nil
}

// Behind a trusted TLS-terminating proxy (X-Forwarded-Proto: https) the
// session cookie is Secure and every answer carries HSTS; the header means
// nothing from a client no trusted proxy stands before (finding 7 of
// issue 32).
func TestHTTPSBehindATrustedProxy(t *testing.T) {
	h := newHarnessWith(t, "", func(c *Config) {
		c.ProxyHeader = "X-Forwarded-For"
		openTestAccounts(t, c, account.Config{})
	}, toysetup.Game{})
	c, hd := signUpThrough(t, h, "alice", "X-Forwarded-For", "198.51.100.7", "X-Forwarded-Proto", "https")
	if !c.Secure {
		t.Error("the session cookie over https is not Secure")
	}
	if v := hd.Get("Strict-Transport-Security"); !strings.HasPrefix(v, "max-age=") {
		t.Errorf("HSTS over https: %q", v)
	}
	if code := h.getWith("/healthz", "X-Forwarded-For", "198.51.100.7", "X-Forwarded-Proto", "https"); code != 200 {
		t.Fatalf("healthz: %d", code)
	}
	c, hd = signUpThrough(t, h, "bob", "X-Forwarded-For", "198.51.100.8", "X-Forwarded-Proto", "http")
	if c.Secure || hd.Get("Strict-Transport-Security") != "" {
		t.Errorf("plain http through the proxy: Secure %v, HSTS %q", c.Secure, hd.Get("Strict-Transport-Security"))
	}

	// No trusted proxy: a client's own X-Forwarded-Proto is not believed
	// (HSTS sent over plain http would be ignored by browsers anyway, and a
	// Secure cookie over http would never come back).
	plain := newHarnessWith(t, "", func(c *Config) { openTestAccounts(t, c, account.Config{}) }, toysetup.Game{})
	c, hd = signUpThrough(t, plain, "carol", "X-Forwarded-Proto", "https")
	if c.Secure || hd.Get("Strict-Transport-Security") != "" {
		t.Errorf("no trusted proxy: Secure %v, HSTS %q", c.Secure, hd.Get("Strict-Transport-Security"))
	}
}
