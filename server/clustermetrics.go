package server

import (
	"fmt"
	"net/http"
	"strings"
	"sync/atomic"
	"time"

	"wyrm/server/apierr"
	"wyrm/server/httpkit"
	"wyrm/server/metrics"
)

// clusterMetrics are a node's own counts, in /metrics beside the server's.
type clusterMetrics struct {
	acquired, takenOver, lost, forwarded atomic.Int64
	// forward is the time from forwarding a request to the owner's answer
	// (for a websocket, its upgrade); notify from another node publishing a
	// lobby entry to this node receiving it; takeover from acquiring a
	// lease to serving the game.
	forward, notify, takeover metrics.Histogram
}

// writeClusterMetrics adds the node's metrics; nothing without a cluster.
func (srv *Server) writeClusterMetrics(b *strings.Builder) {
	n := srv.cluster
	if n == nil {
		return
	}
	n.mu.Lock()
	owned := len(n.held)
	n.mu.Unlock()
	m := &n.m
	gauge := func(name, typ, help string, v int64) {
		fmt.Fprintf(b, "# HELP %s %s\n# TYPE %s %s\n%s %d\n", name, help, name, typ, name, v)
	}
	gauge("wyrm_node_games_owned", "gauge", "Games whose lease this node holds.", int64(owned))
	gauge("wyrm_leases_acquired_total", "counter", "Leases this node acquired (games created, taken over or loaded on demand).", m.acquired.Load())
	gauge("wyrm_leases_taken_over_total", "counter", "Games this node took over from another node.", m.takenOver.Load())
	gauge("wyrm_leases_lost_total", "counter", "Games this node stopped serving because another node took them or its leases were not renewed.", m.lost.Load())
	gauge("wyrm_forwarded_total", "counter", "Requests forwarded to the node owning their game.", m.forwarded.Load())
	m.forward.Write(b, "wyrm_forward_seconds", "Time from forwarding a request to the owner's answer (a websocket's upgrade).")
	m.notify.Write(b, "wyrm_notify_seconds", "Time from another node publishing a lobby change to this node receiving it.")
	m.takeover.Write(b, "wyrm_takeover_seconds", "Time from acquiring a game's lease to serving the game.")
}

// clusterHealth answers /healthz on a node: unhealthy once its leases have
// gone unrenewed for a lease time (its database is out of reach), so that
// a load balancer sends clients elsewhere. It reports false without a
// cluster, having written nothing.
func (srv *Server) clusterHealth(w http.ResponseWriter) bool {
	n := srv.cluster
	if n == nil {
		return false
	}
	n.mu.Lock()
	owned, since := len(n.held), time.Since(n.renewed)
	n.mu.Unlock()
	if since > n.ttl {
		httpkit.WriteError(w, apierr.New(apierr.Unavailable, "node %s has not renewed its leases for %v", n.name, since.Round(time.Millisecond)))
		return true
	}
	httpkit.WriteJSON(w, http.StatusOK, map[string]any{"ok": true, "node": n.name, "owned": owned})
	return true
}
