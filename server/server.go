package server

import (
	"context"
	"crypto/subtle"
	"encoding/json"
	"fmt"
	"io/fs"
	"log/slog"
	"net/http"
	"slices"
	"strconv"
	"sync"
	"time"

	"wyrm/game"
	"wyrm/record"
	"wyrm/server/account"
	"wyrm/server/apierr"
	"wyrm/server/bots"
	"wyrm/server/challenge"
	"wyrm/server/chat"
	"wyrm/server/cluster"
	"wyrm/server/computer"
	"wyrm/server/editor"
	"wyrm/server/httpkit"
	"wyrm/server/life"
	"wyrm/server/lists"
	"wyrm/server/lobby"
	"wyrm/server/metrics"
	"wyrm/server/secret"
	"wyrm/server/site"
	"wyrm/server/store"
	"wyrm/server/table"
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
	// connection's own address is the client's.
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
	// DefaultClaimAfter, DefaultAbsentAfter, DefaultFirstMoveTimeout).
	ClaimAfter, AbsentAfter, FirstMoveTimeout time.Duration
	// Node names this server among those sharing a database; "" means
	// "local". Its heartbeat tells a restart how long it was down.
	Node string
	// MinClock is the shortest time control a new game may have; 0 means
	// DefaultMinClock. (Tests shorten it to see clocks run out.)
	MinClock time.Duration
	// Cluster, when set, makes the server one node of several sharing
	// Store (server/cluster); nil keeps every game on this server.
	Cluster *cluster.Config
	// Chat lets players and spectators talk in each game (package chat);
	// its zero value turns chat off.
	Chat chat.Config
}

// DefaultMinClock is the shortest time control of a new game: anything
// shorter is over before a move crosses the network.
const DefaultMinClock = 15 * time.Second

// Server is the play server. Create it with New, serve Handler, and call
// Close when done.
type Server struct {
	store   store.Store
	games   map[string]game.Game
	order   []game.Game
	engine  computer.Engine
	log     *slog.Logger
	think   func(int) time.Duration
	now     func() time.Time
	metrics *metrics.Metrics
	site    *site.Site
	editor  *editor.Editor

	proxyHeader             string
	minClock                time.Duration
	limits                  *httpkit.Limiters
	accounts                *account.Accounts
	accountAPI              *account.API
	listsAPI                *lists.API
	chat                    *chat.Service // nil: chat is off
	node                    string
	writeTimeout            time.Duration
	claimAfter, absentAfter time.Duration
	firstMove               time.Duration

	// life is the server's background work, shared with its features.
	life    *life.Group
	closeMu sync.Mutex // a second Close waits for the first (clusterhost.go)

	lobby *lobby.Lobby
	// cluster is this server's part among several nodes; nil when alone.
	cluster *cluster.Node
	// hub keeps challenges, seeks and event streams (challengehost.go);
	// nil without accounts.
	hub *challenge.Hub

	mu       sync.Mutex
	sessions map[string]*session
	clients  map[*client]struct{}
	// routes are the patterns Handler registered (routes.go).
	routes []string
}

// New loads every stored game, replays it and returns the server.
func New(cfg Config) (*Server, error) {
	srv := &Server{store: cfg.Store, games: map[string]game.Game{}, order: cfg.Games, engine: cfg.Engine,
		log: cfg.Log, think: cfg.ThinkTime, now: cfg.Now,
		sessions: map[string]*session{}, clients: map[*client]struct{}{},
		proxyHeader: cfg.ProxyHeader, minClock: cfg.MinClock}
	if srv.minClock <= 0 {
		srv.minClock = DefaultMinClock
	}
	srv.limits = httpkit.NewLimiters(cfg.Limits)
	srv.metrics = metrics.New(srv.limits, cfg.MetricsToken, srv.writeClusterMetrics)
	srv.site = site.New(site.Config{Games: cfg.Games, Assets: cfg.Assets, Rules: cfg.Rules, Log: cfg.Log})
	// The clock is read through srv, which tests may set after New.
	srv.editor = editor.New(editor.Config{Games: editorGames{srv}, Limits: srv.limits, Now: func() time.Time { return srv.now() }})
	srv.accounts = cfg.Accounts
	srv.writeTimeout = cfg.WriteTimeout
	if srv.writeTimeout <= 0 {
		srv.writeTimeout = DefaultWriteTimeout
	}
	orDefault := func(d, def time.Duration) time.Duration {
		if d <= 0 {
			return def
		}
		return d
	}
	srv.claimAfter = orDefault(cfg.ClaimAfter, DefaultClaimAfter)
	srv.absentAfter = orDefault(cfg.AbsentAfter, DefaultAbsentAfter)
	srv.firstMove = orDefault(cfg.FirstMoveTimeout, DefaultFirstMoveTimeout)
	srv.node = cfg.Node
	if srv.node == "" {
		srv.node = "local"
	}
	srv.lobby = lobby.New()
	for _, g := range cfg.Games {
		srv.games[g.Info().Name] = g
	}
	if srv.engine == nil {
		srv.engine = computer.RandomEngine{}
	}
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
	// The features read srv.now when called, so that a test may set it.
	now := func() time.Time { return srv.now() }
	srv.chat = chat.NewService(cfg.Chat, cfg.Accounts != nil, srv.limits, srv.log, now)
	srv.accountAPI = &account.API{Accounts: cfg.Accounts, Limits: srv.limits, Log: srv.log, Now: now}
	srv.listsAPI = &lists.API{Accounts: cfg.Accounts, Games: srv.games, Limits: srv.limits, Now: now}
	srv.life = life.New(srv.log)
	if err := srv.openChallenges(); err != nil {
		srv.life.Stop()
		return nil, fmt.Errorf("challenges: %w", err)
	}
	if cfg.Cluster != nil { // games are taken by lease, not all loaded here
		return srv.joinCluster(*cfg.Cluster)
	}
	lastUp, err := cfg.Store.LastBeat(srv.life.Context(), srv.node)
	if err != nil {
		return nil, err
	}
	stored, err := cfg.Store.Games(srv.life.Context())
	if err != nil {
		return nil, err
	}
	for _, sg := range stored {
		var def Def
		if err := json.Unmarshal(sg.Def, &def); err != nil {
			srv.log.Error("skipping unreadable game", "game", sg.ID, "err", err)
			continue
		}
		log, err := cfg.Store.Actions(srv.life.Context(), sg.ID)
		if err != nil {
			return nil, err
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
	return srv, nil
}

// Close stops computer players and timers, hangs up websockets and waits
// for running goroutines. The store stays open (the caller owns it).
func (srv *Server) Close() {
	srv.closeMu.Lock()
	defer srv.closeMu.Unlock()
	srv.life.Stop()
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
	srv.life.Wait()
	srv.closeChallenges()
	srv.leaveCluster()
	srv.beat() // the last moment up, for the next start's clocks
}

// heartbeatEvery is how often the server records that it is up: a restart
// after a crash charges the players at most this much of the downtime.
const heartbeatEvery = time.Second

// heartbeat records that the server is up until it closes.
func (srv *Server) heartbeat() { srv.life.Every(heartbeatEvery, srv.beat) }

func (srv *Server) beat() {
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
func (srv *Server) resumeClocks(lastUp int64) {
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

func (srv *Server) thinkTime(level int) time.Duration { return srv.think(level) }

func (srv *Server) track(c *client) bool {
	srv.mu.Lock()
	defer srv.mu.Unlock()
	if srv.life.Stopping() {
		return false
	}
	srv.clients[c] = struct{}{}
	return true
}

func (srv *Server) untrack(c *client) {
	srv.mu.Lock()
	delete(srv.clients, c)
	srv.mu.Unlock()
}

func (srv *Server) session(id string) *session {
	srv.mu.Lock()
	defer srv.mu.Unlock()
	return srv.sessions[id]
}

// CreateRequest is the body of POST /api/games.
type CreateRequest struct {
	Game    string            `json:"game"`
	Options game.Options      `json:"options"`
	Seats   []Seat            `json:"seats"`
	Clock   table.TimeControl `json:"clock"`
	// Position, when set, is a position string in the game's notation to
	// play from (an edited board, a pasted FEN).
	Position string `json:"position,omitempty"`
	// Record, when set, is a game record (PGN) to play on from: its start
	// position, options and moves become the new game's.
	Record string `json:"record,omitempty"`
	// Rated games change the players' ratings: every seat must end up held
	// by an account of its own (no computer, no two seats of one account).
	Rated bool `json:"rated,omitempty"`
}

// maxImportedMoves bounds the moves a record brings into a new game.
const maxImportedMoves = 2000

// CreateResponse tells the creator the game id, the tokens of the local
// seats and the secrets of the invitation links (seat index -> secret).
type CreateResponse struct {
	ID      string         `json:"id"`
	Tokens  map[int]string `json:"tokens"`
	Invites map[int]string `json:"invites,omitempty"`
}

// normalize finds the game name and puts opts, chosen by a client, in
// the game's canonical, self-contained form.
func (srv *Server) normalize(name string, opts game.Options) (game.Game, game.Options, error) {
	g, ok := srv.games[name]
	if !ok {
		return nil, nil, apierr.New(apierr.Invalid, "unknown game %q", name)
	}
	if opts == nil {
		opts = game.Options{}
	}
	opts, err := g.Normalize(opts)
	if err != nil {
		return nil, nil, apierr.Wrap(apierr.Invalid, err)
	}
	return g, opts, nil
}

// Create makes and stores a new game for the server's own use (tests,
// tools): no client limits apply.
func (srv *Server) Create(ctx context.Context, req CreateRequest) (CreateResponse, error) {
	return srv.create(ctx, "", 0, req)
}

// create makes and stores a new game for client (a clientKey; "" for the
// server itself), within the client's limits.
func (srv *Server) create(ctx context.Context, client string, user int64, req CreateRequest) (CreateResponse, error) {
	if client != "" {
		if ok, retry := srv.limits.Create.Allow(client, srv.now()); !ok {
			return CreateResponse{}, srv.limits.TooMany(httpkit.LimCreate, retry, "too many new games from your address; try again in %v", retry.Round(time.Second))
		}
	}
	if user != 0 {
		// An account is limited too, wherever it connects from.
		if ok, retry := srv.limits.Create.Allow("user:"+strconv.FormatInt(user, 10), srv.now()); !ok {
			return CreateResponse{}, srv.limits.TooMany(httpkit.LimCreate, retry, "too many new games from your account; try again in %v", retry.Round(time.Second))
		}
	}
	var moves []string
	if req.Record != "" {
		var err error
		if req, moves, err = srv.importRecord(req); err != nil {
			return CreateResponse{}, err
		}
	}
	g, opts, err := srv.normalize(req.Game, req.Options)
	if err != nil {
		return CreateResponse{}, err
	}
	if req.Position != "" {
		p, err := g.Parse(req.Position, opts)
		if err != nil {
			return CreateResponse{}, apierr.Wrap(apierr.Invalid, err)
		}
		// A position carries its seats (a map's players): they must be
		// the options' own, which the table seats.
		if names, err := g.SeatNames(opts); err == nil && len(names) != p.Players() {
			return CreateResponse{}, apierr.New(apierr.Invalid, "the position has %d seats but the options give %d", p.Players(), len(names))
		}
		req.Position = p.String()
	}
	if c := req.Clock; c.Initial > 0 && c.Initial < srv.minClock {
		return CreateResponse{}, apierr.New(apierr.Invalid, "a clock needs at least %v a player", srv.minClock)
	}
	def := Def{Game: g.Info().Name, Options: opts, Seats: slices.Clone(req.Seats), Clock: req.Clock, Start: req.Position, Rated: req.Rated}
	if req.Rated {
		if user == 0 {
			return CreateResponse{}, apierr.New(apierr.Forbidden, "sign in to play a rated game")
		}
		local := 0
		for _, seat := range def.Seats {
			if seat.Kind == SeatComputer {
				return CreateResponse{}, apierr.New(apierr.Invalid, "games against the computer are not rated")
			}
			if seat.Kind == SeatLocal {
				local++
			}
		}
		if local > 1 {
			return CreateResponse{}, apierr.New(apierr.Invalid, "a rated game has one seat of yours; invite the others")
		}
	}
	resp := CreateResponse{ID: secret.ID(), Tokens: map[int]string{}, Invites: map[int]string{}}
	for i := range def.Seats {
		def.Seats[i].TokenHash, def.Seats[i].InviteHash = "", ""
		if def.Seats[i].Kind == SeatInvite {
			secret, h := secret.New()
			def.Seats[i].InviteHash = h
			resp.Invites[i] = secret
		}
		if def.Seats[i].Kind != SeatComputer {
			def.Seats[i].Level = 0
		}
		def.Seats[i].UserID = 0
		if def.Seats[i].Kind == SeatLocal {
			tok, h := secret.New()
			def.Seats[i].TokenHash = h
			def.Seats[i].UserID = user
			resp.Tokens[i] = tok
		}
	}
	release, err := srv.holdComputer(client, def)
	if err != nil {
		return CreateResponse{}, err
	}
	s, err := srv.add(ctx, resp.ID, def, release)
	if err != nil {
		release()
		return CreateResponse{}, err
	}
	if len(moves) > 0 {
		s.mu.Lock()
		defer s.mu.Unlock()
		for _, mv := range moves {
			if err := s.commit(int(s.t.ToMove()), table.ActMove, mv); err != nil {
				return resp, apierr.New(apierr.Internal, "the record's moves could not all be stored: %v", err)
			}
		}
	}
	return resp, nil
}

// importRecord reads a record for a new game: the game, options and start
// position come from it (the request's own take precedence where given),
// and its moves, checked by the game's rules, are returned to be played.
func (srv *Server) importRecord(req CreateRequest) (CreateRequest, []string, error) {
	recs, err := record.Parse(req.Record)
	if err != nil {
		return req, nil, apierr.New(apierr.Invalid, "the record cannot be read: %v", err)
	}
	if len(recs) != 1 {
		return req, nil, apierr.New(apierr.Invalid, "give one game's record, not %d", len(recs))
	}
	r := recs[0]
	if req.Game == "" {
		req.Game = r.Game
	}
	g, ok := srv.games[req.Game]
	if !ok {
		return req, nil, apierr.New(apierr.Invalid, "unknown game %q", req.Game)
	}
	if len(req.Options) == 0 {
		req.Options = r.Options
	}
	if len(r.Moves) > maxImportedMoves {
		return req, nil, apierr.New(apierr.Invalid, "a record of at most %d moves", maxImportedMoves)
	}
	rr := r
	rr.Options = req.Options
	var moves []string
	start, err := rr.StartPosition(g)
	if err != nil {
		return req, nil, apierr.Wrap(apierr.Invalid, err)
	}
	if _, err := rr.Replay(g, func(pos game.Position, m game.Move) error {
		moves = append(moves, pos.MoveString(m))
		return nil
	}); err != nil {
		return req, nil, apierr.Wrap(apierr.Invalid, err)
	}
	if len(r.Left) > 0 {
		return req, nil, apierr.New(apierr.Invalid, "records in which a seat left the game cannot be played on")
	}
	// Play goes on from the record's start, set up or not: a game with
	// phases before play (a draft) does not run them again.
	req.Position = start.String()
	return req, moves, nil
}

// holdComputer takes the places a game with computer seats needs: one of
// the client's computer games, and for a game with no person one of the
// node's computer-only games. The returned func gives them back once.
func (srv *Server) holdComputer(client string, def Def) (func(), error) {
	computers := 0
	for _, s := range def.Seats {
		if s.Kind == SeatComputer {
			computers++
		}
	}
	if computers == 0 {
		return func() {}, nil
	}
	ls := srv.limits
	if client != "" && !ls.Computer.Acquire(client) {
		return nil, ls.TooMany(httpkit.LimComputer, time.Minute, "you have %d unfinished games against the computer; finish or resign one first", ls.Computer.Max)
	}
	only := computers == len(def.Seats)
	if only && ls.ComputerOnly.Add(1) > ls.MaxComputerOnly {
		ls.ComputerOnly.Add(-1)
		if client != "" {
			ls.Computer.Release(client)
		}
		return nil, ls.TooMany(httpkit.LimComputerOnly, time.Minute, "this server is running as many computer-only games as it can (%d); try later", ls.MaxComputerOnly)
	}
	var once sync.Once
	return func() {
		once.Do(func() {
			if client != "" {
				ls.Computer.Release(client)
			}
			if only {
				ls.ComputerOnly.Add(-1)
			}
		})
	}, nil
}

// add stores and starts a game; release gives back what the game holds
// of its creator's limits once it is over (nil: nothing).
func (srv *Server) add(ctx context.Context, id string, def Def, release func()) (*session, error) {
	created := srv.now().UnixMilli()
	s, err := newSession(srv, id, created, def, nil)
	if err != nil {
		return nil, err
	}
	s.release = release
	b, err := json.Marshal(def)
	if err != nil {
		return nil, err
	}
	if err := srv.storeGame(ctx, store.Game{ID: id, CreatedMs: created, Def: b}); err != nil {
		srv.log.Error("create failed", "err", err)
		return nil, apierr.New(apierr.Internal, "the server could not save the game")
	}
	srv.mu.Lock()
	srv.sessions[id] = s
	srv.mu.Unlock()
	srv.metrics.Games.Add(1)
	srv.log.Info("game created", "game", id, "kind", def.Game, "options", def.Options, "rematchOf", def.RematchOf)
	s.mu.Lock()
	s.updateLobby()
	s.schedule()
	s.mu.Unlock()
	return s, nil
}

// Join gives an open seat to whoever asks first, or an invite seat to
// whoever shows its link's secret first, and returns the seat's token.
func (srv *Server) Join(id string, seat int, invite string, user int64) (string, error) {
	s := srv.session(id)
	if s == nil {
		return "", errNoGame
	}
	tok, h := secret.New()
	s.mu.Lock()
	defer s.mu.Unlock()
	if seat >= 0 && seat < s.t.Seats() {
		want := s.t.Def.Seats[seat].InviteHash
		if want != "" && subtle.ConstantTimeCompare([]byte(secret.Hash(invite)), []byte(want)) != 1 {
			return "", apierr.New(apierr.Forbidden, "this invitation link is not valid for this seat")
		}
	}
	data := h
	if user != 0 {
		data += " " + strconv.FormatInt(user, 10)
	}
	if err := s.commit(seat, table.ActJoin, data); err != nil {
		return "", err
	}
	return tok, nil
}

// rematch starts a new game with the same settings and the seats turned
// by one, each held by the same token as before. Caller holds s.mu.
func (srv *Server) rematch(s *session, seat int) error {
	t := s.t
	if !t.Outcome().Over {
		return apierr.New(apierr.Conflict, "the game is not over yet")
	}
	if t.Rematch != "" {
		return nil // already made; the state says where
	}
	n := t.Seats()
	def := Def{Game: t.Def.Game, Options: t.Def.Options, Clock: t.Def.Clock, RematchOf: s.id}
	for j := range n {
		old := t.Def.Seats[(j+1)%n]
		old.TokenHash = t.Tokens[(j+1)%n]
		def.Seats = append(def.Seats, old)
	}
	id := secret.ID()
	release, err := srv.holdComputer("", def)
	if err != nil {
		return err
	}
	if _, err := srv.add(context.Background(), id, def, release); err != nil {
		release()
		return err
	}
	return s.commit(seat, table.ActRematch, id)
}

// Handler returns the HTTP handler of the whole app.
func (srv *Server) Handler() http.Handler {
	mux := httpkit.NewMux()
	defer func() { srv.routes = mux.Patterns() }()
	mux.HandleFunc("GET /healthz", srv.handleHealth)
	srv.metrics.Routes(mux)
	mux.HandleFunc("GET /api/meta", srv.handleMeta)
	mux.HandleFunc("GET /api/seats", srv.handleSeats)
	(&lobby.API{Lobby: srv.lobby, Limits: srv.limits, Done: srv.life.Context().Done()}).Routes(mux)
	mux.HandleFunc("POST /api/games", srv.handleCreate)
	srv.editor.Routes(mux)
	mux.HandleFunc("GET /api/games/{id}", srv.handleGet)
	mux.HandleFunc("POST /api/games/{id}/join", srv.handleJoin)
	mux.HandleFunc("GET /api/games/{id}/ply/{n}", srv.handlePly)
	mux.HandleFunc("GET /api/games/{id}/record", srv.handleRecord)
	mux.HandleFunc("GET /ws/{id}", srv.handleWS)
	if srv.accounts != nil {
		srv.listsAPI.Routes(mux)
		srv.hub.Routes(mux)
		(&bots.API{Games: botGames{srv}, Users: srv.accounts, Limits: srv.limits, Done: srv.life.Context().Done()}).Routes(mux)
	}
	srv.accountAPI.Routes(mux) // GET /api/account/me even without accounts
	if srv.chat != nil && srv.accounts != nil {
		(&chat.BlocksAPI{Chat: srv.chat, Users: srv.accounts}).Routes(mux)
	}
	srv.site.Routes(mux)
	return srv.logRequests(srv.routeGames(mux))
}

// MetricsHandler serves /metrics alone, for a listener of the operator's
// own (wyrm serve --metrics-addr).
func (srv *Server) MetricsHandler() http.Handler { return srv.metrics.Handler() }
