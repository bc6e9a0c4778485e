package server

import (
	"context"
	"encoding/json"
	"time"

	"wyrm/server/store"
)

// Every node lists every game in its lobby. The owner of a game publishes
// the game's entry whenever it changes: the store keeps it (a node starting
// reads the lobby from there) and notifies every node (LISTEN/NOTIFY), which
// puts it in its own lobby and pushes it to its lobby's watchers.

// publish queues a game's changed lobby entry for the other nodes; nothing
// without a cluster. Caller holds s.mu.
func (srv *Server) publish(s *session, e listEntry) {
	n := srv.cluster
	if n == nil || s.moved {
		return
	}
	b, err := json.Marshal(e)
	if err != nil {
		return
	}
	n.mu.Lock()
	n.outbox[s.id] = store.Summary{Game: s.id, CreatedMs: s.created, Version: e.Version, Data: b}
	if e.List == listFinished {
		n.finished[s.id] = true
	}
	n.mu.Unlock()
	select {
	case n.wake <- struct{}{}:
	default:
	}
}

// publisher sends the queued entries in batches until the server closes.
func (n *node) publisher() {
	for {
		select {
		case <-n.wake:
		case <-n.srv.ctx.Done():
			return
		}
		ctx, cancel := context.WithTimeout(n.srv.ctx, 10*time.Second)
		n.flush(ctx)
		cancel()
		select {
		case <-time.After(publishEvery):
		case <-n.srv.ctx.Done():
			return
		}
	}
}

// flush publishes the queued entries and marks the games that ended as
// finished, so that no node takes them over.
func (n *node) flush(ctx context.Context) {
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
				n.srv.log.Warn("publishing lobby entries", "err", err)
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
			n.srv.log.Debug("marking a game finished", "game", id, "err", err)
		}
	}
}

// notice takes in what the store's listener hears.
func (n *node) notice(x store.Notice) {
	switch {
	case x.Err != nil:
		n.srv.log.Warn("listening for lobby changes", "err", x.Err)
	case x.Resync:
		n.resync()
	case x.Node == n.name:
		// This node's own entry, in its lobby already.
	default:
		n.m.notify.Observe(time.Since(x.SentAt))
		n.apply(x.Summary)
		n.cutForwards(x.Summary.Game, x.Node)
		if s := n.srv.session(x.Summary.Game); s != nil {
			go n.checkStale(s, x.Summary.Version)
		}
	}
}

// resync reads every entry from the store: at start, and after the
// listener was cut off and may have missed changes.
func (n *node) resync() {
	for {
		ctx, cancel := context.WithTimeout(n.srv.ctx, 30*time.Second)
		sums, err := n.st.Summaries(ctx)
		cancel()
		if err == nil {
			for _, s := range sums {
				n.apply(s)
			}
			n.readyOne.Do(func() { close(n.ready) })
			return
		}
		n.srv.log.Warn("reading the lobby", "err", err)
		select {
		case <-time.After(time.Second):
		case <-n.srv.ctx.Done():
			return
		}
	}
}

// apply puts an entry in this node's lobby unless it has a newer one.
func (n *node) apply(s store.Summary) {
	var e listEntry
	if err := json.Unmarshal(s.Data, &e); err != nil || e.ID != s.Game {
		return
	}
	e.Version = s.Version
	n.srv.lobby.set(e)
}

// checkStale lets go of a game that another node has moved on: only an
// owner publishes, so that node holds the lease now.
func (n *node) checkStale(s *session, version int) {
	s.mu.Lock()
	stale := !s.moved && len(s.t.Log) < version
	s.mu.Unlock()
	if stale {
		n.lose(s, "another node moved the game on")
	}
}
