package cluster

import (
	"fmt"
	"net/http"
	"strings"
	"sync/atomic"
	"time"

	"wyrm/internal/buildinfo"
	"wyrm/server/apierr"
	"wyrm/server/httpkit"
	"wyrm/server/metrics"
)

// nodeMetrics are a node's own counts, in /metrics beside the server's.
type nodeMetrics struct {
	acquired, takenOver, lost, forwarded, handedOver atomic.Int64
	// forwardedSockets counts the forwarded requests that were websockets:
	// each carries a game's every move through two nodes.
	forwardedSockets atomic.Int64
	// forward is the time from forwarding a request to the owner's answer
	// (for a websocket, its upgrade); notify from another node publishing a
	// lobby entry to this node receiving it; takeover from acquiring a
	// lease to serving the game.
	forward, notify, takeover metrics.Histogram
}

// Stats are a node's counts so far.
type Stats struct {
	// Owned is how many games' leases the node holds.
	Owned int
	// Acquired, TakenOver, Lost and Forwarded count leases acquired,
	// games taken over from another node and lost, and requests
	// forwarded.
	Acquired, TakenOver, Lost, Forwarded int64
	// ForwardedSockets counts the forwarded requests that were websockets.
	ForwardedSockets int64
	// HandedOver counts games this node gave to a less loaded node.
	HandedOver int64
	// Nodes is how many live nodes the last count of games found.
	Nodes int
	// Notified counts the lobby entries heard from other nodes.
	Notified uint64
}

// Stats returns the node's counts, as /metrics writes them (tests read
// them too).
func (n *Node) Stats() Stats {
	n.mu.Lock()
	owned, nodes := len(n.held), len(n.loads)
	n.mu.Unlock()
	m := &n.m
	return Stats{Owned: owned, Acquired: m.acquired.Load(), TakenOver: m.takenOver.Load(), Lost: m.lost.Load(),
		Forwarded: m.forwarded.Load(), ForwardedSockets: m.forwardedSockets.Load(), Notified: m.notify.Count(), HandedOver: m.handedOver.Load(), Nodes: nodes}
}

// WriteMetrics adds the node's metrics to a Prometheus text exposition.
func (n *Node) WriteMetrics(b *strings.Builder) {
	s := n.Stats()
	m := &n.m
	gauge := func(name, typ, help string, v int64) {
		fmt.Fprintf(b, "# HELP %s %s\n# TYPE %s %s\n%s %d\n", name, help, name, typ, name, v)
	}
	gauge("wyrm_node_games_owned", "gauge", "Games whose lease this node holds.", int64(s.Owned))
	gauge("wyrm_leases_acquired_total", "counter", "Leases this node acquired (games created, taken over or loaded on demand).", s.Acquired)
	gauge("wyrm_leases_taken_over_total", "counter", "Games this node took over from another node.", s.TakenOver)
	gauge("wyrm_leases_lost_total", "counter", "Games this node stopped serving because another node took them or its leases were not renewed.", s.Lost)
	gauge("wyrm_leases_handed_over_total", "counter", "Games this node handed to a less loaded node.", s.HandedOver)
	gauge("wyrm_cluster_nodes", "gauge", "Live nodes at this node's last count of their games.", int64(s.Nodes))
	gauge("wyrm_forwarded_total", "counter", "Requests forwarded to the node owning their game.", s.Forwarded)
	gauge("wyrm_forwarded_websockets_total", "counter", "Websockets forwarded to the node owning their game (a client that routes on X-Wyrm-Node avoids them).", s.ForwardedSockets)
	m.forward.Write(b, "wyrm_forward_seconds", "Time from forwarding a request to the owner's answer (a websocket's upgrade).")
	m.notify.Write(b, "wyrm_notify_seconds", "Time from another node publishing a lobby change to this node receiving it.")
	m.takeover.Write(b, "wyrm_takeover_seconds", "Time from acquiring a game's lease to serving the game.")
}

// Health answers /healthz on a node: unhealthy once its leases have gone
// unrenewed for a lease time (its database is out of reach), so that a
// load balancer sends clients elsewhere.
func (n *Node) Health(w http.ResponseWriter) {
	n.mu.Lock()
	owned, since := len(n.held), time.Since(n.renewed)
	n.mu.Unlock()
	if since > n.ttl {
		httpkit.WriteError(w, apierr.New(apierr.Unavailable, "node %s has not renewed its leases for %v", n.name, since.Round(time.Millisecond)))
		return
	}
	httpkit.WriteJSON(w, http.StatusOK, map[string]any{"ok": true, "node": n.name, "owned": owned, "version": buildinfo.Version()})
}
