package challenge

import (
	"context"
	"embed"
	"fmt"
	"slices"
	"time"

	"wyrm/internal/sqlmigrate"
	"wyrm/server/store"
)

// Store keeps challenges and streams in the game database. It is safe for
// concurrent use.
type Store struct {
	db store.DB
	// shared is a database several nodes use: changes are serialised by
	// advisory locks and announced by notifications.
	shared bool
	cfg    Config
	bus    *localBus // unshared (SQLite): the events of this process
}

// Config holds the choices of a Store; a zero field takes its default.
type Config struct {
	// StreamTTL is how long a stream lasts after its node last renewed it
	// (DefaultStreamTTL): a node renews its streams every third of it, so
	// a dead node's streams, and their challenges, go within this time.
	StreamTTL time.Duration
	// Now is the clock (time.Now); tests set it.
	Now func() time.Time
}

// DefaultStreamTTL is the stream time-to-live of a Store that sets none.
const DefaultStreamTTL = 30 * time.Second

func (c Config) withDefaults() Config {
	if c.StreamTTL <= 0 {
		c.StreamTTL = DefaultStreamTTL
	}
	if c.Now == nil {
		c.Now = time.Now
	}
	return c
}

// StreamTTL returns the stream time-to-live in force.
func (s *Store) StreamTTL() time.Duration { return s.cfg.StreamTTL }

//go:embed migrations
var migrationFiles embed.FS

// migrationLock is the PostgreSQL advisory lock key under which nodes
// opening one database at once migrate it one after the other ("wych").
const migrationLock = 0x77796368

// lockClass is the first key of the two-key advisory locks that serialise
// one player's (or one pool's) changes, apart from every single-key lock.
const lockClass = 0x7779

// Open opens the challenges kept in the game database db (the store),
// bringing their tables up to date. The schema is the same in both
// databases: its statements use only what both know.
func Open(ctx context.Context, db store.DB, cfg Config) (*Store, error) {
	s := &Store{db: db, shared: db.Dialect().Shared, cfg: cfg.withDefaults()}
	if !s.shared {
		s.bus = newLocalBus()
	}
	if err := s.migrate(ctx); err != nil {
		return nil, fmt.Errorf("open challenges: %w", err)
	}
	return s, nil
}

// Close releases what Open made: nothing today, since the database is the
// store's and stays open for it.
func (s *Store) Close() error { return nil }

// migrate brings the tables up to date in one transaction, counting the
// steps in a table of their own as the accounts and the chat do theirs.
// One list of steps serves both databases: their statements use only what
// both know. A database whose challenge tables a newer wyrm migrated gives
// sqlmigrate.ErrSchemaTooNew.
func (s *Store) migrate(ctx context.Context) error {
	all, err := sqlmigrate.Load(migrationFiles, "migrations")
	if err != nil {
		return err
	}
	return s.db.Migrate(ctx, all, "challenge_schema_version", migrationLock)
}

// nowMs is the store's clock in milliseconds.
func (s *Store) nowMs() int64 { return s.cfg.Now().UnixMilli() }

// inTx runs f in a transaction holding the advisory locks named (on a
// shared database; SQLite's transactions are serial already), and
// announces the events f returns once they are committed.
func (s *Store) inTx(ctx context.Context, locks []string, f func(*store.Tx) ([]Event, error)) error {
	tx, err := s.db.BeginTx(ctx, nil)
	if err != nil {
		return fmt.Errorf("challenge: %w", err)
	}
	defer tx.Rollback()
	if s.shared {
		// In one order, so that two transactions never wait on each other.
		locks = slices.Clone(locks)
		slices.Sort(locks)
		for _, k := range slices.Compact(locks) {
			if _, err := tx.ExecContext(ctx, "SELECT pg_advisory_xact_lock(?, hashtext(?))", lockClass, k); err != nil {
				return fmt.Errorf("challenge: lock: %w", err)
			}
		}
	}
	evs, err := f(tx)
	if err != nil {
		return err
	}
	if s.shared {
		for _, ev := range evs {
			if err := notify(ctx, tx, ev); err != nil {
				return err
			}
		}
	}
	if err := tx.Commit(); err != nil {
		return fmt.Errorf("challenge: commit: %w", err)
	}
	if s.bus != nil {
		s.bus.send(evs...)
	}
	return nil
}
