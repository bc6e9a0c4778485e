package server

import (
	"context"
	"fmt"
	"io/fs"
	"log/slog"
	"net/http"
	"strings"
	"sync"
	"time"

	"wyrm/game"
	"wyrm/server/account"
	"wyrm/server/bots"
	"wyrm/server/challenge"
	"wyrm/server/chat"
	"wyrm/server/cluster"
	"wyrm/server/computer"
	"wyrm/server/editor"
	"wyrm/server/fairplay"
	"wyrm/server/httpkit"
	"wyrm/server/life"
	"wyrm/server/lists"
	"wyrm/server/lobby"
	"wyrm/server/metrics"
	"wyrm/server/moderation"
	"wyrm/server/owndata"
	"wyrm/server/play"
	"wyrm/server/puzzle"
	"wyrm/server/site"
	"wyrm/server/store"
	"wyrm/server/tournament"
	"wyrm/server/tv"
)

// Config is what a Server is built from.
type Config struct {
	Store store.Store
	Games []game.Game
	// Engine plays computer seats; nil means computer.RandomEngine.
	Engine computer.Engine
	// Assets is the web app (index.html at its root).
	Assets fs.FS
	// Rules holds "<game>.md" rules documents; may be nil.
	Rules fs.FS
	Log   *slog.Logger
	// ThinkTime bounds the engine per move at a level; nil means a default
	// from 0.3 s at level 1 to 5 s at level 8.
	ThinkTime func(level int) time.Duration
	// Now is the clock; nil means time.Now (tests may fake it).
	Now func() time.Time
	// ProxyHeader names the header in which a trusted reverse proxy
	// passes the client's address ("X-Forwarded-For"); empty means the
	// connection's own address is the client's. With it, the proxy's
	// X-Forwarded-Proto says whether the client came over https.
	ProxyHeader string
	// MetricsToken lets a bearer of it read /metrics from anywhere; without
	// it only this machine may.
	MetricsToken string
	// Limits bound what one client may do; zero fields take
	// DefaultLimits.
	Limits httpkit.Limits
	// WriteTimeout bounds the writing of one ordinary answer, so that a
	// client that does not read is dropped; 0 means DefaultWriteTimeout.
	WriteTimeout time.Duration
	// Accounts keeps players' accounts and ratings; nil serves guests only.
	Accounts *account.Accounts
	// ClaimAfter, AbsentAfter and FirstMoveTimeout time a game's life (0:
	// play.DefaultClaimAfter, DefaultAbsentAfter, DefaultFirstMoveTimeout).
	ClaimAfter, AbsentAfter, FirstMoveTimeout time.Duration
	// IdleAfter is how long an untimed game against the computer that no
	// player has open stays in the lobby's list of games in progress (0:
	// lobby.DefaultIdleAfter).
	IdleAfter time.Duration
	// Node names this server among those sharing a database; "" means
	// "local". Its heartbeat tells a restart how long it was down.
	Node string
	// MinClock is the shortest time control a new game may have; 0 means
	// play.DefaultMinClock. (Tests shorten it to see clocks run out.)
	MinClock time.Duration
	// Cluster, when set, makes the server one node of several sharing
	// Store (server/cluster); nil keeps every game on this server.
	Cluster *cluster.Config
	// Chat lets players and spectators talk in each game (package chat);
	// its zero value turns chat off.
	Chat chat.Config
	// TVPause is how long a featured game that ended stays on its TV
	// channel; 0 means tv.DefaultPause.
	TVPause time.Duration
	// Puzzles keeps accounts' puzzle ratings and streaks (package puzzle);
	// nil (or no Accounts) rates guests alone, in their browsers.
	Puzzles *puzzle.Store
	// PuzzleLimits bound puzzle requests and attempts; zero fields take
	// puzzle.DefaultLimits.
	PuzzleLimits puzzle.Limits
	// RecheckEvery is how often open connections' sessions and API tokens
	// are checked for having ended; 0 means account.DefaultRecheckEvery.
	RecheckEvery time.Duration
	// Tournaments sets the tournaments (with accounts): the operator's
	// recurring events and how the director is timed.
	Tournaments TournamentsConfig
}

// TournamentsConfig is the server's part of tournament.Config.
type TournamentsConfig struct {
	// Events are the operator's recurring tournaments (wyrm serve
	// --events FILE).
	Events []tournament.Event
	// Every and LeaseTTL time the director (0: tournament.DefaultEvery,
	// DefaultLeaseTTL).
	Every, LeaseTTL time.Duration
	// MinMinutes is the shortest arena (0: tournament.MinMinutes); tests
	// shorten it.
	MinMinutes int
}

// Server is the play server: it assembles the features (the live games,
// the lobby, challenges, accounts, chat, bots, lists, the editor, the
// site's pages) and puts one front door before them. Create it with New,
// serve Handler, and call Close when done.
type Server struct {
	store   store.Store
	games   map[string]game.Game
	log     *slog.Logger
	now     func() time.Time
	limits  *httpkit.Limiters
	metrics *metrics.Metrics
	// life is the server's background work, shared with its features.
	life *life.Group

	hall       *play.Hall
	lobby      *lobby.Lobby
	accounts   *account.Accounts // nil: guests only
	accountAPI *account.API
	listsAPI   *lists.API
	chat       *chat.Service    // nil: chat is off
	hub        *challenge.Hub   // challenges, seeks and event streams; nil without accounts
	watch      *account.Watcher // ends the connections of ended credentials; nil without accounts
	// tournaments are arenas and Swiss events; nil without accounts.
	tournaments *tournament.Service
	// fairplay keeps the figures of analysed games, analyser makes them;
	// both nil without accounts or an engine that scores positions.
	fairplay *fairplay.Store
	analyser *fairplay.Analyser
	site     *site.Site
	puzzles  *puzzle.API
	tv       *tv.TV
	editor   *editor.Editor

	proxyHeader  string
	minClock     time.Duration
	writeTimeout time.Duration
	closeMu      sync.Mutex // a second Close waits for the first
	// routes are the patterns Handler registered, for the tests that hold
	// every route to the rules.
	routes []string
}

// New assembles the server and loads every stored game (or, as a node of
// a cluster, joins it).
func New(cfg Config) (*Server, error) {
	srv := &Server{store: cfg.Store, games: map[string]game.Game{}, log: cfg.Log, now: cfg.Now,
		accounts: cfg.Accounts, proxyHeader: cfg.ProxyHeader, minClock: cfg.MinClock, writeTimeout: cfg.WriteTimeout}
	if srv.minClock <= 0 {
		srv.minClock = play.DefaultMinClock
	}
	if srv.writeTimeout <= 0 {
		srv.writeTimeout = DefaultWriteTimeout
	}
	if srv.log == nil {
		srv.log = slog.New(slog.DiscardHandler)
	}
	if srv.now == nil {
		srv.now = time.Now
	}
	for _, g := range cfg.Games {
		srv.games[g.Info().Name] = g
	}
	node := cfg.Node
	if node == "" {
		node = "local"
	}
	// The features read srv.now when called, so that a test may set it.
	now := func() time.Time { return srv.now() }
	srv.life = life.New(srv.log)
	srv.limits = httpkit.NewLimiters(cfg.Limits)
	srv.lobby = lobby.New()
	idle := cfg.IdleAfter
	if idle == 0 {
		idle = lobby.DefaultIdleAfter
	}
	srv.lobby.HideIdle(idle, now)
	// Before any game is loaded, so that the TV hears of every one.
	var channels []tv.Game
	for _, g := range cfg.Games {
		channels = append(channels, tv.Game{Name: g.Info().Name, Title: g.Info().Title})
	}
	srv.tv = tv.New(tv.Config{Games: channels, Lobby: srv.lobby, Pause: cfg.TVPause, Now: now})
	if cfg.Accounts != nil && cfg.Chat.Mutes == nil {
		cfg.Chat.Mutes = cfg.Accounts // moderators' mutes
	}
	srv.chat = chat.NewService(cfg.Chat, cfg.Accounts != nil, srv.limits, srv.log, now)
	srv.metrics = metrics.New(srv.limits, cfg.MetricsToken, func(b *strings.Builder) { srv.hall.WriteClusterMetrics(b) })
	srv.hall = play.New(play.Config{Store: cfg.Store, Games: cfg.Games, Engine: cfg.Engine, Log: srv.log, ThinkTime: cfg.ThinkTime,
		Now: now, Limits: srv.limits, Metrics: srv.metrics, Life: srv.life, Lobby: srv.lobby, Accounts: cfg.Accounts, Chat: srv.chat,
		Node: node, MinClock: srv.minClock, ClaimAfter: cfg.ClaimAfter, AbsentAfter: cfg.AbsentAfter, FirstMoveTimeout: cfg.FirstMoveTimeout,
		Finished: srv.gameFinished, Analyse: srv.analyse})
	if err := srv.startFairPlay(cfg); err != nil {
		srv.life.Stop()
		return nil, err
	}
	srv.site = site.New(site.Config{Games: cfg.Games, Assets: cfg.Assets, Rules: cfg.Rules, Log: srv.log})
	ps := cfg.Puzzles
	if cfg.Accounts == nil {
		ps = nil
	}
	srv.puzzles = puzzle.New(puzzle.Config{Store: ps, Games: cfg.Games, Limits: cfg.PuzzleLimits, Log: srv.log})
	srv.editor = editor.New(editor.Config{Games: srv.hall.Editor(), Limits: srv.limits, Now: now})
	srv.accountAPI = &account.API{Accounts: cfg.Accounts, Limits: srv.limits, Log: srv.log, Now: now}
	if cfg.Accounts != nil {
		// Connections opened with a session or token that ends are ended
		// too, on every node (account.Watcher).
		w := account.NewWatcher(cfg.Accounts)
		srv.accountAPI.Watch, srv.watch = w, w
		srv.life.Go(func() { w.Run(srv.life.Context(), cfg.RecheckEvery) })
		// Seats of accounts closed on another node resign here too.
		srv.life.Go(func() { srv.sweepClosed(cfg.Accounts, cfg.RecheckEvery) })
	}
	srv.listsAPI = &lists.API{Accounts: cfg.Accounts, Games: srv.games, Limits: srv.limits, Now: now}
	if cfg.Accounts != nil {
		// Challenges are made by players: rated ones need accounts, and the
		// accounts' database is theirs too.
		h, err := challenge.OpenHub(challenge.HubConfig{DB: cfg.Store, Games: srv.hall.Challenges(), Accounts: cfg.Accounts,
			Limits: srv.limits, Log: srv.log, Now: now, Node: node, MinClock: srv.minClock, Life: srv.life})
		if err != nil {
			srv.life.Stop()
			return nil, fmt.Errorf("challenges: %w", err)
		}
		srv.hub = h
		srv.lobby.SetNews(h.WatchLobby)
		ctx, cancel := context.WithTimeout(context.Background(), 30*time.Second)
		ts, err := tournament.Open(ctx, tournament.Config{DB: cfg.Store, Games: srv.hall.Tournaments(), Announce: h,
			Accounts: cfg.Accounts, Limits: srv.limits, Log: srv.log, Now: now, Node: node, MinClock: srv.minClock,
			Life: srv.life, Every: cfg.Tournaments.Every, LeaseTTL: cfg.Tournaments.LeaseTTL, Events: cfg.Tournaments.Events,
			MinMinutes: cfg.Tournaments.MinMinutes})
		cancel()
		if err == nil {
			err = ts.CheckEvents()
		}
		if err != nil {
			srv.Close()
			return nil, fmt.Errorf("tournaments: %w", err)
		}
		srv.tournaments = ts
	}
	if cfg.Cluster != nil { // games are taken by lease, not all loaded here
		if err := srv.hall.JoinCluster(*cfg.Cluster); err != nil {
			srv.Close()
			return nil, err
		}
		return srv, nil
	}
	if err := srv.hall.Restore(); err != nil {
		srv.Close()
		return nil, err
	}
	return srv, nil
}

// gameFinished passes a game's end to the tournaments, which score it if
// it is one of theirs, and to the challenge hub, which tells the players'
// event streams on every node. The hub and the tournaments open after the
// games (they need them), so the hall is given this method rather than
// them; no game ends before New has set them.
func (srv *Server) gameFinished(f challenge.Finish) {
	if srv.tournaments != nil {
		// Scored first, so that a player told of the end reads the new
		// standings.
		srv.tournaments.GameFinished(f)
	}
	if srv.hub != nil {
		srv.hub.Finished(f)
	}
}

// Close stops computer players and timers, hangs up websockets and waits
// for running goroutines; a node then hands its games over. The store
// stays open (the caller owns it).
func (srv *Server) Close() {
	srv.closeMu.Lock()
	defer srv.closeMu.Unlock()
	srv.life.Stop()
	srv.hall.Hangup()
	srv.life.Wait()
	if srv.hub != nil {
		srv.hub.Close()
	}
	srv.hall.Leave()
	srv.tv.Close()
}

// Create makes and stores a new game for the server's own use (tests,
// tools): no client limits apply.
func (srv *Server) Create(ctx context.Context, req play.CreateRequest) (play.CreateResponse, error) {
	return srv.hall.Create(ctx, req)
}

// Handler returns the HTTP handler of the whole app.
func (srv *Server) Handler() http.Handler {
	mux := httpkit.NewMux()
	defer func() { srv.routes = mux.Patterns() }()
	mux.HandleFunc("GET /healthz", srv.handleHealth)
	srv.metrics.Routes(mux)
	(&lobby.API{Lobby: srv.lobby, Limits: srv.limits, Done: srv.life.Context().Done()}).Routes(mux)
	srv.hall.Routes(mux)
	(&tv.API{TV: srv.tv, Limits: srv.limits, Done: srv.life.Context().Done()}).Routes(mux)
	srv.editor.Routes(mux)
	if srv.accounts != nil {
		srv.listsAPI.Routes(mux)
		srv.hub.Routes(mux)
		srv.tournaments.Routes(mux)
		(&bots.API{Games: srv.hall.Bots(), Users: srv.accounts, Limits: srv.limits, Done: srv.life.Context().Done()}).Routes(mux)
		now := func() time.Time { return srv.now() }
		(&moderation.API{Accounts: srv.accounts, Chat: srv.chat.Store(), Seats: srv.hall, Kick: srv.watch.Kick,
			Queue: srv.flags, Limits: srv.limits, Now: now}).Routes(mux)
		(&owndata.API{Accounts: srv.accounts, Chat: srv.chat.Store(), Seats: srv.hall, Kick: srv.watch.Kick,
			Limits: srv.limits, Now: now}).Routes(mux)
	}
	srv.accountAPI.Routes(mux) // GET /api/account/me even without accounts
	if srv.chat != nil && srv.accounts != nil {
		(&chat.BlocksAPI{Chat: srv.chat, Users: srv.accounts}).Routes(mux)
	}
	srv.site.Routes(mux)
	srv.puzzles.Routes(mux)
	return srv.logRequests(srv.hall.Route(mux))
}

// MetricsHandler serves /metrics alone, for a listener of the operator's
// own (wyrm serve --metrics-addr).
func (srv *Server) MetricsHandler() http.Handler { return srv.metrics.Handler() }
