// Package metrics counts what the play server does and writes it in the
// Prometheus text format, on /metrics for this machine or the operator's
// token, or on a listener of the operator's own.
package metrics

import (
	"crypto/subtle"
	"fmt"
	"io"
	"net/http"
	"strings"
	"sync"
	"sync/atomic"
	"time"

	"wyrm/server/apierr"
	"wyrm/server/httpkit"
)

// Metrics are the server's counters and histograms, counted by hand.
type Metrics struct {
	// Games is how many games the server holds; Moves, Messages,
	// Rejected and Limited count moves played, websocket messages
	// handled, websocket actions refused and websocket messages refused
	// unread by the rate limit.
	Games, Moves, Messages, Rejected, Limited atomic.Int64
	// Conns counts open websockets, Thinking the computer players
	// thinking or waiting for a searcher, SearchBusy the computer turns
	// that found every searcher busy until their time ran out.
	Conns, Thinking, SearchBusy atomic.Int64

	action, save, http, search Histogram

	limits *httpkit.Limiters
	token  string
	extra  []func(b *strings.Builder)
}

// New returns metrics that also report the refusals of limits. A bearer
// of token (if not "") may read them from anywhere; each of extra adds
// metrics kept elsewhere (a cluster node's) to every writing.
func New(limits *httpkit.Limiters, token string, extra ...func(b *strings.Builder)) *Metrics {
	return &Metrics{limits: limits, token: token, extra: extra}
}

// ObserveAction records the time to handle one websocket message.
func (m *Metrics) ObserveAction(d time.Duration) { m.action.Observe(d) }

// ObserveSave records the time to store one action durably.
func (m *Metrics) ObserveSave(d time.Duration) { m.save.Observe(d) }

// ObserveHTTP records the time to answer one HTTP request.
func (m *Metrics) ObserveHTTP(d time.Duration) { m.http.Observe(d) }

// ObserveSearch records the time from a computer's turn to its move.
func (m *Metrics) ObserveSearch(d time.Duration) { m.search.Observe(d) }

// buckets are upper bounds in seconds.
var buckets = []float64{0.001, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5}

// Histogram counts durations in buckets from a millisecond to 2.5 s.
// Its zero value is empty and ready.
type Histogram struct {
	mu     sync.Mutex
	counts [11]uint64 // one per bucket plus +Inf
	sum    float64
	n      uint64
}

// Observe counts one duration.
func (h *Histogram) Observe(d time.Duration) {
	s := d.Seconds()
	h.mu.Lock()
	defer h.mu.Unlock()
	i := 0
	for i < len(buckets) && s > buckets[i] {
		i++
	}
	h.counts[i]++
	h.sum += s
	h.n++
}

// Write writes the histogram as the metric name described by help.
func (h *Histogram) Write(w io.Writer, name, help string) {
	h.mu.Lock()
	defer h.mu.Unlock()
	fmt.Fprintf(w, "# HELP %s %s\n# TYPE %s histogram\n", name, help, name)
	var cum uint64
	for i, ub := range buckets {
		cum += h.counts[i]
		fmt.Fprintf(w, "%s_bucket{le=\"%g\"} %d\n", name, ub, cum)
	}
	cum += h.counts[len(buckets)]
	fmt.Fprintf(w, "%s_bucket{le=\"+Inf\"} %d\n%s_sum %g\n%s_count %d\n", name, cum, name, h.sum, name, h.n)
}

// Routes registers /metrics on the public address, for this machine or
// the operator's token only (Handler serves them elsewhere).
func (m *Metrics) Routes(mux *httpkit.Mux) {
	mux.HandleErr("GET /metrics", func(w http.ResponseWriter, r *http.Request) error {
		if !m.allowed(r) {
			return apierr.New(apierr.Forbidden, "metrics are for the operator")
		}
		m.write(w)
		return nil
	})
}

// Handler serves /metrics alone, to anyone: it is for a listener of the
// operator's own (wyrm serve --metrics-addr).
func (m *Metrics) Handler() http.Handler {
	mux := http.NewServeMux()
	mux.HandleFunc("GET /metrics", func(w http.ResponseWriter, _ *http.Request) { m.write(w) })
	return mux
}

// allowed reports whether r may read /metrics on the public address.
// With a token, only its bearer may: a reverse proxy on this machine would
// make every client look local. Without one, only this machine may, as
// the server's front door judged the client (httpkit.Front: the address a
// trusted proxy appended, and never a loopback connection that says it
// speaks for someone else).
func (m *Metrics) allowed(r *http.Request) bool {
	if m.token != "" {
		got := r.Header.Get("Authorization")
		return subtle.ConstantTimeCompare([]byte(got), []byte("Bearer "+m.token)) == 1
	}
	return httpkit.FrontOf(r).Local
}

func (m *Metrics) write(w http.ResponseWriter) {
	var b strings.Builder
	gauge := func(name, typ, help string, v int64) {
		fmt.Fprintf(&b, "# HELP %s %s\n# TYPE %s %s\n%s %d\n", name, help, name, typ, name, v)
	}
	gauge("wyrm_games", "gauge", "Games held by the server.", m.Games.Load())
	gauge("wyrm_moves_total", "counter", "Moves played since start.", m.Moves.Load())
	gauge("wyrm_ws_messages_total", "counter", "Websocket messages handled.", m.Messages.Load())
	gauge("wyrm_ws_rate_limited_total", "counter", "Websocket messages refused unread by the rate limit.", m.Limited.Load())
	gauge("wyrm_ws_rejected_total", "counter", "Websocket actions refused.", m.Rejected.Load())
	gauge("wyrm_ws_connections", "gauge", "Open websocket connections.", m.Conns.Load())
	gauge("wyrm_engine_thinking", "gauge", "Computer players thinking or waiting for a searcher now.", m.Thinking.Load())
	gauge("wyrm_engine_busy_total", "counter", "Computer turns that found every searcher busy until their time ran out.", m.SearchBusy.Load())
	b.WriteString("# HELP wyrm_limited_total Requests refused by a per-client or per-node limit.\n# TYPE wyrm_limited_total counter\n")
	for _, name := range httpkit.LimitNames {
		fmt.Fprintf(&b, "wyrm_limited_total{limit=%q} %d\n", name, m.limits.Refused(name))
	}
	m.action.Write(&b, "wyrm_ws_action_seconds", "Time to handle one websocket message, saving included.")
	m.save.Write(&b, "wyrm_store_append_seconds", "Time to store one action durably.")
	m.http.Write(&b, "wyrm_http_request_seconds", "Time to answer one HTTP request.")
	m.search.Write(&b, "wyrm_engine_move_seconds", "Time from a computer's turn to its move, waiting for a searcher included.")
	for _, f := range m.extra {
		f(&b)
	}
	w.Header().Set("Content-Type", "text/plain; version=0.0.4")
	_, _ = w.Write([]byte(b.String()))
}

// Count is how many durations h has counted.
func (h *Histogram) Count() uint64 {
	h.mu.Lock()
	defer h.mu.Unlock()
	return h.n
}
