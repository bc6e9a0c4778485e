package challenge

import (
	"context"
	"database/sql"
	"embed"
	"fmt"
	"slices"
	"time"

	"github.com/jackc/pgx/v5/pgxpool"
	"github.com/jackc/pgx/v5/stdlib"

	"wyrm/internal/sqlmigrate"
	"wyrm/server/store"
)

// Store keeps challenges and streams in the game database. It is safe for
// concurrent use.
type Store struct {
	db  *sql.DB
	pg  *pgxpool.Pool // nil on SQLite
	own bool          // db was made here and is closed by Close
	cfg Config
	bus *localBus // SQLite: the events of this process
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

// Open opens the challenges kept in the database of st, which must be a
// store.SQLite or a store.Postgres, bringing their tables up to date. The
// schema is the same in both: its statements use only what both know.
func Open(ctx context.Context, st store.Store, cfg Config) (*Store, error) {
	s := &Store{cfg: cfg.withDefaults()}
	switch x := st.(type) {
	case *store.SQLite:
		s.db, s.bus = x.DB(), newLocalBus()
	case *store.Postgres:
		s.pg, s.own = x.Pool(), true
		s.db = stdlib.OpenDBFromPool(s.pg)
	default:
		return nil, fmt.Errorf("challenge: no challenges in a %T", st)
	}
	if err := s.migrate(ctx); err != nil {
		s.Close()
		return nil, fmt.Errorf("open challenges: %w", err)
	}
	return s, nil
}

// Close releases what Open made; the database stays open for the store.
func (s *Store) Close() error {
	if s.own {
		return s.db.Close()
	}
	return nil
}

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
	var lock int64
	if s.pg != nil {
		lock = migrationLock
	}
	return sqlmigrate.Apply(ctx, s.db, all, "challenge_schema_version", lock)
}

// nowMs is the store's clock in milliseconds.
func (s *Store) nowMs() int64 { return s.cfg.Now().UnixMilli() }

// inTx runs f in a transaction holding the advisory locks named (on
// PostgreSQL; SQLite's transactions are serial already), and announces the
// events f returns once they are committed.
func (s *Store) inTx(ctx context.Context, locks []string, f func(*sql.Tx) ([]Event, error)) error {
	tx, err := s.db.BeginTx(ctx, nil)
	if err != nil {
		return fmt.Errorf("challenge: %w", err)
	}
	defer tx.Rollback()
	if s.pg != nil {
		// In one order, so that two transactions never wait on each other.
		locks = slices.Clone(locks)
		slices.Sort(locks)
		for _, k := range slices.Compact(locks) {
			if _, err := tx.ExecContext(ctx, "SELECT pg_advisory_xact_lock($1, hashtext($2))", lockClass, k); err != nil {
				return fmt.Errorf("challenge: lock: %w", err)
			}
		}
	}
	evs, err := f(tx)
	if err != nil {
		return err
	}
	if s.pg != nil {
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
