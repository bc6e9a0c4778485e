package server

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"strconv"
	"time"

	"github.com/coder/websocket"

	"wyrm/server/apierr"
	"wyrm/server/store"
	"wyrm/server/table"
)

// errMoved is a save refused because another node owns the game now.
var errMoved = errors.New("the game has moved to another node")

// errUnloadable is a stored game this node cannot replay (its definition
// is unreadable or names a game it does not have).
var errUnloadable = errors.New("the game cannot be loaded")

// off reports whether the session no longer runs here: the server is
// closing, or another node owns the game. Nothing is scheduled for it then.
func (s *session) off() bool { return s.moved || s.srv.closing() }

// storeGame stores a new game; in a cluster the creating node takes its
// lease in the same transaction.
func (srv *Server) storeGame(ctx context.Context, g store.Game) error {
	n := srv.cluster
	if n == nil {
		return srv.store.CreateGame(ctx, g)
	}
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

// appendAction stores one action of s; in a cluster only under the term of
// this node's lease, so that a node that lost the game cannot write to it.
// Caller holds s.mu.
func (srv *Server) appendAction(ctx context.Context, s *session, a store.Action) error {
	n := srv.cluster
	if n == nil {
		return srv.store.Append(ctx, s.id, a)
	}
	term := n.term(s.id)
	if s.moved || term == 0 {
		return errMoved
	}
	err := n.st.AppendFenced(ctx, s.id, term, a)
	switch {
	case err == nil:
		return nil
	case errors.Is(err, store.ErrFenced):
		go n.lose(s, "append fenced off")
		return errMoved
	default:
		// Whether it was stored is not known (a timeout) or memory and
		// database disagree (a conflict): serve the game again from the
		// database, here or elsewhere.
		go n.lose(s, "append failed: "+err.Error())
		return err
	}
}

// saveFailed is the answer to an action that could not be stored.
func saveFailed(err error) error {
	if errors.Is(err, errMoved) {
		return apierr.New(apierr.Unavailable, "this game has moved to another server; reconnect and try again")
	}
	return apierr.New(apierr.Internal, "the server could not save this action; nothing changed")
}

// take acquires a game's lease, loads the game and serves it here. prev is
// the lease as the caller saw it, which tells whether the game is taken
// over from another node and since when nobody ran it. A game being taken
// by another goroutine of this node is waited for.
func (n *node) take(ctx context.Context, prev store.Lease) (*session, error) {
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
			return nil, ctx.Err()
		}
	}
	if s := n.srv.session(id); s != nil {
		n.mu.Unlock()
		return s, nil
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
	if n.srv.closing() {
		return nil, errMoved
	}
	start := time.Now()
	term, err := n.st.Acquire(ctx, id, n.name, n.ttl)
	if err != nil {
		return nil, err
	}
	s, err := n.load(ctx, id, term)
	if err != nil {
		n.srv.log.Error("taking a game", "game", id, "err", err)
		// A game no node can load is marked finished, so that the nodes
		// stop taking it over; it is still tried when someone asks for it.
		n.giveBack(id, term, errors.Is(err, errUnloadable))
		return nil, err
	}
	n.mu.Lock()
	n.held[id] = term
	again := n.dropped[id]
	n.mu.Unlock()
	n.srv.mu.Lock()
	if n.srv.closing() {
		n.srv.mu.Unlock()
		n.mu.Lock()
		delete(n.held, id)
		n.mu.Unlock()
		n.giveBack(id, term, false)
		return nil, errMoved
	}
	n.srv.sessions[id] = s
	n.srv.mu.Unlock()
	n.srv.metrics.Games.Add(1)
	n.m.acquired.Add(1)
	from := prev.Owner
	if from != "" && from != n.name {
		n.m.takenOver.Add(1)
	}
	s.mu.Lock()
	if t := s.t; s.broken == nil && t.Clock.Running && !t.Outcome().Over {
		// Nobody ran the clock since the last owner was last known up.
		if down := n.downSince(ctx, prev, again); down > 0 {
			if err := s.commit(int(t.ToMove()), table.ActResume, strconv.FormatInt(down, 10)); err != nil {
				n.srv.log.Error("resume clock", "game", id, "err", err)
			}
		}
	}
	// As at a single server's start: a result its owner died before
	// recording is recorded now (once per game, however often asked).
	s.recordResult()
	n.srv.lobby.update(s)
	s.schedule()
	s.mu.Unlock()
	n.cutForwards(id, n.name)
	n.m.takeover.Observe(time.Since(start))
	n.srv.log.Info("game taken", "game", id, "term", term, "from", from)
	return s, nil
}

// load reads a game and replays it.
func (n *node) load(ctx context.Context, id string, term int64) (*session, error) {
	sg, err := n.st.Game(ctx, id)
	if err != nil {
		return nil, err
	}
	var def Def
	if err := json.Unmarshal(sg.Def, &def); err != nil {
		return nil, fmt.Errorf("%w: %v", errUnloadable, err)
	}
	log, err := n.st.Actions(ctx, id)
	if err != nil {
		return nil, err
	}
	s, err := newSession(n.srv, id, sg.CreatedMs, def, log)
	if err != nil {
		return nil, fmt.Errorf("%w: %v", errUnloadable, err)
	}
	if s.broken != nil {
		n.srv.log.Error("game restored only in part", "game", id, "err", s.broken)
	}
	if !s.t.Outcome().Over && s.broken == nil {
		// As at a restart: the game counts against this node's cap of
		// computer-only games, its creator's count stays where it was.
		s.release, _ = n.srv.holdComputer("", def)
	}
	return s, nil
}

// downSince is when the previous owner was last known up, for the clock:
// the node that held the lease, or this node before it restarted. A game
// this process let go and takes back, or whose lease another node still
// held, was never without an owner for long (0: nothing to give back).
func (n *node) downSince(ctx context.Context, prev store.Lease, again bool) int64 {
	switch {
	case prev.Owner == "" || again:
		return 0
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
func (n *node) lose(s *session, why string) {
	if n.unhold(s) {
		n.m.lost.Add(1)
		n.srv.log.Warn("game lost", "game", s.id, "why", why)
	}
}

// letGo gives up a game this node holds, releasing its lease so that
// another node may take it at once (leaving says why: the node is closing).
func (n *node) letGo(ctx context.Context, s *session, leaving bool) {
	term := n.term(s.id)
	if !n.unhold(s) {
		return
	}
	if err := n.st.Release(ctx, s.id, n.name, term); err != nil && !leaving {
		n.srv.log.Warn("releasing a lease", "game", s.id, "err", err)
	}
}

// giveBack releases a lease this node acquired but does not serve.
func (n *node) giveBack(id string, term int64, finished bool) {
	ctx, cancel := context.WithTimeout(context.Background(), 5*time.Second)
	defer cancel()
	if finished {
		_ = n.st.Finish(ctx, id, n.name, term)
	}
	_ = n.st.Release(ctx, id, n.name, term)
}

// unhold forgets s: it leaves the server's games and the held leases, its
// timers stop and its clients are hung up. It reports whether s was held.
func (n *node) unhold(s *session) bool {
	n.mu.Lock()
	_, held := n.held[s.id]
	delete(n.held, s.id)
	delete(n.idle, s.id)
	n.dropped[s.id] = true
	n.mu.Unlock()
	n.srv.mu.Lock()
	mine := n.srv.sessions[s.id] == s
	if mine {
		delete(n.srv.sessions, s.id)
	}
	n.srv.mu.Unlock()
	if mine {
		n.srv.metrics.Games.Add(-1)
	}
	s.mu.Lock()
	defer s.mu.Unlock()
	if s.moved {
		return false
	}
	s.moved = true
	if s.timer != nil {
		s.timer.Stop()
	}
	if s.lifeTimer != nil {
		s.lifeTimer.Stop()
	}
	for c := range s.subs {
		go c.close(websocket.StatusServiceRestart, "this game moved to another server; reconnect")
	}
	s.notifyBots() // their streams end; the bots connect again
	if s.release != nil {
		s.release()
		s.release = nil
	}
	return held || mine
}
