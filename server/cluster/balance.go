package cluster

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"io"
	"net/http"
	"slices"
	"strconv"
	"strings"
	"time"

	"wyrm/server/apierr"
	"wyrm/server/httpkit"
	"wyrm/server/store"
)

// Games are spread over the live nodes. A game created through the front
// door (POST /api/games) is made on the node holding the fewest unfinished
// games, as this node last counted them; and every lease time each node
// counts again, and one holding more than its fair share (the games over
// the live nodes, rounded up) hands the excess to the nodes below it, as a
// node leaving in a rolling restart does: it stops serving the game (its
// clients reconnect), releases the lease and asks the new node to take
// the game at once. So a node that joins or returns fills up within a few
// lease times. A node stays a little above its share before it hands
// over (balanceSlack), so that games do not move back and forth.

// Balance limits.
const (
	// balanceBatch is the most games a node hands over in one round, so
	// that a node joining a large cluster fills up over a few rounds
	// rather than all its clients reconnecting at once.
	balanceBatch = 16
	// balanceSlack is how far above its fair share (or a tenth of it, if
	// more) a node may hold before it hands games over: each handover
	// makes clients reconnect, so a node a game or two ahead keeps them.
	balanceSlack = 2
	// handOffHold is how long a node leaves a game it handed over to its
	// new owner before it may take the game again itself.
	handOffHold = 2 * time.Second
	// takePath is where a node asks another to take a game now (peers only).
	takePath = "/cluster/take/"
)

// errHandedOff refuses to take back a game this node has just handed over.
var errHandedOff = errors.New("the game was just handed to another node")

// balanceLoop counts the nodes' games and hands over this node's excess,
// every lease time until the node's context ends.
func (n *Node) balanceLoop() {
	n.balance()
	n.life.Every(n.ttl, n.balance)
}

// balance counts the live nodes' games and hands over what this node holds
// beyond its fair share to the nodes below it.
func (n *Node) balance() {
	ctx, cancel := context.WithTimeout(n.ctx, n.ttl)
	defer cancel()
	loads, err := n.st.Loads(ctx, n.ttl)
	if err != nil {
		if ctx.Err() == nil {
			n.log.Warn("counting the nodes' games", "err", err)
		}
		return
	}
	n.mu.Lock()
	// A copy: placement counts new games into n.loads under the lock,
	// while this round works on its own counts without it.
	n.loads = slices.Clone(loads)
	n.mu.Unlock()
	total, self := 0, -1
	for i, l := range loads {
		total += l.Games
		if l.Node == n.name {
			self = i
		}
	}
	if self < 0 || len(loads) < 2 {
		return
	}
	fair := (total + len(loads) - 1) / len(loads)
	if loads[self].Games <= fair+max(balanceSlack, fair/10) {
		return
	}
	excess := min(loads[self].Games-fair, balanceBatch)
	for _, g := range n.games() {
		// A round that has run out of time stops: each handover first
		// stops serving its game, and one whose release then fails leaves
		// the game to the orphan scan, a lease time without an owner.
		if excess <= 0 || n.closing() || ctx.Err() != nil {
			return
		}
		if g.Idle() {
			continue // over and unwatched: let go soon anyway
		}
		to := -1
		for i, l := range loads {
			if i != self && l.Games < fair && (to < 0 || l.Games < loads[to].Games) {
				to = i
			}
		}
		if to < 0 {
			return
		}
		if !n.handOver(g, loads[to]) {
			return // the next would most likely fail alike (a busy database)
		}
		loads[to].Games++
		excess--
	}
}

// handOver gives game g to node to between two of its actions: g stops
// being served here (its clients reconnect and are routed to the new
// owner), its lease is released and to is asked to take it now. Should to
// not answer, another node's orphan scan takes it within a lease time.
func (n *Node) handOver(g Game, to store.NodeLoad) bool {
	id := g.ID()
	term := n.Term(id)
	if term == 0 {
		return false
	}
	n.mu.Lock()
	n.handed[id] = time.Now()
	n.mu.Unlock()
	if !n.unhold(g) {
		return false
	}
	// Once the game is stopped here, releasing it is what lets the new
	// owner take it at once: that gets a lease time of its own, whatever
	// is left of the round's.
	ctx, cancel := context.WithTimeout(n.ctx, n.ttl)
	defer cancel()
	at := time.Now().UnixMilli()
	if err := n.st.Release(ctx, id, n.name, term); err != nil {
		n.log.Warn("handing a game over", "game", id, "to", to.Node, "err", err)
		return false
	}
	if err := n.askTake(ctx, to, id, at); err != nil {
		n.log.Warn("asking a node to take a game", "game", id, "to", to.Node, "err", err)
	}
	n.m.handedOver.Add(1)
	n.log.Info("game handed over", "game", id, "to", to.Node)
	return true
}

// askTake asks node to to take game id, which this node stopped serving
// at (ms) and released.
func (n *Node) askTake(ctx context.Context, to store.NodeLoad, id string, at int64) error {
	req, err := http.NewRequestWithContext(ctx, http.MethodPost, strings.TrimRight(to.Addr, "/")+takePath+id+"?at="+strconv.FormatInt(at, 10), nil)
	if err != nil {
		return err
	}
	req.Header.Set(HeaderPeer, n.secret)
	req.Header.Set(HeaderSent, strconv.FormatInt(time.Now().UnixMilli(), 10))
	// A POST passes the front door's same-origin guard only as JSON.
	req.Header.Set("Content-Type", "application/json")
	resp, err := (&http.Client{Transport: n.proxy, Timeout: n.ttl}).Do(req)
	if err != nil {
		return err
	}
	defer resp.Body.Close()
	if resp.StatusCode != http.StatusOK {
		b, _ := io.ReadAll(io.LimitReader(resp.Body, 512))
		return fmt.Errorf("%s: %s", resp.Status, bytes.TrimSpace(b))
	}
	return nil
}

// serveTake takes a game another node handed to this one; only peers may
// ask.
func (n *Node) serveTake(w http.ResponseWriter, r *http.Request, id string) {
	if !n.fromPeer(r) || r.Method != http.MethodPost {
		httpkit.WriteError(w, apierr.New(apierr.NotFound, "not found"))
		return
	}
	at, err := strconv.ParseInt(r.URL.Query().Get("at"), 10, 64)
	if err != nil || at <= 0 {
		httpkit.WriteError(w, apierr.New(apierr.BadRequest, "at: the time the game was handed over, in Unix milliseconds"))
		return
	}
	l, err := n.st.LeaseOf(r.Context(), id)
	if err == nil {
		err = n.take(r.Context(), l, at)
	}
	switch {
	case errors.Is(err, store.ErrNotFound):
		httpkit.WriteError(w, errNoGame)
	case errors.Is(err, store.ErrLeaseHeld):
		httpkit.WriteError(w, apierr.New(apierr.Conflict, "another node took the game first"))
	case err != nil:
		httpkit.WriteError(w, apierr.New(apierr.Unavailable, "taking the game: %v", err))
	default:
		httpkit.WriteJSON(w, http.StatusOK, map[string]any{"ok": true})
	}
}

// place serves a new game's creation: on this node, or forwarded to the
// live node holding the fewest unfinished games when it holds fewer than
// this one. A node that cannot be reached leaves the game here.
func (n *Node) place(w http.ResponseWriter, r *http.Request, h http.Handler) {
	to, ok := n.leastLoaded()
	if !ok {
		h.ServeHTTP(w, r)
		return
	}
	body, err := io.ReadAll(http.MaxBytesReader(w, r.Body, httpkit.MaxBody))
	if err != nil {
		httpkit.WriteError(w, apierr.New(apierr.BadRequest, "malformed request: %v", err))
		return
	}
	r.Body = io.NopCloser(bytes.NewReader(body))
	if n.forward(w, r, store.Lease{Owner: to.Node, Addr: to.Addr}) {
		return
	}
	r.Body = io.NopCloser(bytes.NewReader(body))
	h.ServeHTTP(w, r)
}

// placeSlack is how many games more than the least loaded node a node
// may hold and still keep a new game itself: a twentieth of the fair
// share. Each node's counts of the others are up to a lease time old;
// when many games are being made, every node would otherwise see the
// same node as the emptiest and send it all their new games at once,
// then all to the next, and the balancer would have to move them back.
// Behind a front that spreads requests, making games where they arrive
// is already fair. It stays well below the balancer's slack (a tenth).
func placeSlack(total, nodes int) int {
	return total / max(nodes, 1) / 20
}

// leastLoaded is the node a new game should go to when it is not this one,
// by the latest count, which it updates with the game.
func (n *Node) leastLoaded() (store.NodeLoad, bool) {
	n.mu.Lock()
	defer n.mu.Unlock()
	self, best, total := -1, -1, 0
	for i, l := range n.loads {
		if l.Node == n.name {
			self = i
		}
		if best < 0 || l.Games < n.loads[best].Games {
			best = i
		}
		total += l.Games
	}
	switch {
	case self < 0:
		return store.NodeLoad{}, false
	case best == self || n.loads[best].Games+placeSlack(total, len(n.loads)) >= n.loads[self].Games:
		n.loads[self].Games++
		return store.NodeLoad{}, false
	}
	n.loads[best].Games++
	return n.loads[best], true
}
