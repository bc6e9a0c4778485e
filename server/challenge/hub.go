package challenge

import (
	"context"
	"encoding/json"
	"log/slog"
	"sync"
	"time"

	"wyrm/game"
	"wyrm/server/account"
	"wyrm/server/httpkit"
	"wyrm/server/life"
	"wyrm/server/store"
	"wyrm/server/table"
)

// Games is what challenges need of the games the server hosts. The server
// implements it over its sessions, so this package never sees them.
type Games interface {
	// Game finds a game by name.
	Game(name string) (game.Game, bool)
	// Normalize finds a game and puts options a client chose in its
	// canonical, self-contained form, as creating a game does; its errors
	// are the client's.
	Normalize(name string, opts game.Options) (game.Game, game.Options, error)
	// Start stores and starts the game def, as any other game, and returns
	// its id.
	Start(ctx context.Context, def table.Def) (string, error)
	// Facts are what the players' streams are told of game id as it
	// starts (its players rated in its pool, its start position); only
	// the node holding the game knows them.
	Facts(ctx context.Context, id string) (GameFacts, error)
}

// HubConfig is what a Hub is opened with.
type HubConfig struct {
	// DB is the game store whose database keeps the challenges.
	DB store.Store
	// Games are the games challenges are made of.
	Games Games
	// Accounts name the players and give their ratings.
	Accounts *account.Accounts
	// Limits are the server's, shared with its other features.
	Limits *httpkit.Limiters
	// Log takes what goes wrong out of a request's way.
	Log *slog.Logger
	// Now is the clock.
	Now func() time.Time
	// Node names this server among those sharing the database.
	Node string
	// MinClock is the shortest time control a game may have.
	MinClock time.Duration
	// Life is the server's background work: the hub's loops run in it
	// until it stops, and the server's Close waits for them.
	Life *life.Group
}

// Hub is a node's part in challenges: the event streams open here, the
// index of every node's open seeks (for the lobby), who is online, and the
// HTTP API of them all. It hears every node's changes through the store's
// events (one goroutine, in order) and passes them to the streams and
// lobby pages concerned. hub.mu is never held while calling the database;
// the lobby may hold its own lock while it asks for news (lobbynews.go).
type Hub struct {
	st       *Store
	games    Games
	accounts *account.Accounts
	limits   *httpkit.Limiters
	log      *slog.Logger
	now      func() time.Time
	node     string
	minClock time.Duration
	ctx      context.Context

	mu      sync.Mutex
	streams map[string]*eventStream             // by id (the hash of the stream's secret)
	byUser  map[int64]map[*eventStream]struct{} // signed-in players' streams
	seeks   map[string]View
	online  []string // names, as last read
	pages   map[*lobbyPage]struct{}
	// onlineWake asks the online refresher to read who is online again.
	onlineWake chan struct{}
}

// OpenHub opens the challenge store in the server's database and starts
// the hub's loops. It returns once the open seeks are indexed.
func OpenHub(cfg HubConfig) (*Hub, error) {
	ctx, cancel := context.WithTimeout(cfg.Life.Context(), 30*time.Second)
	defer cancel()
	st, err := Open(ctx, cfg.DB, Config{Now: cfg.Now})
	if err != nil {
		return nil, err
	}
	// This node serves no stream yet, whatever its last run left.
	if err := st.ClearNode(ctx, cfg.Node); err != nil {
		st.Close()
		return nil, err
	}
	h := &Hub{st: st, games: cfg.Games, accounts: cfg.Accounts, limits: cfg.Limits, log: cfg.Log, now: cfg.Now,
		node: cfg.Node, minClock: cfg.MinClock, ctx: cfg.Life.Context(),
		streams: map[string]*eventStream{}, byUser: map[int64]map[*eventStream]struct{}{},
		seeks: map[string]View{}, pages: map[*lobbyPage]struct{}{},
		onlineWake: make(chan struct{}, 1)}
	heard := make(chan struct{})
	var once sync.Once
	cfg.Life.Go(func() {
		_ = st.Listen(h.ctx, func(ev Event) {
			h.handle(ev)
			once.Do(func() { close(heard) })
		})
	})
	select { // the seeks are indexed before the first request
	case <-heard:
	case <-ctx.Done():
		return nil, ctx.Err()
	}
	every := st.StreamTTL() / 3
	cfg.Life.Go(func() { cfg.Life.Every(every, h.Renew) })
	cfg.Life.Go(func() { cfg.Life.Every(every, h.Sweep) })
	cfg.Life.Go(h.refreshOnline)
	return h, nil
}

// Close ends this node's streams and their challenges in the database (the
// other nodes hear it) and closes the store. The server calls it once its
// goroutines, the hub's loops among them, have ended.
func (h *Hub) Close() {
	ctx, cancel := context.WithTimeout(context.Background(), 10*time.Second)
	defer cancel()
	if err := h.st.ClearNode(ctx, h.node); err != nil {
		h.log.Warn("closing event streams", "err", err)
	}
	h.st.Close()
}

// Renew keeps this node's streams alive in the database, and closes those
// the database holds but this node no longer serves (a close that failed).
// The hub runs it every third of the streams' time-to-live; tests call it
// to run one at once.
func (h *Hub) Renew() {
	ctx, cancel := context.WithTimeout(h.ctx, h.st.StreamTTL()/3)
	defer cancel()
	ids, err := h.st.Renew(ctx, h.node)
	if err != nil {
		h.log.Warn("renewing event streams", "err", err)
		return
	}
	for _, id := range ids {
		h.mu.Lock()
		_, live := h.streams[id]
		h.mu.Unlock()
		if !live {
			if err := h.st.CloseStream(ctx, id); err != nil {
				h.log.Warn("closing an event stream", "err", err)
			}
		}
	}
}

// Sweep removes dead nodes' streams and expired challenges. The hub runs
// it as often as Renew; tests call it to run one at once.
func (h *Hub) Sweep() {
	ctx, cancel := context.WithTimeout(h.ctx, h.st.StreamTTL()/3)
	defer cancel()
	if err := h.st.Sweep(ctx); err != nil && ctx.Err() == nil {
		h.log.Warn("sweeping challenges", "err", err)
	}
}

// view builds what clients see of c.
func (h *Hub) view(c Challenge) (View, error) { return ViewOf(h.games, c) }

// handle takes in one event of any node.
func (h *Hub) handle(ev Event) {
	switch ev.Kind {
	case Resync:
		h.resync()
		h.wakeOnline()
	case Presence:
		h.wakeOnline()
	case Posted:
		c := *ev.Challenge
		if ev.Partial {
			ctx, cancel := context.WithTimeout(h.ctx, 10*time.Second)
			full, err := h.st.Get(ctx, c.ID)
			cancel()
			if err != nil {
				return // gone already: its removal follows
			}
			c = full
		}
		v, err := h.view(c)
		if err != nil {
			return
		}
		if c.Seek() {
			h.setSeek(v)
		} else {
			h.deliver(ev, func(*eventStream) map[string]any { return map[string]any{"type": "challenge", "challenge": v} })
		}
	case Removed:
		c := *ev.Challenge
		if c.Seek() {
			h.dropSeek(c.ID)
		}
		if ev.Reason == Accepted {
			return // the game's start follows
		}
		v, err := h.view(c)
		if err != nil || ev.Partial {
			v = View{ID: c.ID, Game: c.Game, Title: c.Game, Author: PlayerView{Name: c.Author.Name}}
		}
		msg := map[string]any{"type": "challengeCanceled", "challenge": v, "reason": ev.Reason}
		if ev.Reason == Declined {
			msg = map[string]any{"type": "challengeDeclined", "challenge": v, "reason": ev.Detail, "text": declineReasons[ev.Detail]}
		}
		h.deliver(ev, func(*eventStream) map[string]any { return msg })
	case Started:
		c := ev.Challenge
		h.deliver(ev, func(s *eventStream) map[string]any {
			seat := 1 - ev.AuthorSeat
			if (s.user != 0 && s.user == c.Author.ID) || s.id == c.Stream {
				seat = ev.AuthorSeat
			}
			return startMessage(ev.GameID, seat, c.ID, ev.Facts)
		})
	case Finished:
		h.deliver(ev, func(s *eventStream) map[string]any { return finishMessage(ev.Finish, s.user) })
	case Notice:
		var msg map[string]any
		if json.Unmarshal(ev.Message, &msg) == nil {
			h.deliver(ev, func(*eventStream) map[string]any { return msg })
		}
	}
}

// add registers a stream open here.
func (h *Hub) add(s *eventStream) {
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
func (h *Hub) remove(s *eventStream) {
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
func (h *Hub) deliver(ev Event, msg func(*eventStream) map[string]any) {
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
