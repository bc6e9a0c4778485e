// Package store keeps the play server's games: each game's definition and
// its ordered log of actions. Positions are never stored; the server
// rebuilds them by replaying the log, so the log is the single source of
// truth.
//
// Two implementations share one contract (Store): SQLite, an embedded file
// and the default, and PostgreSQL, for several nodes on one database. Both
// acknowledge an append only once it is committed durably, and both group
// commit: one writer goroutine takes every append waiting at that moment
// into a single transaction, so thousands of games moving at once cost one
// fsync per batch instead of one per move, and a lone move still commits at
// once. A sequence number is unique per game by a constraint of the
// schema, so an action is never stored twice.
//
// Both also serve as DB, the database as the feature packages (accounts,
// chat, challenges) see it: they keep tables of their own beside the
// store's, write each statement once, and never learn which database they
// were given.
package store

import (
	"context"
	"errors"
)

// Store is an open game database. Implementations are safe for concurrent
// use.
type Store interface {
	// CreateGame stores a new game definition; an id already used fails.
	CreateGame(ctx context.Context, g Game) error
	// Append stores one action of a game and returns once it is committed
	// durably. a.Seq must be the next number; a number already used gives
	// ErrConflict and changes nothing.
	Append(ctx context.Context, gameID string, a Action) error
	// Games returns every stored game, oldest first.
	Games(ctx context.Context) ([]Game, error)
	// Actions returns a game's log in order.
	Actions(ctx context.Context, gameID string) ([]Action, error)
	// Beat records that node is running at atMs; LastBeat returns the
	// latest such time (0 when none), so that a restarted node knows how
	// long it was down.
	Beat(ctx context.Context, node string, atMs int64) error
	LastBeat(ctx context.Context, node string) (int64, error)
	// Close finishes the appends already queued and releases the database.
	Close() error
	// DB is the same database for the feature packages' own tables.
	DB
}

// Game is one stored game definition; Def is opaque JSON owned by the server.
type Game struct {
	ID        string
	CreatedMs int64
	Def       []byte
}

// Action is one entry of a game's log.
type Action struct {
	Seq  int    `json:"seq"`
	AtMs int64  `json:"at"`
	Seat int    `json:"seat"`
	Kind string `json:"kind"`
	Data string `json:"data,omitempty"`
}

// ErrClosed is returned by Append after Close.
var ErrClosed = errors.New("store: closed")

// ErrConflict is returned when an action's sequence number is already taken.
var ErrConflict = errors.New("store: action sequence number already used")
