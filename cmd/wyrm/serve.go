package main

import (
	"context"
	"errors"
	"flag"
	"fmt"
	"io"
	"log/slog"
	"net"
	"net/http"
	"os"
	"os/signal"
	"path/filepath"
	"strings"
	"syscall"
	"time"

	"wyrm/docs"
	"wyrm/game"
	"wyrm/games"
	"wyrm/internal/buildinfo"
	"wyrm/internal/localfile"
	"wyrm/server"
	"wyrm/server/account"
	"wyrm/server/chat"
	"wyrm/server/cluster"
	"wyrm/server/computer"
	"wyrm/server/httpkit"
	"wyrm/server/play"
	"wyrm/server/puzzle"
	"wyrm/server/store"
	"wyrm/server/tournament"
	"wyrm/web"
)

func runServe(args []string, _ io.Reader, stdout, stderr io.Writer) int {
	fs := flag.NewFlagSet("serve", flag.ContinueOnError)
	fs.SetOutput(stderr)
	addr := fs.String("addr", "localhost:8080", "listen address HOST:PORT")
	dbPath := fs.String("db", "wyrm.db", "where every game is kept: a SQLite file, or a postgres:// URL for PostgreSQL")
	dev := fs.String("dev-assets", "", "serve the web app from this folder instead of the embedded copy")
	rules := fs.String("rules", "", "read <game>.md rules documents from this folder instead of the embedded copy")
	proxyHeader := fs.String("proxy-header", "", "header in which a trusted reverse proxy gives the client's address (e.g. X-Forwarded-For), and whose X-Forwarded-Proto is believed; only set it behind such a proxy")
	metricsAddr := fs.String("metrics-addr", "", "serve /metrics on this address too (HOST:PORT); on the main address only -metrics-token, or without one this machine, may read them")
	metricsToken := fs.String("metrics-token", "", "a bearer token that may read /metrics on the main address from anywhere; once set, nothing else may there")
	lim := httpkit.DefaultLimits
	fs.IntVar(&lim.CreatePerMinute, "limit-create", lim.CreatePerMinute, "new games a client address may create a minute")
	fs.IntVar(&lim.ComputerGames, "limit-computer-games", lim.ComputerGames, "unfinished games with a computer seat a client address may hold")
	fs.IntVar(&lim.ComputerOnlyGames, "limit-computer-only", lim.ComputerOnlyGames, "unfinished computer-against-computer games on this server")
	fs.IntVar(&lim.Conns, "limit-conns", lim.Conns, "open websockets a client address may hold")
	fs.IntVar(&lim.MessagesPerMinute, "limit-messages", lim.MessagesPerMinute, "websocket messages a client address may send a minute")
	fs.IntVar(&lim.ChallengesPerMinute, "limit-challenges", lim.ChallengesPerMinute, "challenge and seek actions (post, accept, decline, cancel) a client address or account may make a minute")
	fs.IntVar(&lim.Seeks, "limit-seeks", lim.Seeks, "open seeks a player may have")
	fs.IntVar(&lim.ReadsPerMinute, "limit-reads", lim.ReadsPerMinute, "reads of profiles, players' games and leaderboards a client address may make a minute")
	fs.IntVar(&lim.EditsPerMinute, "limit-edits", lim.EditsPerMinute, "board editor requests a client address may send a minute")
	idle := fs.Duration("idle-timeout", server.DefaultIdleTimeout, "close keep-alive connections idle this long")
	writeTimeout := fs.Duration("write-timeout", server.DefaultWriteTimeout, "drop a client that has not read an answer after this long")
	minClock := fs.Duration("min-clock", play.DefaultMinClock, "shortest time control a new game may have")
	maps := fs.String("maps", "", "install every *.map file of this folder as a Dungeon Chess map players may choose")
	level := fs.String("log-level", "info", "debug, info, warn or error")
	logFormat := fs.String("log-format", "text", "text (key=value lines) or json (one object a line, for log collectors)")
	node := fs.String("node", "", "this node's name among several sharing a PostgreSQL database, unique and kept across restarts (default: host name and port)")
	advertise := fs.String("advertise", "", "with PostgreSQL: the URL at which the other nodes reach this one (default: http:// and -addr)")
	leaseTTL := fs.Duration("lease-ttl", cluster.DefaultLeaseTTL, "with PostgreSQL: how long a game stays with a node that stopped renewing its lease before another node takes it over")
	chatLim := chat.DefaultLimits
	fs.IntVar(&chatLim.SeatPerMinute, "limit-chat", chatLim.SeatPerMinute, "chat messages a seat (or a spectator) may send a minute")
	fs.IntVar(&chatLim.AccountPerMinute, "limit-chat-account", chatLim.AccountPerMinute, "chat messages an account may send a minute, over all its games")
	banned := fs.String("chat-banned", "", "refuse chat messages holding any term of this file (one a line, # comments); read once, at start-up")
	eventsFile := fs.String("events", "", "schedule the recurring tournaments of this JSON file (docs/tournaments.md); read once, at start-up")
	cpuprofile := fs.String("cpuprofile", "", "write a CPU profile of the server to this file, from start-up until it stops (for measuring)")
	if err := fs.Parse(args); err != nil {
		return 2
	}
	if fs.NArg() > 0 {
		fmt.Fprintln(stderr, "wyrm serve: unexpected arguments:", strings.Join(fs.Args(), " "))
		return 2
	}
	var lv slog.Level
	if err := lv.UnmarshalText([]byte(*level)); err != nil {
		fmt.Fprintln(stderr, "wyrm serve: bad -log-level:", *level)
		return 2
	}
	log, err := newLogger(*logFormat, stderr, lv)
	if err != nil {
		fmt.Fprintln(stderr, "wyrm serve:", err)
		return 2
	}
	if *cpuprofile != "" {
		stopProfile, err := startCPUProfile(*cpuprofile)
		if err != nil {
			fmt.Fprintln(stderr, "wyrm serve:", err)
			return 1
		}
		defer stopProfile()
	}
	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt, syscall.SIGTERM)
	defer stop()
	gs, err := installedGames(*maps)
	if err != nil {
		fmt.Fprintln(stderr, "wyrm serve:", err)
		return 1
	}
	filter, err := bannedTerms(*banned)
	if err != nil {
		fmt.Fprintln(stderr, "wyrm serve:", err)
		return 1
	}
	events, err := tournamentEvents(*eventsFile)
	if err != nil {
		fmt.Fprintln(stderr, "wyrm serve:", err)
		return 1
	}
	return serve(ctx, serveConfig{events: events, addr: *addr, db: *dbPath, dev: *dev, rules: *rules, games: gs, proxyHeader: *proxyHeader,
		metricsAddr: *metricsAddr, metricsToken: *metricsToken, limits: lim, minClock: *minClock,
		idle: *idle, writeTimeout: *writeTimeout, node: *node, advertise: *advertise, leaseTTL: *leaseTTL,
		chatFilter: filter, chatLimits: chatLim}, log, stdout, stderr)
}

// tournamentEvents reads the operator's file of recurring tournaments
// (none when path is ""); the server checks their games and options as it
// starts.
func tournamentEvents(path string) ([]tournament.Event, error) {
	if path == "" {
		return nil, nil
	}
	b, err := localfile.Read(path)
	if err != nil {
		return nil, fmt.Errorf("-events: %w", err)
	}
	evs, err := tournament.ParseEvents(b)
	if err != nil {
		return nil, fmt.Errorf("-events %s: %w", path, err)
	}
	return evs, nil
}

// bannedTerms reads the operator's file of banned chat terms (none when
// path is ""). Only the operator names it, once, at start-up.
func bannedTerms(path string) (*chat.Filter, error) {
	if path == "" {
		return nil, nil
	}
	b, err := localfile.Read(path)
	if err != nil {
		return nil, fmt.Errorf("-chat-banned: %w", err)
	}
	f, err := chat.NewFilter(chat.ParseTerms(string(b)))
	if err != nil {
		return nil, fmt.Errorf("-chat-banned %s: %w", path, err)
	}
	return f, nil
}

// installedGames returns every game with the maps of dir installed (none
// when dir is ""). The operator names the folder; clients only ever choose
// among the maps read here, at start-up.
func installedGames(dir string) ([]game.Game, error) {
	if dir == "" {
		return games.All(), nil
	}
	paths, err := filepath.Glob(filepath.Join(dir, "*.map"))
	if err != nil {
		return nil, err
	}
	if len(paths) == 0 {
		return nil, fmt.Errorf("-maps %s: no *.map files there", dir)
	}
	var d games.Data
	for _, p := range paths {
		b, err := localfile.Read(p)
		if err != nil {
			return nil, err
		}
		d.Maps = append(d.Maps, string(b))
	}
	gs, err := games.WithData(d)
	if err != nil {
		return nil, fmt.Errorf("-maps %s: %w", dir, err)
	}
	return gs, nil
}

// serveConfig is what serve needs.
type serveConfig struct {
	addr, db, dev, rules string
	games                []game.Game
	proxyHeader          string
	metricsAddr          string
	metricsToken         string
	limits               httpkit.Limits
	minClock             time.Duration
	idle, writeTimeout   time.Duration
	// node, advertise and leaseTTL place a server among several on one
	// PostgreSQL database (cluster.go).
	node, advertise string
	leaseTTL        time.Duration
	// chatFilter refuses banned terms (nil: none); chatLimits bound chat.
	chatFilter *chat.Filter
	chatLimits chat.Limits
	// events are the operator's recurring tournaments.
	events []tournament.Event
}

// serve runs the server until ctx is done, then shuts down gracefully.
func serve(ctx context.Context, cfg serveConfig, log *slog.Logger, stdout, stderr io.Writer) int {
	addr, dbPath, dev, rules := cfg.addr, cfg.db, cfg.dev, cfg.rules
	if cfg.games == nil {
		cfg.games = games.All()
	}
	st, err := store.Open(dbPath)
	if err != nil {
		fmt.Fprintln(stderr, "wyrm serve:", err)
		return 1
	}
	defer st.Close()
	accts, err := account.Open(ctx, st, account.Config{})
	if err != nil {
		fmt.Fprintln(stderr, "wyrm serve: accounts:", err)
		return 1
	}
	defer accts.Close()
	talk, err := chat.Open(ctx, st)
	if err != nil {
		fmt.Fprintln(stderr, "wyrm serve: chat:", err)
		return 1
	}
	defer talk.Close()
	puzzles, err := puzzle.Open(ctx, st)
	if err != nil {
		fmt.Fprintln(stderr, "wyrm serve: puzzles:", err)
		return 1
	}
	assets := web.FS
	if dev != "" {
		assets = os.DirFS(dev)
	}
	rulesFS := docs.Rules
	if rules != "" {
		rulesFS = os.DirFS(rules)
	}
	// Listening first tells a node the port it advertises.
	ln, err := net.Listen("tcp", addr)
	if err != nil {
		fmt.Fprintln(stderr, "wyrm serve:", err)
		return 1
	}
	node, nodeCfg, err := clusterConfig(cfg, dbPath, ln.Addr())
	if err != nil {
		ln.Close()
		fmt.Fprintln(stderr, "wyrm serve:", err)
		return 1
	}
	srv, err := server.New(server.Config{Store: st, Games: cfg.games, Engine: newEngine(), Assets: assets, Rules: rulesFS, Log: log,
		Accounts: accts, ProxyHeader: cfg.proxyHeader, MetricsToken: cfg.metricsToken, Limits: cfg.limits, MinClock: cfg.minClock,
		WriteTimeout: cfg.writeTimeout, Node: node, Cluster: nodeCfg,
		Chat:        chat.Config{Store: talk, Filter: cfg.chatFilter, Limits: cfg.chatLimits},
		Tournaments: server.TournamentsConfig{Events: cfg.events}, Puzzles: puzzles})
	if err != nil {
		ln.Close()
		fmt.Fprintln(stderr, "wyrm serve:", err)
		return 1
	}
	hs := server.HTTPServer(srv.Handler(), cfg.idle)
	hs.RegisterOnShutdown(srv.Close)
	if cfg.metricsAddr != "" {
		mln, err := net.Listen("tcp", cfg.metricsAddr)
		if err != nil {
			ln.Close()
			srv.Close()
			fmt.Fprintln(stderr, "wyrm serve: -metrics-addr:", err)
			return 1
		}
		ms := server.HTTPServer(srv.MetricsHandler(), cfg.idle)
		go ms.Serve(mln)
		defer ms.Close()
		log.Info("metrics", "addr", mln.Addr().String())
	}
	fmt.Fprintf(stdout, "wyrm is serving on http://%s/ (games in %s); Ctrl-C stops it\n", ln.Addr(), store.Redact(dbPath))
	log.Info("listening", "addr", ln.Addr().String(), "db", store.Redact(dbPath), "version", buildinfo.Version())
	errc := make(chan error, 1)
	go func() { errc <- hs.Serve(ln) }()
	select {
	case err := <-errc:
		srv.Close()
		fmt.Fprintln(stderr, "wyrm serve:", err)
		return 1
	case <-ctx.Done():
	}
	log.Info("shutting down")
	sctx, cancel := context.WithTimeout(context.Background(), 10*time.Second)
	defer cancel()
	err = hs.Shutdown(sctx)
	srv.Close()
	if err != nil && !errors.Is(err, http.ErrServerClosed) {
		log.Error("shutdown", "err", err)
		return 1
	}
	log.Info("stopped")
	return 0
}

// newEngine returns the engine for computer seats in the web app.
func newEngine() computer.Engine { return computer.DefaultEngine() }
