// Package editor is the board editor's API: POST /api/compose writes a
// composition (pieces, hands, the side to move, the position's fields) as
// the game's position string, and POST /api/decompose reads a position
// string or a game record back into one.
//
// The endpoints are stateless: each answer comes from the request alone
// (the game's palette for the options, the composition or position sent),
// so any node answers them. The game's own Composer turns a composition
// into its position string and back (game.Composer).
package editor

import (
	"time"

	"wyrm/game"
	"wyrm/server/httpkit"
)

// Games reads games, options and records as a new game does, so that a
// position the editor writes is one a new game accepts.
type Games interface {
	// Normalize finds the game named and puts opts, chosen by a client,
	// in the game's canonical form.
	Normalize(name string, opts game.Options) (game.Game, game.Options, error)
	// ImportRecord reads one game's record as a new game played on from
	// it would: name and opts, where given, take precedence over the
	// record's, and its moves are checked by the game's rules.
	ImportRecord(name string, opts game.Options, record string) (Record, error)
}

// Record is a game record as read for play: its game, options, start
// position and moves (each in the game's move notation).
type Record struct {
	Game    string
	Options game.Options
	Start   string
	Moves   []string
}

// Config is what an Editor is built from.
type Config struct {
	Games Games
	// Limits bound each client's edits (Limiters.Edits).
	Limits *httpkit.Limiters
	// Now is the clock; nil means time.Now.
	Now func() time.Time
}

// Editor serves the board editor's endpoints.
type Editor struct {
	games  Games
	limits *httpkit.Limiters
	now    func() time.Time
}

// New returns the editor of cfg.
func New(cfg Config) *Editor {
	e := &Editor{games: cfg.Games, limits: cfg.Limits, now: cfg.Now}
	if e.now == nil {
		e.now = time.Now
	}
	return e
}

// Routes registers the editor's endpoints on mux.
func (e *Editor) Routes(mux *httpkit.Mux) {
	mux.HandleErr("POST /api/compose", e.handleCompose)
	mux.HandleErr("POST /api/decompose", e.handleDecompose)
}
