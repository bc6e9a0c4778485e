// Package store keeps the play server's games in an embedded SQLite file:
// each game's definition and its ordered log of actions. Positions are never
// stored; the server rebuilds them by replaying the log, so the log is the
// single source of truth.
//
// The database runs in WAL mode with synchronous=FULL: every committed action
// is on disk before Append returns, so the server acknowledges an action
// only once a crash or power loss can no longer lose it. Moves arrive at
// human speed (or engine speed on a few games at once), far below the rate
// at which an fsync per commit would matter.
package store

import (
	"context"
	"database/sql"
	"errors"
	"fmt"
	"net/url"

	_ "modernc.org/sqlite" // registers the pure-Go "sqlite" driver
)

// Store is an open game database. It is safe for concurrent use.
type Store struct {
	db *sql.DB
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

// ErrConflict is returned when an action's sequence number is already taken.
var ErrConflict = errors.New("store: action sequence number already used")

const schema = `
CREATE TABLE IF NOT EXISTS games (
	id         TEXT PRIMARY KEY,
	created_ms INTEGER NOT NULL,
	def        TEXT NOT NULL
);
CREATE TABLE IF NOT EXISTS actions (
	game_id TEXT NOT NULL REFERENCES games(id),
	seq     INTEGER NOT NULL,
	at_ms   INTEGER NOT NULL,
	seat    INTEGER NOT NULL,
	kind    TEXT NOT NULL,
	data    TEXT NOT NULL,
	PRIMARY KEY (game_id, seq)
);`

// Open opens (creating if needed) the database file at path.
func Open(path string) (*Store, error) {
	q := url.Values{}
	for _, p := range []string{"journal_mode(WAL)", "synchronous(FULL)", "busy_timeout(5000)", "foreign_keys(1)"} {
		q.Add("_pragma", p)
	}
	db, err := sql.Open("sqlite", "file:"+path+"?"+q.Encode())
	if err != nil {
		return nil, fmt.Errorf("open %s: %w", path, err)
	}
	// One connection serialises writers; reads are rare (start-up replay).
	db.SetMaxOpenConns(1)
	if _, err := db.Exec(schema); err != nil {
		db.Close()
		return nil, fmt.Errorf("open %s: %w", path, err)
	}
	return &Store{db: db}, nil
}

// Close checkpoints the WAL and closes the file.
func (s *Store) Close() error {
	_, _ = s.db.Exec("PRAGMA wal_checkpoint(TRUNCATE)")
	return s.db.Close()
}

// CreateGame stores a new game definition.
func (s *Store) CreateGame(ctx context.Context, g Game) error {
	_, err := s.db.ExecContext(ctx, "INSERT INTO games(id, created_ms, def) VALUES(?,?,?)", g.ID, g.CreatedMs, string(g.Def))
	if err != nil {
		return fmt.Errorf("store game %s: %w", g.ID, err)
	}
	return nil
}

// Append stores one action of a game. a.Seq must be the next number.
func (s *Store) Append(ctx context.Context, gameID string, a Action) error {
	_, err := s.db.ExecContext(ctx, "INSERT INTO actions(game_id, seq, at_ms, seat, kind, data) VALUES(?,?,?,?,?,?)",
		gameID, a.Seq, a.AtMs, a.Seat, a.Kind, a.Data)
	if err != nil {
		var n int
		if s.db.QueryRowContext(ctx, "SELECT count(*) FROM actions WHERE game_id=? AND seq=?", gameID, a.Seq).Scan(&n) == nil && n > 0 {
			return ErrConflict
		}
		return fmt.Errorf("store action %d of %s: %w", a.Seq, gameID, err)
	}
	return nil
}

// Games returns every stored game, oldest first.
func (s *Store) Games(ctx context.Context) ([]Game, error) {
	rows, err := s.db.QueryContext(ctx, "SELECT id, created_ms, def FROM games ORDER BY created_ms, id")
	if err != nil {
		return nil, err
	}
	defer rows.Close()
	var out []Game
	for rows.Next() {
		var g Game
		var def string
		if err := rows.Scan(&g.ID, &g.CreatedMs, &def); err != nil {
			return nil, err
		}
		g.Def = []byte(def)
		out = append(out, g)
	}
	return out, rows.Err()
}

// Actions returns a game's log in order.
func (s *Store) Actions(ctx context.Context, gameID string) ([]Action, error) {
	rows, err := s.db.QueryContext(ctx, "SELECT seq, at_ms, seat, kind, data FROM actions WHERE game_id=? ORDER BY seq", gameID)
	if err != nil {
		return nil, err
	}
	defer rows.Close()
	var out []Action
	for rows.Next() {
		var a Action
		if err := rows.Scan(&a.Seq, &a.AtMs, &a.Seat, &a.Kind, &a.Data); err != nil {
			return nil, err
		}
		out = append(out, a)
	}
	return out, rows.Err()
}
