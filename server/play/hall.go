package play

import (
	"context"
	"encoding/json"
	"log/slog"
	"strconv"
	"sync"
	"time"

	"wyrm/game"
	"wyrm/server/account"
	"wyrm/server/apierr"
	"wyrm/server/challenge"
	"wyrm/server/chat"
	"wyrm/server/cluster"
	"wyrm/server/computer"
	"wyrm/server/fairplay"
	"wyrm/server/httpkit"
	"wyrm/server/life"
	"wyrm/server/lobby"
	"wyrm/server/metrics"
	"wyrm/server/store"
	"wyrm/server/table"
)

// Config is what a Hall is built from. Zero durations take their
// defaults.
type Config struct {
	Store store.Store
	Games []game.Game
	// Engine plays computer seats; nil means computer.RandomEngine.
	Engine computer.Engine
	Log    *slog.Logger
	// ThinkTime bounds the engine per move at a level; nil means a default
	// from 0.3 s at level 1 to 5 s at level 8.
	ThinkTime func(level int) time.Duration
	// Now is the clock; nil means time.Now.
	Now func() time.Time
	// Limits, Metrics and Life are the server's, shared with its other
	// features.
	Limits  *httpkit.Limiters
	Metrics *metrics.Metrics
	Life    *life.Group
	// Lobby is told of every change of a game's entry.
	Lobby *lobby.Lobby
	// Accounts records results and binds seats to players; nil serves
	// guests only.
	Accounts *account.Accounts
	// Chat is the games' chat; nil turns it off.
	Chat *chat.Service
	// Node names this server among those sharing a database; its
	// heartbeat tells a restart how long it was down.
	Node string
	// MinClock is the shortest time control of a new game
	// (DefaultMinClock).
	MinClock time.Duration
	// ClaimAfter, AbsentAfter and FirstMoveTimeout time a game's life
	// (DefaultClaimAfter, DefaultAbsentAfter, DefaultFirstMoveTimeout).
	ClaimAfter, AbsentAfter, FirstMoveTimeout time.Duration
	// Finished is told of each game that ends here with a seat held by an
	// account (challenge.Hub.Finished), out of the game's lock; nil tells
	// nobody.
	Finished func(challenge.Finish)
	// Analyse queues a rated game just recorded for fair play analysis
	// (server/fairplay), without waiting; nil analyses nothing.
	Analyse func(fairplay.Job) bool
}

// DefaultMinClock is the shortest time control of a new game: anything
// shorter is over before a move crosses the network.
const DefaultMinClock = 15 * time.Second

// Hall holds the games a server plays now: its sessions by id, the
// websocket clients watching them, and what the sessions share (the
// store, the engine, the limits, the lobby). Make it with New, then
// Restore the stored games (or JoinCluster), and Hangup and Leave when the
// server closes.
type Hall struct {
	store   store.Store
	games   map[string]game.Game
	order   []game.Game
	engine  computer.Engine
	log     *slog.Logger
	think   func(int) time.Duration
	now     func() time.Time
	metrics *metrics.Metrics
	limits  *httpkit.Limiters
	life    *life.Group
	lobby   *lobby.Lobby
	// accounts and chat are nil when the server has none.
	accounts *account.Accounts
	chat     *chat.Service
	node     string
	finished func(challenge.Finish)
	analyse  func(fairplay.Job) bool

	minClock, claimAfter, absentAfter, firstMove time.Duration

	// cluster is this server's part among several nodes; nil when alone.
	cluster *cluster.Node

	mu       sync.Mutex
	sessions map[string]*session
	clients  map[*client]struct{}
}

// New returns a hall with no games yet.
func New(cfg Config) *Hall {
	orDefault := func(d, def time.Duration) time.Duration {
		if d <= 0 {
			return def
		}
		return d
	}
	srv := &Hall{store: cfg.Store, games: map[string]game.Game{}, order: cfg.Games, engine: cfg.Engine,
		log: cfg.Log, think: cfg.ThinkTime, now: cfg.Now, metrics: cfg.Metrics, limits: cfg.Limits, life: cfg.Life,
		lobby: cfg.Lobby, accounts: cfg.Accounts, chat: cfg.Chat, node: cfg.Node, finished: cfg.Finished, analyse: cfg.Analyse,
		minClock:   orDefault(cfg.MinClock, DefaultMinClock),
		claimAfter: orDefault(cfg.ClaimAfter, DefaultClaimAfter), absentAfter: orDefault(cfg.AbsentAfter, DefaultAbsentAfter),
		firstMove: orDefault(cfg.FirstMoveTimeout, DefaultFirstMoveTimeout),
		sessions:  map[string]*session{}, clients: map[*client]struct{}{}}
	for _, g := range cfg.Games {
		srv.games[g.Info().Name] = g
	}
	if srv.engine == nil {
		srv.engine = computer.RandomEngine{}
	}
	// The node's searchers are shared out fairly: clients take turns, games
	// with a person waiting go first, computer-only games leave one free.
	srv.engine = computer.Schedule(srv.engine)
	if srv.log == nil {
		srv.log = slog.New(slog.DiscardHandler)
	}
	if srv.think == nil {
		srv.think = func(level int) time.Duration {
			return []time.Duration{300, 300, 500, 800, 1200, 2000, 3000, 4000, 5000}[min(max(level, 0), 8)] * time.Millisecond
		}
	}
	if srv.now == nil {
		srv.now = time.Now
	}
	return srv
}

// Game is the game named name, if the hall plays it.
func (srv *Hall) Game(name string) (game.Game, bool) {
	g, ok := srv.games[name]
	return g, ok
}

// Restore loads every stored game, replays it and resumes it: the single
// server's start (a cluster's node takes games by lease instead, see
// JoinCluster).
func (srv *Hall) Restore() error {
	ctx := srv.life.Context()
	lastUp, err := srv.store.LastBeat(ctx, srv.node)
	if err != nil {
		return err
	}
	stored, err := srv.store.Games(ctx)
	if err != nil {
		return err
	}
	for _, sg := range stored {
		var def table.Def
		if err := json.Unmarshal(sg.Def, &def); err != nil {
			srv.log.Error("skipping unreadable game", "game", sg.ID, "err", err)
			continue
		}
		log, err := srv.store.Actions(ctx, sg.ID)
		if err != nil {
			return err
		}
		s, err := newSession(srv, sg.ID, sg.CreatedMs, def, log)
		if err != nil {
			srv.log.Error("skipping game", "game", sg.ID, "err", err)
			continue
		}
		if s.broken != nil {
			srv.log.Error("game restored only in part", "game", sg.ID, "err", s.broken)
		}
		srv.sessions[sg.ID] = s
		srv.metrics.Games.Add(1)
		if !s.t.Outcome().Over && s.broken == nil {
			// Unfinished computer-only games still count against the node's
			// cap (their creators' own counts are not kept across restarts).
			s.release, _ = srv.holdComputer("", def)
		}
	}
	srv.resumeClocks(lastUp)
	for _, s := range srv.sessions {
		s.mu.Lock()
		s.recordResult() // once per game: repairs a crash between a game's end and its result
		s.mu.Unlock()
	}
	for _, s := range srv.sessions {
		s.mu.Lock()
		s.updateLobby()
		s.schedule() // resume computer players and clocks
		s.mu.Unlock()
	}
	srv.beat()
	srv.life.Go(srv.heartbeat)
	srv.log.Info("games restored", "count", len(srv.sessions))
	return nil
}

// Hangup stops computer players and timers and hangs up the websockets:
// the first step of the server's Close, before it waits for its
// goroutines.
func (srv *Hall) Hangup() {
	srv.mu.Lock()
	for c := range srv.clients {
		go c.close(1001, "server shutting down")
	}
	sessions := make([]*session, 0, len(srv.sessions))
	for _, s := range srv.sessions {
		sessions = append(sessions, s)
	}
	srv.mu.Unlock()
	for _, s := range sessions {
		s.mu.Lock()
		if s.timer != nil {
			s.timer.Stop()
		}
		if s.lifeTimer != nil {
			s.lifeTimer.Stop()
		}
		s.mu.Unlock()
	}
}

// Leave is the last step of the server's Close, once its goroutines have
// ended: a node hands its games over, and the last moment up is recorded
// for the next start's clocks.
func (srv *Hall) Leave() {
	if srv.cluster != nil {
		srv.cluster.Leave()
	}
	srv.beat()
}

// Len is how many games the hall plays now.
func (srv *Hall) Len() int {
	srv.mu.Lock()
	defer srv.mu.Unlock()
	return len(srv.sessions)
}

// errNoGame answers a game id that names no game.
var errNoGame = apierr.New(apierr.NotFound, "no such game")

// heartbeatEvery is how often the server records that it is up: a restart
// after a crash charges the players at most this much of the downtime.
const heartbeatEvery = time.Second

// heartbeat records that the server is up until it closes.
func (srv *Hall) heartbeat() { srv.life.Every(heartbeatEvery, srv.beat) }

func (srv *Hall) beat() {
	ctx, cancel := context.WithTimeout(context.Background(), 5*time.Second)
	defer cancel()
	if err := srv.store.Beat(ctx, srv.node, srv.now().UnixMilli()); err != nil {
		srv.log.Warn("heartbeat", "err", err)
	}
}

// resumeClocks stops charging the players for the time the server was
// down: each running clock gets a resume action that gives back the time
// from lastUp (the last heartbeat) to now. With no heartbeat (a database
// from before them) the downtime is not known and nothing is given back.
func (srv *Hall) resumeClocks(lastUp int64) {
	if lastUp == 0 {
		return
	}
	for _, s := range srv.sessions {
		s.mu.Lock()
		if t := s.t; s.broken == nil && t.Clock.Running && !t.Outcome().Over {
			if err := s.commit(int(t.ToMove()), table.ActResume, strconv.FormatInt(lastUp, 10)); err != nil {
				srv.log.Error("resume clock", "game", s.id, "err", err)
			}
		}
		s.mu.Unlock()
	}
}

func (srv *Hall) track(c *client) bool {
	srv.mu.Lock()
	defer srv.mu.Unlock()
	if srv.life.Stopping() {
		return false
	}
	srv.clients[c] = struct{}{}
	return true
}

func (srv *Hall) untrack(c *client) {
	srv.mu.Lock()
	delete(srv.clients, c)
	srv.mu.Unlock()
}

func (srv *Hall) session(id string) *session {
	srv.mu.Lock()
	defer srv.mu.Unlock()
	return srv.sessions[id]
}

// Locked returns game id's table with the game's lock held and the func
// that releases it; ok is false when the hall does not play the game. It
// is for tests and tools that look at a game as it stands: the game waits
// while the lock is held, so release it at once.
func (srv *Hall) Locked(id string) (t *table.Table, unlock func(), ok bool) {
	s := srv.session(id)
	if s == nil {
		return nil, nil, false
	}
	s.mu.Lock()
	return s.t, s.mu.Unlock, true
}

// State is game id as the holder of seats sees it (nil: a spectator);
// ok is false when the hall does not play the game. It is what the
// game's websocket sends, for tests and tools.
func (srv *Hall) State(id string, seats []int) (st State, ok bool) {
	s := srv.session(id)
	if s == nil {
		return State{}, false
	}
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.state(seats), true
}

// Act carries out an action for seat of game id as its player would, by
// the same rules (table.Act* kinds), and stores it; for tests and tools.
func (srv *Hall) Act(id string, seat int, kind, data string) error {
	s := srv.session(id)
	if s == nil {
		return errNoGame
	}
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.commit(seat, kind, data)
}

// Engine is the engine the node's computer seats use, scheduled over its
// searchers: other work that searches (fair play analysis) takes its turn
// there.
func (srv *Hall) Engine() computer.Engine { return srv.engine }
