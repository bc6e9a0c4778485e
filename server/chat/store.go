package chat

import (
	"context"
	"database/sql"
	"embed"
	"fmt"
	"path"
	"time"

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
	db store.DB
	// now is the clock of blocks and reports; tests set it.
	now func() int64
	// perRoom and maxBlocks are MaxPerRoom and MaxBlocks; tests lower
	// them.
	perRoom, maxBlocks int
}

// Open opens the chat kept in the game database db (the store), bringing
// its tables up to date.
func Open(ctx context.Context, db store.DB) (*Store, error) {
	steps, err := sqlmigrate.Load(migrationFiles, path.Join("migrations", db.Dialect().Name))
	if err == nil {
		err = db.Migrate(ctx, steps, "chat_schema_version", migrationLock)
	}
	if err != nil {
		return nil, fmt.Errorf("open chat: %w", err)
	}
	return &Store{db: db, now: nowMs, perRoom: MaxPerRoom, maxBlocks: MaxBlocks}, nil
}

// Close releases what Open made: nothing today, since the database is the
// store's and stays open for it.
func (s *Store) Close() error { return nil }

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
