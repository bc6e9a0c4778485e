package server

import (
	"net/http"
	"testing"

	"wyrm/internal/toysetup"
)

// getWith sends GET path with the given headers (name, value, ...) and
// returns the status.
func (h *harness) getWith(path string, headers ...string) int {
	h.t.Helper()
	req, _ := http.NewRequest("GET", h.http.URL+path, nil)
	for i := 0; i+1 < len(headers); i += 2 {
		req.Header.Set(headers[i], headers[i+1])
	}
	resp, err := http.DefaultClient.Do(req)
	if err != nil {
		h.t.Fatal(err)
	}
	resp.Body.Close()
	return resp.StatusCode
}

// A reverse proxy on the server's own machine connects from the loopback
// address for every client: /metrics must judge the client the proxy
// names, and with --metrics-token set ask for the token from everyone
// (finding 6 of issue 32).
func TestMetricsJudgeTheClientBehindAProxy(t *testing.T) {
	h := newHarnessWith(t, "", func(c *Config) { c.ProxyHeader = "X-Forwarded-For" }, toysetup.Game{})
	if code := h.getWith("/metrics", "X-Forwarded-For", "203.0.113.9"); code != 403 {
		t.Errorf("a distant client through the trusted proxy: %d, want 403", code)
	}
	if code := h.getWith("/metrics", "X-Forwarded-For", "127.0.0.1, 203.0.113.9"); code != 403 {
		t.Errorf("a distant client writing a loopback address before the proxy's: %d, want 403", code)
	}
	if code := h.getWith("/metrics", "X-Forwarded-For", "127.0.0.1"); code != 200 {
		t.Errorf("this machine through the proxy: %d, want 200", code)
	}
	if code := h.getWith("/metrics"); code != 200 {
		t.Errorf("this machine, not through the proxy: %d, want 200", code)
	}

	// No proxy header configured, yet a proxy on this machine forwards:
	// a loopback connection that says it speaks for someone is not this
	// machine's operator.
	plain := newHarnessWith(t, "", nil, toysetup.Game{})
	for _, hd := range []string{"X-Forwarded-For", "Forwarded", "X-Real-IP"} {
		v := "203.0.113.9"
		if hd == "Forwarded" {
			v = "for=203.0.113.9"
		}
		if code := plain.getWith("/metrics", hd, v); code != 403 {
			t.Errorf("loopback with %s and no trusted proxy: %d, want 403", hd, code)
		}
	}

	// With a token, the token alone opens /metrics on the public address.
	tok := newHarnessWith(t, "", func(c *Config) { c.ProxyHeader = "X-Forwarded-For"; c.MetricsToken = "s3cret" }, toysetup.Game{})
	if code := tok.getWith("/metrics"); code != 403 {
		t.Errorf("loopback without the token: %d, want 403", code)
	}
	if code := tok.getWith("/metrics", "X-Forwarded-For", "127.0.0.1"); code != 403 {
		t.Errorf("this machine through the proxy without the token: %d, want 403", code)
	}
	if code := tok.getWith("/metrics", "X-Forwarded-For", "203.0.113.9", "Authorization", "Bearer s3cret"); code != 200 {
		t.Errorf("a distant client with the token: %d, want 200", code)
	}
	if code := tok.getWith("/metrics", "Authorization", "Bearer s3cre"); code != 403 {
		t.Errorf("a wrong token: %d, want 403", code)
	}
}
