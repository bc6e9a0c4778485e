package chat

import (
	"context"
	"database/sql"
	"embed"
	"fmt"
	"path"
	"time"

	"github.com/jackc/pgx/v5/pgxpool"
	"github.com/jackc/pgx/v5/stdlib"

	"wyrm/internal/sqlmigrate"
	"wyrm/server/store"
)

// migrationFiles holds each database's numbered schema steps,
// migrations/<sqlite|postgres>/NNNN_what.sql.
//
//go:embed migrations
var migrationFiles embed.FS

// migrationLock is the PostgreSQL advisory lock under which nodes opening
// one database at once migrate it one after the other ("wych").
const migrationLock = 0x77796368

// Store keeps messages, blocks and reports. It is safe for concurrent use.
type Store struct {
	db    *sql.DB
	ownDB bool // made here over a PostgreSQL pool, and closed by Close
	// now is the clock of blocks and reports; tests set it.
	now func() int64
	// perRoom and maxBlocks are MaxPerRoom and MaxBlocks; tests lower
	// them.
	perRoom, maxBlocks int
}

// Open opens the chat kept in the database of st, which must be a
// store.SQLite or a store.Postgres, bringing its tables up to date.
func Open(ctx context.Context, st store.Store) (*Store, error) {
	switch s := st.(type) {
	case *store.SQLite:
		return open(ctx, s.DB(), "sqlite", false)
	case *store.Postgres:
		return OpenPostgres(ctx, s.Pool())
	}
	return nil, fmt.Errorf("chat: no chat in a %T", st)
}

// OpenSQLite opens the chat in a SQLite database, sharing db with the game
// store (store.SQLite.DB), whose single connection serialises every writer
// of the file. Close leaves db open.
func OpenSQLite(ctx context.Context, db *sql.DB) (*Store, error) {
	return open(ctx, db, "sqlite", false)
}

// OpenPostgres opens the chat in a PostgreSQL database through pool, the
// game store's (store.Postgres.Pool). Close leaves pool open.
func OpenPostgres(ctx context.Context, pool *pgxpool.Pool) (*Store, error) {
	return open(ctx, stdlib.OpenDBFromPool(pool), "postgres", true)
}

func open(ctx context.Context, db *sql.DB, dialect string, own bool) (*Store, error) {
	err := migrate(ctx, db, dialect)
	if err != nil {
		if own {
			db.Close()
		}
		return nil, fmt.Errorf("open chat: %w", err)
	}
	return &Store{db: db, ownDB: own, now: nowMs, perRoom: MaxPerRoom, maxBlocks: MaxBlocks}, nil
}

// migrate applies the steps of dialect that db lacks.
func migrate(ctx context.Context, db *sql.DB, dialect string) error {
	steps, err := sqlmigrate.Load(migrationFiles, path.Join("migrations", dialect))
	if err != nil {
		return err
	}
	var lock int64
	if dialect == "postgres" {
		lock = migrationLock
	}
	return sqlmigrate.Apply(ctx, db, steps, "chat_schema_version", lock)
}

// Close releases what Open made; the database stays open for the store.
func (s *Store) Close() error {
	if s.ownDB {
		return s.db.Close()
	}
	return nil
}

// nullID is an account id for a nullable column: 0 (a guest) is NULL.
func nullID(id int64) sql.NullInt64 { return sql.NullInt64{Int64: id, Valid: id != 0} }

// internal wraps a database failure with what was being done; the server
// answers it as a fault that changed nothing.
func internal(what string, err error) error {
	if err == nil {
		return nil
	}
	return fmt.Errorf("chat: %s: %w", what, err)
}

func nowMs() int64 { return time.Now().UnixMilli() }
