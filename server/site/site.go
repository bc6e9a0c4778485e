// Package site serves what the play server shows besides games in play:
// the web app's files, the rules pages with their move diagrams, the
// pieces' pictures and the games' puzzles. It reads the games only
// through the wyrm/game contract.
package site

import (
	"io/fs"
	"log/slog"
	"net/http"

	"wyrm/game"
	"wyrm/server/httpkit"
)

// Config is what a Site is built from.
type Config struct {
	// Games are the games served, in the order the pages list them.
	Games []game.Game
	// Assets is the web app (index.html at its root); nil serves no app.
	Assets fs.FS
	// Rules holds "<game>.md" rules documents; may be nil.
	Rules fs.FS
	// Log records what a page could not draw; nil logs nothing.
	Log *slog.Logger
}

// Site is the site's pages and files.
type Site struct {
	order  []game.Game
	games  map[string]game.Game
	assets fs.FS
	rules  fs.FS
	log    *slog.Logger
}

// New returns the site of cfg.
func New(cfg Config) *Site {
	s := &Site{order: cfg.Games, games: map[string]game.Game{}, assets: cfg.Assets, rules: cfg.Rules, log: cfg.Log}
	for _, g := range cfg.Games {
		s.games[g.Info().Name] = g
	}
	if s.log == nil {
		s.log = slog.New(slog.DiscardHandler)
	}
	return s
}

// Routes registers the site's pages and files on mux; the web app's "/"
// takes whatever no other route does.
func (s *Site) Routes(mux *httpkit.Mux) {
	mux.HandleFunc("GET /api/puzzles", s.handlePuzzles)
	mux.HandleErr("GET /pictures/{game}/{name}", s.handlePicture)
	mux.HandleFunc("GET /rules/{$}", s.handleRulesIndex)
	mux.HandleFunc("GET /api/texts/{lang}", s.handleTexts)
	mux.HandleFunc("GET /rules/{game}", s.handleRules)
	if s.assets == nil {
		return
	}
	// Made here rather than in New: only a site that serves reads the files.
	files := newAssetFiles(s.assets)
	mux.Handle("GET /", files)
	if off, err := newOffline(s.assets, s.rules, s.order); err != nil {
		s.log.Error("no service worker: the app's files could not be read", "err", err)
	} else {
		mux.HandleFunc("GET /sw.js", off.serveWorker)
		mux.HandleFunc("GET /api/build", off.serveVersion)
	}
	// The analysis board is the app's page at an address of its own,
	// so that a position can be shared as a link with a query.
	mux.HandleFunc("GET /analysis", func(w http.ResponseWriter, r *http.Request) {
		files.serveFile(w, r, "index.html", http.NotFoundHandler())
	})
	// A game's TV channel too, so that it can be linked to.
	mux.HandleFunc("GET /tv/{game}", func(w http.ResponseWriter, r *http.Request) {
		files.serveFile(w, r, "index.html", http.NotFoundHandler())
	})
	// The browser engine is megabytes and changes only with a new
	// build: kept for an hour, it loads once per visit.
	mux.HandleFunc("GET /engine.wasm", func(w http.ResponseWriter, r *http.Request) {
		w.Header().Set("Cache-Control", "public, max-age=3600")
		files.ServeHTTP(w, r)
	})
}
