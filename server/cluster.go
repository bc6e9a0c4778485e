package server

import (
	"context"
	"fmt"
	"math/rand/v2"
	"net"
	"net/http"
	"sync"
	"sync/atomic"
	"time"

	"wyrm/server/store"
)

// ClusterConfig makes a Server one node of several sharing a PostgreSQL
// store (Config.Store must then be a store.Cluster). Each game is owned by
// one node at a time through its lease; a request about a game owned
// elsewhere is forwarded to its owner, and a node that stops renewing its
// leases has its games taken over by the others. Config.Node names the
// node and must be unique among them.
type ClusterConfig struct {
	// Advertise is the base URL at which the other nodes reach this one
	// (http://10.0.0.7:8080).
	Advertise string
	// LeaseTTL is how long a lease lasts unless renewed: a dead node's
	// games are taken over about this long after its last renewal. 0 means
	// DefaultLeaseTTL.
	LeaseTTL time.Duration
}

// DefaultLeaseTTL is the lease time of a node that sets none: long enough
// that a busy database or a garbage collection does not cost a node its
// games, short enough that a dead node's games move within seconds.
const DefaultLeaseTTL = 4 * time.Second

// Timing of a node, in fractions of the lease time.
const (
	// renewParts: leases are renewed every LeaseTTL/renewParts, so a
	// renewal may fail renewParts-1 times before any lease runs out.
	renewParts = 4
	// orphanBatch is how many expired leases one scan tries to take.
	orphanBatch = 64
	// idleAfter is how long a finished game nobody watches stays in
	// memory before its lease is given up (it is loaded again on demand).
	idleAfter = 30 * time.Second
	// publishEvery is the least time between two publications of lobby
	// summaries, so that a busy node sends them in batches.
	publishEvery = 250 * time.Millisecond
)

// node is a Server's part in a cluster: the leases it holds and the loops
// that renew them, take over orphaned games and publish its games'
// summaries. Lock order: a session's mu before node.mu; node.mu is never
// held while taking a session's mu or calling the database.
type node struct {
	srv    *Server
	st     store.Cluster
	name   string
	addr   string
	secret string
	ttl    time.Duration
	lastUp int64 // this node's last heartbeat before it started (ms)
	proxy  *http.Transport
	m      clusterMetrics

	mu       sync.Mutex
	held     map[string]int64                       // game id to the term of its lease here
	loading  map[string]chan struct{}               // games being taken now; closed when done
	dropped  map[string]bool                        // games this process has held and let go
	idle     map[string]time.Time                   // finished games nobody watches, since when
	outbox   map[string]store.Summary               // summaries waiting to be published
	finished map[string]bool                        // games of the outbox that are over
	forwards map[string]map[*forwardedConn]struct{} // websockets forwarded, by game
	renewed  time.Time                              // when the last renewal that succeeded began
	wake     chan struct{}                          // the outbox has something
	ready    chan struct{}                          // closed once the lobby is loaded
	readyOne sync.Once
	leaving  atomic.Bool // leaveCluster has run
}

// joinCluster makes srv a node of the cluster in its store: it says where
// it answers, loads the lobby, and starts renewing, taking over orphaned
// games and publishing. Called by New in place of loading every game.
func (srv *Server) joinCluster(cfg ClusterConfig) (*Server, error) {
	st, ok := srv.store.(store.Cluster)
	if !ok {
		return nil, fmt.Errorf("several nodes need a store they can share (PostgreSQL), not %T", srv.store)
	}
	if cfg.Advertise == "" {
		return nil, fmt.Errorf("a node needs the address other nodes reach it at")
	}
	n := &node{srv: srv, st: st, name: srv.node, addr: cfg.Advertise, ttl: cfg.LeaseTTL,
		held: map[string]int64{}, loading: map[string]chan struct{}{}, dropped: map[string]bool{},
		idle: map[string]time.Time{}, outbox: map[string]store.Summary{}, finished: map[string]bool{},
		forwards: map[string]map[*forwardedConn]struct{}{},
		wake:     make(chan struct{}, 1), ready: make(chan struct{}), renewed: time.Now()}
	if n.ttl <= 0 {
		n.ttl = DefaultLeaseTTL
	}
	n.proxy = &http.Transport{DialContext: (&net.Dialer{Timeout: 2 * time.Second}).DialContext,
		MaxIdleConnsPerHost: 64, IdleConnTimeout: 90 * time.Second, ResponseHeaderTimeout: n.ttl + time.Second}
	ctx, cancel := context.WithTimeout(srv.ctx, 30*time.Second)
	defer cancel()
	var err error
	if n.secret, err = st.Secret(ctx); err != nil {
		return nil, fmt.Errorf("cluster secret: %w", err)
	}
	if err := st.Advertise(ctx, n.name, n.addr); err != nil {
		return nil, fmt.Errorf("advertise %s: %w", n.addr, err)
	}
	if n.lastUp, err = st.LastBeat(ctx, n.name); err != nil {
		return nil, err
	}
	srv.cluster = n
	srv.goSafe(func() { _ = st.Listen(srv.ctx, n.notice) })
	select {
	case <-n.ready:
	case <-ctx.Done():
		srv.Close()
		return nil, fmt.Errorf("loading the lobby: %w", ctx.Err())
	}
	srv.beat()
	srv.goSafe(srv.heartbeat)
	srv.goSafe(n.renewLoop)
	srv.goSafe(n.orphanLoop)
	srv.goSafe(n.publisher)
	srv.log.Info("joined the cluster", "node", n.name, "advertise", n.addr, "leaseTTL", n.ttl)
	return srv, nil
}

// leaveCluster gives up every lease this node holds, so that the other
// nodes take its games over at once rather than when the leases run out,
// and publishes what is still waiting. Close calls it once every goroutine
// of the server has ended.
func (srv *Server) leaveCluster() {
	n := srv.cluster
	if n == nil || !n.leaving.CompareAndSwap(false, true) {
		return
	}
	ctx, cancel := context.WithTimeout(context.Background(), 10*time.Second)
	defer cancel()
	n.flush(ctx)
	for _, s := range n.sessions() {
		n.letGo(ctx, s, true)
	}
}

// sessions returns the sessions of the games this node holds.
func (n *node) sessions() []*session {
	n.mu.Lock()
	ids := make([]string, 0, len(n.held))
	for id := range n.held {
		ids = append(ids, id)
	}
	n.mu.Unlock()
	var out []*session
	for _, id := range ids {
		if s := n.srv.session(id); s != nil {
			out = append(out, s)
		}
	}
	return out
}

// renewLoop renews this node's leases, lets go of the games it lost, and
// of finished games nobody has watched for a while.
func (n *node) renewLoop() {
	every := n.ttl / renewParts
	n.srv.every(every, func() {
		n.mu.Lock()
		held := make(map[string]int64, len(n.held))
		for id, term := range n.held {
			held[id] = term
		}
		n.mu.Unlock()
		start := time.Now()
		ctx, cancel := context.WithTimeout(n.srv.ctx, n.ttl)
		lost, err := n.st.RenewAll(ctx, n.name, held, n.ttl)
		cancel()
		if err != nil {
			if n.srv.ctx.Err() != nil {
				return // closing
			}
			n.srv.log.Warn("renewing leases", "err", err)
			n.mu.Lock()
			late := time.Since(n.renewed) > n.ttl-every
			n.mu.Unlock()
			if late {
				// The leases may run out before the next try: another node
				// may serve these games by then, so stop serving them here.
				for _, s := range n.sessions() {
					n.lose(s, "leases not renewed")
				}
			}
			return
		}
		n.mu.Lock()
		n.renewed = start
		n.mu.Unlock()
		for _, id := range lost {
			if s := n.srv.session(id); s != nil && n.term(id) == held[id] {
				n.lose(s, "lease taken by another node")
			}
		}
		n.letIdleGo()
	})
}

// letIdleGo gives up finished games that nobody has watched for idleAfter.
func (n *node) letIdleGo() {
	now := time.Now()
	for _, s := range n.sessions() {
		s.mu.Lock()
		idle := s.t.Outcome().Over && len(s.subs) == 0
		s.mu.Unlock()
		n.mu.Lock()
		since, seen := n.idle[s.id]
		switch {
		case !idle:
			delete(n.idle, s.id)
		case !seen:
			n.idle[s.id] = now
		}
		n.mu.Unlock()
		if idle && seen && now.Sub(since) >= idleAfter {
			ctx, cancel := context.WithTimeout(n.srv.ctx, n.ttl)
			n.letGo(ctx, s, false)
			cancel()
		}
	}
}

// orphanLoop takes over the unfinished games whose lease has run out: their
// node died, lost the database, or left.
func (n *node) orphanLoop() {
	n.takeOrphans()
	n.srv.every(n.ttl/renewParts, n.takeOrphans)
}

func (n *node) takeOrphans() {
	ctx, cancel := context.WithTimeout(n.srv.ctx, n.ttl)
	defer cancel()
	orphans, err := n.st.Orphans(ctx, orphanBatch)
	if err != nil {
		if ctx.Err() == nil {
			n.srv.log.Warn("looking for orphaned games", "err", err)
		}
		return
	}
	// In random order, so that the nodes share a dead node's games.
	rand.Shuffle(len(orphans), func(i, j int) { orphans[i], orphans[j] = orphans[j], orphans[i] })
	for _, l := range orphans {
		if n.srv.closing() {
			return
		}
		if n.term(l.Game) != 0 {
			continue // ours, renewed late: the renewal loop decides
		}
		if _, err := n.take(ctx, l); err != nil && n.srv.ctx.Err() == nil {
			n.srv.log.Debug("taking over", "game", l.Game, "err", err)
		}
	}
}

// term is the term of the lease this node holds on a game, 0 when none.
func (n *node) term(id string) int64 {
	n.mu.Lock()
	defer n.mu.Unlock()
	return n.held[id]
}
