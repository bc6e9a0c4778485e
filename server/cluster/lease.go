package cluster

import (
	"context"
	"errors"
	"time"

	"wyrm/server/store"
)

// ErrMoved is a save refused because another node owns the game now.
var ErrMoved = errors.New("the game has moved to another node")

// ErrUnloadable is a stored game this node cannot replay (its definition
// is unreadable or names a game it does not have).
var ErrUnloadable = errors.New("the game cannot be loaded")

// CreateGame stores a new game and takes its lease in the same
// transaction: the node that creates a game owns it.
func (n *Node) CreateGame(ctx context.Context, g store.Game) error {
	term, err := n.st.CreateLeased(ctx, g, n.name, n.ttl)
	if err != nil {
		return err
	}
	n.mu.Lock()
	n.held[g.ID] = term
	n.mu.Unlock()
	n.m.acquired.Add(1)
	return nil
}

// Append stores one action of g only under the term of this node's lease,
// so that a node that lost the game cannot write to it. A refused or
// failed append lets the game go (ErrMoved: another node owns it). The
// caller holds g's lock.
func (n *Node) Append(ctx context.Context, g Game, a store.Action) error {
	id := g.ID()
	term := n.Term(id)
	if term == 0 {
		return ErrMoved
	}
	err := n.st.AppendFenced(ctx, id, term, a)
	switch {
	case err == nil:
		return nil
	case errors.Is(err, store.ErrFenced):
		go n.lose(g, "append fenced off")
		return ErrMoved
	default:
		// Whether it was stored is not known (a timeout) or memory and
		// database disagree (a conflict): serve the game again from the
		// database, here or elsewhere.
		go n.lose(g, "append failed: "+err.Error())
		return err
	}
}

// take acquires a game's lease, loads the game and serves it here. prev is
// the lease as the caller saw it, which tells whether the game is taken
// over from another node and since when nobody ran it; handedAt (ms, 0
// for none) is when another node handed the game to this one. A game being
// taken by another goroutine of this node is waited for; one this node
// has just handed over is not taken back.
func (n *Node) take(ctx context.Context, prev store.Lease, handedAt int64) error {
	id := prev.Game
	for {
		n.mu.Lock()
		ch, busy := n.loading[id]
		if !busy {
			break
		}
		n.mu.Unlock()
		select {
		case <-ch:
		case <-ctx.Done():
			return ctx.Err()
		}
	}
	if n.host.Game(id) != nil {
		n.mu.Unlock()
		return nil
	}
	if at, ok := n.handed[id]; ok {
		if time.Since(at) < handOffHold {
			n.mu.Unlock()
			return errHandedOff
		}
		delete(n.handed, id)
	}
	ch := make(chan struct{})
	n.loading[id] = ch
	n.mu.Unlock()
	defer func() {
		n.mu.Lock()
		delete(n.loading, id)
		n.mu.Unlock()
		close(ch)
	}()
	if n.closing() {
		return ErrMoved
	}
	start := time.Now()
	term, err := n.st.Acquire(ctx, id, n.name, n.ttl)
	if err != nil {
		return err
	}
	// Held before the game is served: the resumed clock's action is
	// appended under this term.
	n.mu.Lock()
	n.held[id] = term
	letGo := n.dropped[id]
	n.mu.Unlock()
	if err := n.load(ctx, id, func() int64 { return n.downSince(ctx, prev, letGo, handedAt) }); err != nil {
		n.mu.Lock()
		delete(n.held, id)
		n.mu.Unlock()
		if !errors.Is(err, ErrMoved) {
			n.log.Error("taking a game", "game", id, "err", err)
		}
		// A game no node can load is marked finished, so that the nodes
		// stop taking it over; it is still tried when someone asks for it.
		n.giveBack(id, term, errors.Is(err, ErrUnloadable))
		return err
	}
	n.m.acquired.Add(1)
	from := prev.Owner
	if from != "" && from != n.name {
		n.m.takenOver.Add(1)
	}
	n.cutForwards(id, n.name)
	n.m.takeover.Observe(time.Since(start))
	n.log.Info("game taken", "game", id, "term", term, "from", from)
	return nil
}

// load reads a game and has the host serve it.
func (n *Node) load(ctx context.Context, id string, downSince func() int64) error {
	g, err := n.st.Game(ctx, id)
	if err != nil {
		return err
	}
	log, err := n.st.Actions(ctx, id)
	if err != nil {
		return err
	}
	return n.host.Load(ctx, g, log, downSince)
}

// downSince is when the previous owner was last known up, for the clock:
// the node that held the lease, this process when it let the game go
// (letGo, ms; 0 if it never held it), or this node before it restarted. A
// game whose lease another node still held was never without an owner for
// long (0: nothing to give back). A game this process lost to another node
// and takes back is that node's: its last heartbeat counts.
func (n *Node) downSince(ctx context.Context, prev store.Lease, letGo, handedAt int64) int64 {
	switch {
	case handedAt > 0:
		return handedAt
	case prev.Owner == "":
		return 0
	case prev.Owner == n.name && letGo != 0:
		return letGo
	case prev.Owner == n.name:
		return n.lastUp
	case prev.Live:
		return 0
	}
	at, err := n.st.LastBeat(ctx, prev.Owner)
	if err != nil {
		return 0
	}
	return at
}

// lose stops serving a game whose lease this node no longer holds (or may
// no longer hold): its clients are hung up, and reconnect to the owner.
func (n *Node) lose(g Game, why string) {
	if n.unhold(g) {
		n.m.lost.Add(1)
		n.log.Warn("game lost", "game", g.ID(), "why", why)
	}
}

// letGo gives up a game this node holds, releasing its lease so that
// another node may take it at once (leaving says why: the node is closing).
func (n *Node) letGo(ctx context.Context, g Game, leaving bool) {
	id := g.ID()
	term := n.Term(id)
	if !n.unhold(g) {
		return
	}
	if err := n.st.Release(ctx, id, n.name, term); err != nil && !leaving {
		n.log.Warn("releasing a lease", "game", id, "err", err)
	}
}

// giveBack releases a lease this node acquired but does not serve.
func (n *Node) giveBack(id string, term int64, finished bool) {
	ctx, cancel := context.WithTimeout(context.Background(), 5*time.Second)
	defer cancel()
	if finished {
		_ = n.st.Finish(ctx, id, n.name, term)
	}
	_ = n.st.Release(ctx, id, n.name, term)
}

// unhold forgets g: it leaves the held leases and its host evicts it. It
// reports whether g was held or served here and this call stopped it.
func (n *Node) unhold(g Game) bool {
	id := g.ID()
	n.mu.Lock()
	_, held := n.held[id]
	delete(n.held, id)
	delete(n.idle, id)
	n.dropped[id] = time.Now().UnixMilli()
	n.mu.Unlock()
	listed, stopped := g.Evict()
	return stopped && (held || listed)
}
