package store

import (
	"context"
	"database/sql"
	"errors"
	"fmt"
	"net/url"

	_ "modernc.org/sqlite" // registers the pure-Go "sqlite" driver
)

// SQLite is a Store in an embedded SQLite file.
//
// The database runs in WAL mode with synchronous=FULL: every committed
// action is on disk before Append returns.
type SQLite struct {
	db *sql.DB
	c  *committer
	// handle is the features' DB, through the same single connection, so
	// that their writes take turns with the store's.
	handle
}

// OpenSQLite opens (creating if needed) the database file at path and
// brings its schema up to date.
func OpenSQLite(path string) (*SQLite, error) {
	q := url.Values{}
	for _, p := range []string{"journal_mode(WAL)", "synchronous(FULL)", "busy_timeout(5000)", "foreign_keys(1)"} {
		q.Add("_pragma", p)
	}
	// BEGIN IMMEDIATE takes the write lock at once, so two processes
	// migrating one file at the same time queue instead of one failing.
	q.Set("_txlock", "immediate")
	db, err := sql.Open("sqlite", "file:"+path+"?"+q.Encode())
	if err != nil {
		return nil, fmt.Errorf("open %s: %w", path, err)
	}
	// One connection serialises writers; reads are rare (start-up replay).
	db.SetMaxOpenConns(1)
	all, err := migrations("sqlite")
	if err == nil {
		err = migrateSQLite(db, all)
	}
	if err != nil {
		db.Close()
		return nil, fmt.Errorf("open %s: %w", path, err)
	}
	s := &SQLite{db: db, handle: handle{sql: db, dialect: SQLiteDialect}}
	s.c = newCommitter(s.commit)
	return s, nil
}

// migrateSQLite applies the steps of all that db lacks, in one transaction.
// A file from before versioning has no schema_version table and counts as
// version 0; its step 1 creates nothing new.
func migrateSQLite(db *sql.DB, all []migration) error {
	tx, err := db.Begin()
	if err != nil {
		return err
	}
	defer tx.Rollback()
	if _, err := tx.Exec(`CREATE TABLE IF NOT EXISTS schema_version (
		version    INTEGER PRIMARY KEY,
		applied_at TEXT NOT NULL DEFAULT CURRENT_TIMESTAMP)`); err != nil {
		return err
	}
	var current int
	if err := tx.QueryRow("SELECT COALESCE(MAX(version), 0) FROM schema_version").Scan(&current); err != nil {
		return err
	}
	todo, err := pending(all, current)
	if err != nil {
		return err
	}
	for _, m := range todo {
		if _, err := tx.Exec(m.SQL); err != nil {
			return fmt.Errorf("migration %s: %w", m.Name, err)
		}
		if _, err := tx.Exec("INSERT INTO schema_version(version) VALUES(?)", m.Version); err != nil {
			return err
		}
	}
	return tx.Commit()
}

// Close finishes the appends already queued, checkpoints the WAL and closes
// the file.
func (s *SQLite) Close() error {
	s.c.close()
	_, _ = s.db.Exec("PRAGMA wal_checkpoint(TRUNCATE)")
	return s.db.Close()
}

// CreateGame stores a new game definition.
func (s *SQLite) CreateGame(ctx context.Context, g Game) error {
	_, err := s.db.ExecContext(ctx, "INSERT INTO games(id, created_ms, def) VALUES(?,?,?)", g.ID, g.CreatedMs, string(g.Def))
	if err != nil {
		return fmt.Errorf("store game %s: %w", g.ID, err)
	}
	return nil
}

// Beat implements Store.
func (s *SQLite) Beat(ctx context.Context, node string, atMs int64) error {
	_, err := s.db.ExecContext(ctx, "INSERT INTO heartbeats(node, at_ms) VALUES(?,?) ON CONFLICT(node) DO UPDATE SET at_ms = excluded.at_ms", node, atMs)
	return err
}

// LastBeat implements Store.
func (s *SQLite) LastBeat(ctx context.Context, node string) (int64, error) {
	var at int64
	err := s.db.QueryRowContext(ctx, "SELECT at_ms FROM heartbeats WHERE node = ?", node).Scan(&at)
	if errors.Is(err, sql.ErrNoRows) {
		return 0, nil
	}
	return at, err
}

// Append stores one action of a game and returns once it is on disk. a.Seq
// must be the next number; a number already used gives ErrConflict.
func (s *SQLite) Append(ctx context.Context, gameID string, a Action) error {
	return s.c.append(ctx, &appendReq{gameID: gameID, a: a})
}

// commit writes a batch in one transaction. A failed insert (a sequence
// number already used) fails only its own request: SQLite aborts just that
// statement, and the rest of the batch commits.
func (s *SQLite) commit(batch []*appendReq) []error {
	ctx := context.Background()
	errs := make([]error, len(batch))
	tx, err := s.db.BeginTx(ctx, nil)
	if err != nil {
		for i, r := range batch {
			errs[i] = fmt.Errorf("store action %d of %s: %w", r.a.Seq, r.gameID, err)
		}
		return errs
	}
	for i, r := range batch {
		_, err := tx.ExecContext(ctx, "INSERT INTO actions(game_id, seq, at_ms, seat, kind, data) VALUES(?,?,?,?,?,?)",
			r.gameID, r.a.Seq, r.a.AtMs, r.a.Seat, r.a.Kind, r.a.Data)
		if err != nil {
			var n int
			if tx.QueryRowContext(ctx, "SELECT count(*) FROM actions WHERE game_id=? AND seq=?", r.gameID, r.a.Seq).Scan(&n) == nil && n > 0 {
				errs[i] = ErrConflict
			} else {
				errs[i] = fmt.Errorf("store action %d of %s: %w", r.a.Seq, r.gameID, err)
			}
		}
	}
	if err := tx.Commit(); err != nil {
		for i := range errs {
			if errs[i] == nil {
				errs[i] = fmt.Errorf("store action %d of %s: %w", batch[i].a.Seq, batch[i].gameID, err)
			}
		}
	}
	return errs
}

// Games returns every stored game, oldest first.
func (s *SQLite) Games(ctx context.Context) ([]Game, error) {
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
func (s *SQLite) Actions(ctx context.Context, gameID string) ([]Action, error) {
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
