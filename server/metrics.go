package server

import (
	"fmt"
	"net/http"
	"strings"
	"sync"
	"sync/atomic"
	"time"

	"wyrm/server/apierr"
	"wyrm/server/httpkit"
)

// metrics are counted by hand and written in the Prometheus text format.
type metrics struct {
	games, moves, messages, rejected, limited atomic.Int64
	conns, thinking, searchBusy               atomic.Int64
	action, save, http, search                histogram
}

func newMetrics() *metrics { return &metrics{} }

func (m *metrics) observeAction(d time.Duration) { m.action.observe(d) }
func (m *metrics) observeSave(d time.Duration)   { m.save.observe(d) }
func (m *metrics) observeHTTP(d time.Duration)   { m.http.observe(d) }
func (m *metrics) observeSearch(d time.Duration) { m.search.observe(d) }

// buckets are upper bounds in seconds.
var buckets = []float64{0.001, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5}

type histogram struct {
	mu     sync.Mutex
	counts [11]uint64 // one per bucket plus +Inf
	sum    float64
	n      uint64
}

func (h *histogram) observe(d time.Duration) {
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

func (h *histogram) write(b *strings.Builder, name, help string) {
	h.mu.Lock()
	defer h.mu.Unlock()
	fmt.Fprintf(b, "# HELP %s %s\n# TYPE %s histogram\n", name, help, name)
	var cum uint64
	for i, ub := range buckets {
		cum += h.counts[i]
		fmt.Fprintf(b, "%s_bucket{le=\"%g\"} %d\n", name, ub, cum)
	}
	cum += h.counts[len(buckets)]
	fmt.Fprintf(b, "%s_bucket{le=\"+Inf\"} %d\n%s_sum %g\n%s_count %d\n", name, cum, name, h.sum, name, h.n)
}

// handleMetrics serves the metrics on the public address, to this machine
// or the operator's token only (MetricsHandler serves them elsewhere).
func (srv *Server) handleMetrics(w http.ResponseWriter, r *http.Request) {
	if !srv.metricsAllowed(r) {
		httpkit.WriteError(w, apierr.New(apierr.Forbidden, "metrics are for the operator"))
		return
	}
	srv.writeMetrics(w)
}

// MetricsHandler serves /metrics alone, for a listener of the operator's
// own (wyrm serve --metrics-addr).
func (srv *Server) MetricsHandler() http.Handler {
	mux := http.NewServeMux()
	mux.HandleFunc("GET /metrics", func(w http.ResponseWriter, _ *http.Request) { srv.writeMetrics(w) })
	return mux
}

func (srv *Server) writeMetrics(w http.ResponseWriter) {
	m := srv.metrics
	var b strings.Builder
	gauge := func(name, typ, help string, v int64) {
		fmt.Fprintf(&b, "# HELP %s %s\n# TYPE %s %s\n%s %d\n", name, help, name, typ, name, v)
	}
	gauge("wyrm_games", "gauge", "Games held by the server.", m.games.Load())
	gauge("wyrm_moves_total", "counter", "Moves played since start.", m.moves.Load())
	gauge("wyrm_ws_messages_total", "counter", "Websocket messages handled.", m.messages.Load())
	gauge("wyrm_ws_rate_limited_total", "counter", "Websocket messages refused unread by the rate limit.", m.limited.Load())
	gauge("wyrm_ws_rejected_total", "counter", "Websocket actions refused.", m.rejected.Load())
	gauge("wyrm_ws_connections", "gauge", "Open websocket connections.", m.conns.Load())
	gauge("wyrm_engine_thinking", "gauge", "Computer players thinking or waiting for a searcher now.", m.thinking.Load())
	gauge("wyrm_engine_busy_total", "counter", "Computer turns that found every searcher busy until their time ran out.", m.searchBusy.Load())
	b.WriteString("# HELP wyrm_limited_total Requests refused by a per-client or per-node limit.\n# TYPE wyrm_limited_total counter\n")
	for _, name := range httpkit.LimitNames {
		fmt.Fprintf(&b, "wyrm_limited_total{limit=%q} %d\n", name, srv.limits.Refused(name))
	}
	m.action.write(&b, "wyrm_ws_action_seconds", "Time to handle one websocket message, saving included.")
	m.save.write(&b, "wyrm_store_append_seconds", "Time to store one action durably.")
	m.http.write(&b, "wyrm_http_request_seconds", "Time to answer one HTTP request.")
	m.search.write(&b, "wyrm_engine_move_seconds", "Time from a computer's turn to its move, waiting for a searcher included.")
	srv.writeClusterMetrics(&b)
	w.Header().Set("Content-Type", "text/plain; version=0.0.4")
	_, _ = w.Write([]byte(b.String()))
}
