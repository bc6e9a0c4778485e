package main

import (
	"context"
	"errors"
	"flag"
	"fmt"
	"io"
	"io/fs"
	"log/slog"
	"net"
	"net/http"
	"os"
	"os/signal"
	"strings"
	"syscall"
	"time"

	"wyrm/games"
	"wyrm/server"
	"wyrm/server/store"
	"wyrm/web"
)

func runServe(args []string, _ io.Reader, stdout, stderr io.Writer) int {
	fs := flag.NewFlagSet("serve", flag.ContinueOnError)
	fs.SetOutput(stderr)
	addr := fs.String("addr", "localhost:8080", "listen address HOST:PORT")
	dbPath := fs.String("db", "wyrm.db", "SQLite file holding every game")
	dev := fs.String("dev-assets", "", "serve the web app from this folder instead of the embedded copy")
	rules := fs.String("rules", "", "folder of <game>.md rules documents (default: docs/rules when present)")
	level := fs.String("log-level", "info", "debug, info, warn or error")
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
	log := slog.New(slog.NewJSONHandler(stderr, &slog.HandlerOptions{Level: lv}))
	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt, syscall.SIGTERM)
	defer stop()
	return serve(ctx, *addr, *dbPath, *dev, *rules, log, stdout, stderr)
}

// serve runs the server until ctx is done, then shuts down gracefully.
func serve(ctx context.Context, addr, dbPath, dev, rules string, log *slog.Logger, stdout, stderr io.Writer) int {
	st, err := store.Open(dbPath)
	if err != nil {
		fmt.Fprintln(stderr, "wyrm serve:", err)
		return 1
	}
	defer st.Close()
	assets := web.FS
	if dev != "" {
		assets = os.DirFS(dev)
	}
	var rulesFS fs.FS
	if rules == "" {
		if fi, err := os.Stat("docs/rules"); err == nil && fi.IsDir() {
			rules = "docs/rules"
		}
	}
	if rules != "" {
		rulesFS = os.DirFS(rules)
	}
	srv, err := server.New(server.Config{Store: st, Games: games.All(), Engine: newEngine(), Assets: assets, Rules: rulesFS, Log: log})
	if err != nil {
		fmt.Fprintln(stderr, "wyrm serve:", err)
		return 1
	}
	ln, err := net.Listen("tcp", addr)
	if err != nil {
		srv.Close()
		fmt.Fprintln(stderr, "wyrm serve:", err)
		return 1
	}
	hs := &http.Server{Handler: srv.Handler(), ReadHeaderTimeout: 10 * time.Second}
	hs.RegisterOnShutdown(srv.Close)
	fmt.Fprintf(stdout, "wyrm is serving on http://%s/ (games in %s); Ctrl-C stops it\n", ln.Addr(), dbPath)
	log.Info("listening", "addr", ln.Addr().String(), "db", dbPath)
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
func newEngine() server.Engine { return server.DefaultEngine() }
