package server

import (
	"cmp"
	"context"
	"slices"
	"sync"
	"time"

	"wyrm/server/challenge"
)

// challengeHub is a node's part in challenges: the event streams open here,
// the index of every node's open seeks (for the lobby), and who is online.
// It hears every node's changes through the challenge store's events (one
// goroutine, in order) and passes them to the streams and lobby pages
// concerned. Lock order: lobby.mu before hub.mu; hub.mu is never held
// while calling the database.
type challengeHub struct {
	srv *Server
	st  *challenge.Store

	mu      sync.Mutex
	streams map[string]*eventStream             // by id (the hash of the stream's secret)
	byUser  map[int64]map[*eventStream]struct{} // signed-in players' streams
	seeks   map[string]challengeJSON
	online  []string // names, as last read
	// onlineWake asks the online refresher to read who is online again.
	onlineWake chan struct{}
}

// openChallenges opens the challenge store in the server's database and
// starts the hub's loops; nothing without accounts (challenges are made
// by players, rated ones need accounts, and the accounts' database is
// theirs too).
func (srv *Server) openChallenges() error {
	if srv.accounts == nil {
		return nil
	}
	ctx, cancel := context.WithTimeout(srv.ctx, 30*time.Second)
	defer cancel()
	st, err := challenge.Open(ctx, srv.store, challenge.Config{Now: srv.now})
	if err != nil {
		return err
	}
	// This node serves no stream yet, whatever its last run left.
	if err := st.ClearNode(ctx, srv.node); err != nil {
		st.Close()
		return err
	}
	h := &challengeHub{srv: srv, st: st, streams: map[string]*eventStream{}, byUser: map[int64]map[*eventStream]struct{}{},
		seeks:      map[string]challengeJSON{},
		onlineWake: make(chan struct{}, 1)}
	srv.hub = h
	heard := make(chan struct{})
	var once sync.Once
	srv.goSafe(func() {
		_ = st.Listen(srv.ctx, func(ev challenge.Event) {
			h.handle(ev)
			once.Do(func() { close(heard) })
		})
	})
	select { // the seeks are indexed before the first request
	case <-heard:
	case <-ctx.Done():
		return ctx.Err()
	}
	every := st.StreamTTL() / 3
	srv.goSafe(func() { h.srv.every(every, h.renew) })
	srv.goSafe(func() { h.srv.every(every, h.sweep) })
	srv.goSafe(h.refreshOnline)
	return nil
}

// closeChallenges ends this node's streams and their challenges in the
// database (the other nodes hear it) and closes the store. Close calls it
// once the server's goroutines have ended.
func (srv *Server) closeChallenges() {
	h := srv.hub
	if h == nil {
		return
	}
	ctx, cancel := context.WithTimeout(context.Background(), 10*time.Second)
	defer cancel()
	if err := h.st.ClearNode(ctx, srv.node); err != nil {
		srv.log.Warn("closing event streams", "err", err)
	}
	h.st.Close()
}

// renew keeps this node's streams alive in the database, and closes those
// the database holds but this node no longer serves (a close that failed).
func (h *challengeHub) renew() {
	ctx, cancel := context.WithTimeout(h.srv.ctx, h.st.StreamTTL()/3)
	defer cancel()
	ids, err := h.st.Renew(ctx, h.srv.node)
	if err != nil {
		h.srv.log.Warn("renewing event streams", "err", err)
		return
	}
	for _, id := range ids {
		h.mu.Lock()
		_, live := h.streams[id]
		h.mu.Unlock()
		if !live {
			if err := h.st.CloseStream(ctx, id); err != nil {
				h.srv.log.Warn("closing an event stream", "err", err)
			}
		}
	}
}

// sweep removes dead nodes' streams and expired challenges.
func (h *challengeHub) sweep() {
	ctx, cancel := context.WithTimeout(h.srv.ctx, h.st.StreamTTL()/3)
	defer cancel()
	if err := h.st.Sweep(ctx); err != nil && ctx.Err() == nil {
		h.srv.log.Warn("sweeping challenges", "err", err)
	}
}

// handle takes in one event of any node.
func (h *challengeHub) handle(ev challenge.Event) {
	switch ev.Kind {
	case challenge.Resync:
		h.resync()
		h.wakeOnline()
	case challenge.Presence:
		h.wakeOnline()
	case challenge.Posted:
		c := *ev.Challenge
		if ev.Partial {
			ctx, cancel := context.WithTimeout(h.srv.ctx, 10*time.Second)
			full, err := h.st.Get(ctx, c.ID)
			cancel()
			if err != nil {
				return // gone already: its removal follows
			}
			c = full
		}
		v, err := h.srv.challengeView(c)
		if err != nil {
			return
		}
		if c.Seek() {
			h.setSeek(v)
		} else {
			h.deliver(ev, func(*eventStream) map[string]any { return map[string]any{"type": "challenge", "challenge": v} })
		}
	case challenge.Removed:
		c := *ev.Challenge
		if c.Seek() {
			h.dropSeek(c.ID)
		}
		if ev.Reason == challenge.Accepted {
			return // the game's start follows
		}
		v, err := h.srv.challengeView(c)
		if err != nil || ev.Partial {
			v = challengeJSON{ID: c.ID, Game: c.Game, Title: c.Game, Author: playerJSON{Name: c.Author.Name}}
		}
		msg := map[string]any{"type": "challengeCanceled", "challenge": v, "reason": ev.Reason}
		if ev.Reason == challenge.Declined {
			msg = map[string]any{"type": "challengeDeclined", "challenge": v, "reason": ev.Detail, "text": declineReasons[ev.Detail]}
		}
		h.deliver(ev, func(*eventStream) map[string]any { return msg })
	case challenge.Started:
		c := ev.Challenge
		h.deliver(ev, func(s *eventStream) map[string]any {
			seat := 1 - ev.AuthorSeat
			if (s.user != 0 && s.user == c.Author.ID) || s.id == c.Stream {
				seat = ev.AuthorSeat
			}
			return map[string]any{"type": "gameStart", "game": map[string]any{"id": ev.GameID, "seat": seat, "challenge": c.ID}}
		})
	}
}

// add registers a stream open here.
func (h *challengeHub) add(s *eventStream) {
	h.mu.Lock()
	defer h.mu.Unlock()
	h.streams[s.id] = s
	if s.user != 0 {
		if h.byUser[s.user] == nil {
			h.byUser[s.user] = map[*eventStream]struct{}{}
		}
		h.byUser[s.user][s] = struct{}{}
	}
}

// remove forgets a stream that closed.
func (h *challengeHub) remove(s *eventStream) {
	h.mu.Lock()
	defer h.mu.Unlock()
	delete(h.streams, s.id)
	if set := h.byUser[s.user]; set != nil {
		delete(set, s)
		if len(set) == 0 {
			delete(h.byUser, s.user)
		}
	}
}

// deliver queues the message msg makes for each stream here that ev is
// addressed to.
func (h *challengeHub) deliver(ev challenge.Event, msg func(*eventStream) map[string]any) {
	h.mu.Lock()
	to := map[*eventStream]bool{}
	for _, u := range ev.Users {
		for s := range h.byUser[u] {
			to[s] = true
		}
	}
	for _, id := range ev.Streams {
		if s, ok := h.streams[id]; ok {
			to[s] = true
		}
	}
	h.mu.Unlock()
	for s := range to {
		s.queue(msg(s))
	}
}

// resync reads every open seek again (at start, and after the listener
// lost its connection) and tells the lobby what changed.
func (h *challengeHub) resync() {
	ctx, cancel := context.WithTimeout(h.srv.ctx, 30*time.Second)
	defer cancel()
	all, err := h.st.Seeks(ctx)
	if err != nil {
		h.srv.log.Warn("reading the seeks", "err", err)
		return
	}
	fresh := map[string]challengeJSON{}
	for _, c := range all {
		if v, err := h.srv.challengeView(c); err == nil {
			fresh[c.ID] = v
		}
	}
	h.mu.Lock()
	var changed []string
	for id := range h.seeks {
		if _, ok := fresh[id]; !ok {
			changed = append(changed, id)
		}
	}
	for id := range fresh {
		if _, ok := h.seeks[id]; !ok {
			changed = append(changed, id)
		}
	}
	h.seeks = fresh
	h.mu.Unlock()
	h.srv.markLobby(changed, false)
}

func (h *challengeHub) setSeek(v challengeJSON) {
	h.mu.Lock()
	h.seeks[v.ID] = v
	h.mu.Unlock()
	h.srv.markLobby([]string{v.ID}, false)
}

func (h *challengeHub) dropSeek(id string) {
	h.mu.Lock()
	delete(h.seeks, id)
	h.mu.Unlock()
	h.srv.markLobby([]string{id}, false)
}

// seekList returns up to n open seeks, newest first.
func (h *challengeHub) seekList(n int) []challengeJSON {
	h.mu.Lock()
	out := make([]challengeJSON, 0, len(h.seeks))
	for _, v := range h.seeks {
		out = append(out, v)
	}
	h.mu.Unlock()
	slices.SortFunc(out, func(a, b challengeJSON) int {
		return cmp.Or(cmp.Compare(b.Created, a.Created), cmp.Compare(b.ID, a.ID))
	})
	return out[:min(n, len(out))]
}

// maxOnline bounds the players the lobby lists as online.
const maxOnline = 200

// onlineEvery is the least time between two readings of who is online.
const onlineEvery = time.Second

func (h *challengeHub) wakeOnline() {
	select {
	case h.onlineWake <- struct{}{}:
	default:
	}
}

// refreshOnline reads who is online when told to (at most once a second)
// and at each stream renewal, and tells the lobby when it changed.
func (h *challengeHub) refreshOnline() {
	t := time.NewTicker(h.st.StreamTTL() / 3)
	defer t.Stop()
	for {
		select {
		case <-h.onlineWake:
		case <-t.C:
		case <-h.srv.ctx.Done():
			return
		}
		ctx, cancel := context.WithTimeout(h.srv.ctx, 10*time.Second)
		players, err := h.st.Online(ctx, maxOnline)
		cancel()
		if err == nil {
			names := make([]string, len(players))
			for i, p := range players {
				names[i] = p.Name
			}
			h.mu.Lock()
			changed := !slices.Equal(names, h.online)
			h.online = names
			h.mu.Unlock()
			if changed {
				h.srv.markLobby(nil, true)
			}
		}
		select {
		case <-time.After(onlineEvery):
		case <-h.srv.ctx.Done():
			return
		}
	}
}

// onlineNames returns who is online, by name.
func (h *challengeHub) onlineNames() []string {
	h.mu.Lock()
	defer h.mu.Unlock()
	return slices.Clone(h.online)
}
