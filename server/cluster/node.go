// Package cluster makes a play server one node of several sharing a
// PostgreSQL store: each game is owned by one node at a time through its
// lease, a request about a game owned elsewhere is forwarded to its owner,
// every node's lobby lists every game, and a node that stops renewing its
// leases has its games taken over by the others.
//
// The package knows the games only through Host and Game, which it
// declares for what it needs of them and the server implements: it owns
// the leases, their storage, the forwarding and its own metrics.
package cluster

import (
	"context"
	"fmt"
	"log/slog"
	"math/rand/v2"
	"net"
	"net/http"
	"sync"
	"sync/atomic"
	"time"

	"wyrm/server/life"
	"wyrm/server/store"
)

// Config makes a server one node of several sharing a PostgreSQL store
// (which must then be a store.Cluster). The node's name, given to Join,
// must be unique among them.
type Config struct {
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

// RenewParts divides the lease time: leases are renewed and orphans looked
// for every LeaseTTL/RenewParts, so a renewal may fail RenewParts-1 times
// before any lease runs out.
const RenewParts = 4

// Timing of a node.
const (
	// orphanBatch is how many expired leases one scan tries to take.
	orphanBatch = 64
	// idleAfter is how long a finished game nobody watches stays in
	// memory before its lease is given up (it is loaded again on demand).
	idleAfter = 30 * time.Second
	// publishEvery is the least time between two publications of lobby
	// summaries, so that a busy node sends them in batches.
	publishEvery = 250 * time.Millisecond
	// joinWait bounds joining: advertising and loading the lobby.
	joinWait = 30 * time.Second
)

// Host is what a node needs of the server it runs in: the games it serves
// in memory. The server implements it; the node decides which games it
// serves.
type Host interface {
	// Game is game id as the host serves it now; nil when it does not.
	// It takes no game's lock: the node may ask holding its own.
	Game(id string) Game
	// Load replays a stored game from its definition and log and serves
	// it, unless the host is closing (ErrMoved); a game it cannot replay
	// is ErrUnloadable. Before a running clock goes on, the host asks
	// downSince when the game's last owner was last known up, to give the
	// players back the time nobody ran it (0: nothing to give back).
	Load(ctx context.Context, g store.Game, log []store.Action, downSince func() int64) error
	// Apply puts in the host's lobby a game's entry as its owner
	// published it, unless the lobby has a newer one.
	Apply(s store.Summary)
}

// Game is one game a host serves, as its node sees it.
type Game interface {
	// ID is the game's id.
	ID() string
	// Idle reports whether the game is over and nobody watches it.
	Idle() bool
	// Behind reports whether the game still runs here with fewer than
	// version actions: another node has moved it on.
	Behind(version int) bool
	// Evict stops serving the game here: it leaves the host's games, its
	// timers stop, its clients are hung up (they reconnect to the new
	// owner) and what it holds of the host's limits is given back. It
	// reports whether the game was among the host's games and whether
	// this call stopped it (false: it was stopped already).
	Evict() (listed, stopped bool)
}

// Node is a server's part in a cluster: the leases it holds and the loops
// that renew them, take over orphaned games and publish its games'
// summaries. Lock order: a game's lock (inside the Host) before Node.mu,
// Node.mu before the host's index of games (Host.Game); Node.mu is never
// held while calling the database or anything else of the Host.
type Node struct {
	life   *life.Group
	ctx    context.Context
	host   Host
	log    *slog.Logger
	st     store.Cluster
	name   string
	addr   string
	secret string
	ttl    time.Duration
	lastUp int64     // this node's last heartbeat before it started (ms)
	joinBy time.Time // when joining gives up
	proxy  *http.Transport
	m      nodeMetrics
	pause  *pauseWatch

	mu       sync.Mutex
	held     map[string]int64                       // game id to the term of its lease here
	loading  map[string]chan struct{}               // games being taken now; closed when done
	dropped  map[string]int64                       // games this process has held and let go, when (ms)
	idle     map[string]time.Time                   // finished games nobody watches, since when
	outbox   map[string]store.Summary               // summaries waiting to be published
	finished map[string]bool                        // games of the outbox that are over
	forwards map[string]map[*forwardedConn]struct{} // websockets forwarded, by game
	renewed  time.Time                              // when the last renewal that succeeded began
	loads    []store.NodeLoad                       // the live nodes' games, as last counted
	handed   map[string]time.Time                   // games this node handed over, when
	wake     chan struct{}                          // the outbox has something
	ready    chan struct{}                          // closed once the lobby is loaded
	readyOne sync.Once
	leaving  atomic.Bool // Leave has run
}

// Join makes a node named name of the cluster in st for host: it says
// where it answers and reads what it needs to know of itself. Nothing
// runs until Listen and Run; the node's goroutines are the host's, in g,
// and end when it stops.
func Join(g *life.Group, cfg Config, st store.Store, name string, host Host, log *slog.Logger) (*Node, error) {
	cst, ok := st.(store.Cluster)
	if !ok {
		return nil, fmt.Errorf("several nodes need a store they can share (PostgreSQL), not %T", st)
	}
	if cfg.Advertise == "" {
		return nil, fmt.Errorf("a node needs the address other nodes reach it at")
	}
	n := newNode(g, cfg, cst, name, host, log)
	// From the start: requests are forwarded as soon as the lobby loads.
	n.life.Go(n.watchPauses)
	jctx, cancel := context.WithDeadline(n.ctx, n.joinBy)
	defer cancel()
	var err error
	if n.secret, err = cst.Secret(jctx); err != nil {
		return nil, fmt.Errorf("cluster secret: %w", err)
	}
	if err := cst.Advertise(jctx, n.name, n.addr); err != nil {
		return nil, fmt.Errorf("advertise %s: %w", n.addr, err)
	}
	if n.lastUp, err = cst.LastBeat(jctx, n.name); err != nil {
		return nil, err
	}
	return n, nil
}

// newNode is a node that has not joined yet.
func newNode(g *life.Group, cfg Config, st store.Cluster, name string, host Host, log *slog.Logger) *Node {
	n := &Node{life: g, ctx: g.Context(), host: host, log: log, st: st, name: name, addr: cfg.Advertise, ttl: cfg.LeaseTTL,
		held: map[string]int64{}, loading: map[string]chan struct{}{}, dropped: map[string]int64{},
		idle: map[string]time.Time{}, outbox: map[string]store.Summary{}, finished: map[string]bool{},
		forwards: map[string]map[*forwardedConn]struct{}{}, handed: map[string]time.Time{},
		wake: make(chan struct{}, 1), ready: make(chan struct{}), renewed: time.Now(),
		joinBy: time.Now().Add(joinWait), pause: newPauseWatch()}
	if n.ttl <= 0 {
		n.ttl = DefaultLeaseTTL
	}
	n.proxy = &http.Transport{DialContext: (&net.Dialer{Timeout: 2 * time.Second}).DialContext,
		MaxIdleConnsPerHost: 64, IdleConnTimeout: 90 * time.Second, ResponseHeaderTimeout: n.ttl + time.Second}
	return n
}

// Listen follows what the other nodes publish and waits until this node's
// lobby is loaded. On failure the listener runs on until the node's
// context ends: the host closes.
func (n *Node) Listen() error {
	n.life.Go(func() { _ = n.st.Listen(n.ctx, n.Notice) })
	ctx, cancel := context.WithDeadline(n.ctx, n.joinBy)
	defer cancel()
	select {
	case <-n.ready:
		return nil
	case <-ctx.Done():
		return fmt.Errorf("loading the lobby: %w", ctx.Err())
	}
}

// Run starts renewing leases, taking over orphaned games and publishing,
// until the node's context ends.
func (n *Node) Run() {
	n.life.Go(n.renewLoop)
	n.life.Go(n.orphanLoop)
	n.life.Go(n.publisher)
	n.life.Go(n.balanceLoop)
	n.log.Info("joined the cluster", "node", n.name, "advertise", n.addr, "leaseTTL", n.ttl)
}

// Leave gives up every lease this node holds, so that the other nodes
// take its games over at once rather than when the leases run out, and
// publishes what is still waiting. The host calls it once, when closing,
// after every goroutine it runs has ended.
func (n *Node) Leave() {
	if !n.leaving.CompareAndSwap(false, true) {
		return
	}
	ctx, cancel := context.WithTimeout(context.Background(), 10*time.Second)
	defer cancel()
	n.flush(ctx)
	for _, g := range n.games() {
		n.letGo(ctx, g, true)
	}
}

// closing reports whether the node's host is closing.
func (n *Node) closing() bool { return n.ctx.Err() != nil }

// games returns the games this node holds, as its host serves them.
func (n *Node) games() []Game {
	n.mu.Lock()
	ids := make([]string, 0, len(n.held))
	for id := range n.held {
		ids = append(ids, id)
	}
	n.mu.Unlock()
	var out []Game
	for _, id := range ids {
		if g := n.host.Game(id); g != nil {
			out = append(out, g)
		}
	}
	return out
}

// renewLoop renews this node's leases, lets go of the games it lost, and
// of finished games nobody has watched for a while.
func (n *Node) renewLoop() {
	every := n.ttl / RenewParts
	n.life.Every(every, func() {
		n.mu.Lock()
		held := make(map[string]int64, len(n.held))
		for id, term := range n.held {
			held[id] = term
		}
		n.mu.Unlock()
		start := time.Now()
		ctx, cancel := context.WithTimeout(n.ctx, n.ttl)
		lost, err := n.st.RenewAll(ctx, n.name, held, n.ttl)
		cancel()
		if err != nil {
			if n.closing() {
				return
			}
			n.log.Warn("renewing leases", "err", err)
			n.mu.Lock()
			late := time.Since(n.renewed) > n.ttl-every
			n.mu.Unlock()
			if late {
				// The leases may run out before the next try: another node
				// may serve these games by then, so stop serving them here.
				for _, g := range n.games() {
					n.lose(g, "leases not renewed")
				}
			}
			return
		}
		n.mu.Lock()
		n.renewed = start
		n.mu.Unlock()
		for _, id := range lost {
			if g := n.host.Game(id); g != nil && n.Term(id) == held[id] {
				n.lose(g, "lease taken by another node")
			}
		}
		n.letIdleGo()
	})
}

// letIdleGo gives up finished games that nobody has watched for idleAfter.
func (n *Node) letIdleGo() {
	now := time.Now()
	for _, g := range n.games() {
		id, idle := g.ID(), g.Idle()
		n.mu.Lock()
		since, seen := n.idle[id]
		switch {
		case !idle:
			delete(n.idle, id)
		case !seen:
			n.idle[id] = now
		}
		n.mu.Unlock()
		if idle && seen && now.Sub(since) >= idleAfter {
			ctx, cancel := context.WithTimeout(n.ctx, n.ttl)
			n.letGo(ctx, g, false)
			cancel()
		}
	}
}

// orphanLoop takes over the unfinished games whose lease has run out: their
// node died, lost the database, or left.
func (n *Node) orphanLoop() {
	n.takeOrphans()
	n.life.Every(n.ttl/RenewParts, n.takeOrphans)
}

func (n *Node) takeOrphans() {
	ctx, cancel := context.WithTimeout(n.ctx, n.ttl)
	defer cancel()
	orphans, err := n.st.Orphans(ctx, orphanBatch)
	if err != nil {
		if ctx.Err() == nil {
			n.log.Warn("looking for orphaned games", "err", err)
		}
		return
	}
	// In random order, so that the nodes share a dead node's games.
	rand.Shuffle(len(orphans), func(i, j int) { orphans[i], orphans[j] = orphans[j], orphans[i] })
	for _, l := range orphans {
		if n.closing() {
			return
		}
		if n.Term(l.Game) != 0 {
			continue // ours, renewed late: the renewal loop decides
		}
		if err := n.take(ctx, l, 0); err != nil && !n.closing() {
			n.log.Debug("taking over", "game", l.Game, "err", err)
		}
	}
}

// Term is the term of the lease this node holds on a game, 0 when none.
func (n *Node) Term(id string) int64 {
	n.mu.Lock()
	defer n.mu.Unlock()
	return n.held[id]
}

// Forget drops the leases this node holds from its memory without
// releasing them, as a process that dies does: tests crash a node with it.
func (n *Node) Forget() {
	n.mu.Lock()
	clear(n.held)
	n.mu.Unlock()
}
