package metrics

import (
	"net/http/httptest"
	"strings"
	"testing"
	"time"

	"wyrm/server/httpkit"
)

// /metrics on the public address answers the operator's token alone when
// there is one, and this machine when there is none; the operator's own
// listener answers anyone. Extra writers add their metrics to every answer.
func TestMetricsAccessAndExtraWriters(t *testing.T) {
	m := New(httpkit.NewLimiters(httpkit.Limits{}), "secret", func(b *strings.Builder) { b.WriteString("wyrm_extra 1\n") })
	m.Games.Add(2)
	m.ObserveHTTP(3 * time.Millisecond)
	mux := httpkit.NewMux()
	m.Routes(mux)
	for _, c := range []struct {
		name, addr, auth string
		code             int
	}{
		{"loopback without the token", "127.0.0.1:5000", "", 403},
		{"loopback with the token", "[::1]:5000", "Bearer secret", 200},
		{"elsewhere", "192.0.2.1:5000", "", 403},
		{"elsewhere with the token", "192.0.2.1:5000", "Bearer secret", 200},
		{"elsewhere with another token", "192.0.2.1:5000", "Bearer other", 403},
	} {
		r := httptest.NewRequest("GET", "/metrics", nil)
		r.RemoteAddr = c.addr
		if c.auth != "" {
			r.Header.Set("Authorization", c.auth)
		}
		w := httptest.NewRecorder()
		mux.ServeHTTP(w, r)
		if w.Code != c.code {
			t.Errorf("%s: %d, want %d", c.name, w.Code, c.code)
		}
	}
	open := New(httpkit.NewLimiters(httpkit.Limits{}), "")
	openMux := httpkit.NewMux()
	open.Routes(openMux)
	for _, c := range []struct {
		addr string
		code int
	}{{"127.0.0.1:5000", 200}, {"[::1]:5000", 200}, {"192.0.2.1:5000", 403}} {
		r := httptest.NewRequest("GET", "/metrics", nil)
		r.RemoteAddr = c.addr
		w := httptest.NewRecorder()
		openMux.ServeHTTP(w, r)
		if w.Code != c.code {
			t.Errorf("no token, %s: %d, want %d", c.addr, w.Code, c.code)
		}
	}
	r := httptest.NewRequest("GET", "/metrics", nil)
	r.RemoteAddr = "192.0.2.1:5000"
	w := httptest.NewRecorder()
	m.Handler().ServeHTTP(w, r)
	body := w.Body.String()
	for _, want := range []string{"wyrm_games 2\n", `wyrm_http_request_seconds_bucket{le="0.005"} 1`, "wyrm_http_request_seconds_count 1\n",
		`wyrm_limited_total{limit="edits"} 0`, "wyrm_extra 1\n"} {
		if w.Code != 200 || !strings.Contains(body, want) {
			t.Errorf("operator's listener %d: no %q in\n%s", w.Code, want, body)
		}
	}
	if ct := w.Header().Get("Content-Type"); ct != "text/plain; version=0.0.4" {
		t.Errorf("Content-Type %q", ct)
	}
}
