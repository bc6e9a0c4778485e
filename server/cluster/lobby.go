package cluster

import (
	"context"
	"time"

	"wyrm/server/store"
)

// Every node lists every game in its lobby. The owner of a game publishes
// the game's entry whenever it changes: the store keeps it (a node starting
// reads the lobby from there) and notifies every node (LISTEN/NOTIFY), which
// puts it in its own lobby (Host.Apply) and pushes it to its lobby's
// watchers.

// Publish queues a game's changed lobby entry for the other nodes;
// finished says the game is over, so that no node takes it over.
func (n *Node) Publish(s store.Summary, finished bool) {
	n.mu.Lock()
	n.outbox[s.Game] = s
	if finished {
		n.finished[s.Game] = true
	}
	n.mu.Unlock()
	select {
	case n.wake <- struct{}{}:
	default:
	}
}

// publisher sends the queued entries in batches until the node's context
// ends.
func (n *Node) publisher() {
	for {
		select {
		case <-n.wake:
		case <-n.ctx.Done():
			return
		}
		ctx, cancel := context.WithTimeout(n.ctx, 10*time.Second)
		n.flush(ctx)
		cancel()
		select {
		case <-time.After(publishEvery):
		case <-n.ctx.Done():
			return
		}
	}
}

// flush publishes the queued entries and marks the games that ended as
// finished, so that no node takes them over.
func (n *Node) flush(ctx context.Context) {
	n.mu.Lock()
	sums := make([]store.Summary, 0, len(n.outbox))
	for _, s := range n.outbox {
		sums = append(sums, s)
	}
	over := map[string]int64{}
	for id := range n.finished {
		if term := n.held[id]; term != 0 {
			over[id] = term
		}
	}
	clear(n.outbox)
	clear(n.finished)
	n.mu.Unlock()
	if len(sums) > 0 {
		if err := n.st.Publish(ctx, n.name, sums); err != nil {
			if ctx.Err() == nil {
				n.log.Warn("publishing lobby entries", "err", err)
			}
			n.mu.Lock()
			for _, s := range sums {
				if _, newer := n.outbox[s.Game]; !newer {
					n.outbox[s.Game] = s
				}
			}
			n.mu.Unlock()
		}
	}
	for id, term := range over {
		if err := n.st.Finish(ctx, id, n.name, term); err != nil {
			n.log.Debug("marking a game finished", "game", id, "err", err)
		}
	}
}

// Notice takes in what the store's listener hears: another node's entry,
// a resync after the listener was cut off, or its error. (Tests call it to
// play another node.)
func (n *Node) Notice(x store.Notice) {
	switch {
	case x.Err != nil:
		n.log.Warn("listening for lobby changes", "err", x.Err)
	case x.Resync:
		n.resync()
	case x.Node == n.name:
		// This node's own entry, in its lobby already.
	default:
		n.m.notify.Observe(time.Since(x.SentAt))
		n.host.Apply(x.Summary)
		n.cutForwards(x.Summary.Game, x.Node)
		if g := n.host.Game(x.Summary.Game); g != nil {
			go n.checkStale(g, x.Summary.Version)
		}
	}
}

// resync reads every entry from the store: at start, and after the
// listener was cut off and may have missed changes.
func (n *Node) resync() {
	for {
		ctx, cancel := context.WithTimeout(n.ctx, 30*time.Second)
		sums, err := n.st.Summaries(ctx)
		cancel()
		if err == nil {
			for _, s := range sums {
				n.host.Apply(s)
			}
			n.readyOne.Do(func() { close(n.ready) })
			return
		}
		n.log.Warn("reading the lobby", "err", err)
		select {
		case <-time.After(time.Second):
		case <-n.ctx.Done():
			return
		}
	}
}

// checkStale lets go of a game that another node has moved on: only an
// owner publishes, so that node holds the lease now.
func (n *Node) checkStale(g Game, version int) {
	if g.Behind(version) {
		n.lose(g, "another node moved the game on")
	}
}
