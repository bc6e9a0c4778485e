package store

import (
	"context"
	"database/sql"
	"errors"

	"github.com/jackc/pgx/v5"

	"wyrm/internal/pglisten"
	"wyrm/internal/sqlmigrate"
)

// DB is the game database as a feature package (accounts, chat,
// challenges) sees it: a place to keep tables of its own beside the
// store's, whichever database it is. Both stores provide it, so a feature
// takes a DB and never learns which store it was given.
//
// A feature writes each statement once, with ? placeholders; DB and its
// transactions rebind them for the database (see Dialect.Rebind).
type DB interface {
	// ExecContext, QueryContext and QueryRowContext run a statement, as
	// their database/sql namesakes do.
	ExecContext(ctx context.Context, query string, args ...any) (sql.Result, error)
	QueryContext(ctx context.Context, query string, args ...any) (*sql.Rows, error)
	QueryRowContext(ctx context.Context, query string, args ...any) *sql.Row
	// BeginTx starts a transaction. On SQLite it takes the write lock at
	// once, so a transaction that reads before it writes is serial.
	BeginTx(ctx context.Context, opts *sql.TxOptions) (*Tx, error)
	// Dialect tells what differs between the databases.
	Dialect() Dialect
	// Migrate brings a feature's tables up to date with steps, in one
	// transaction, counting them in table (a plain name of the feature's
	// own). On a shared database it first takes the advisory lock lock, so
	// that nodes starting together migrate one after the other. A database
	// with more steps than these gives sqlmigrate.ErrSchemaTooNew.
	Migrate(ctx context.Context, steps []sqlmigrate.Step, table string, lock int64) error
	// Subscribe calls h with the notifications sent on channel (by a
	// statement of the feature's, pg_notify) until ctx is done, listening
	// again after a lost connection. Only a shared database carries
	// notifications: on another, Subscribe returns ErrNotShared at once,
	// and the feature tells its one process's listeners itself.
	Subscribe(ctx context.Context, channel string, h pglisten.Handler) error
}

// ErrNotShared is returned by Subscribe on a database that only one
// process uses (SQLite).
var ErrNotShared = errors.New("store: the database is not shared between nodes")

// handle is the DB of both stores: a database/sql handle on the store's
// database and its dialect.
type handle struct {
	sql     *sql.DB
	dialect Dialect
	// listen is where Subscribe connects (PostgreSQL); nil on SQLite.
	listen *pgx.ConnConfig
}

// ExecContext implements DB.
func (h handle) ExecContext(ctx context.Context, query string, args ...any) (sql.Result, error) {
	return h.sql.ExecContext(ctx, h.dialect.Rebind(query), args...)
}

// QueryContext implements DB.
func (h handle) QueryContext(ctx context.Context, query string, args ...any) (*sql.Rows, error) {
	return h.sql.QueryContext(ctx, h.dialect.Rebind(query), args...)
}

// QueryRowContext implements DB.
func (h handle) QueryRowContext(ctx context.Context, query string, args ...any) *sql.Row {
	return h.sql.QueryRowContext(ctx, h.dialect.Rebind(query), args...)
}

// BeginTx implements DB.
func (h handle) BeginTx(ctx context.Context, opts *sql.TxOptions) (*Tx, error) {
	tx, err := h.sql.BeginTx(ctx, opts)
	if err != nil {
		return nil, err
	}
	return &Tx{tx: tx, dialect: h.dialect}, nil
}

// Dialect implements DB.
func (h handle) Dialect() Dialect { return h.dialect }

// Migrate implements DB.
func (h handle) Migrate(ctx context.Context, steps []sqlmigrate.Step, table string, lock int64) error {
	if !h.dialect.Shared {
		// SQLite's immediate transactions queue already.
		lock = 0
	}
	return sqlmigrate.Apply(ctx, h.sql, steps, table, lock)
}

// Subscribe implements DB.
func (h handle) Subscribe(ctx context.Context, channel string, l pglisten.Handler) error {
	if h.listen == nil {
		return ErrNotShared
	}
	pglisten.Run(ctx, h.listen, channel, l)
	return nil
}

// Tx is a transaction on a DB. Like its DB, it rebinds the placeholders of
// each statement for the database.
type Tx struct {
	tx      *sql.Tx
	dialect Dialect
}

// ExecContext runs a statement in the transaction.
func (t *Tx) ExecContext(ctx context.Context, query string, args ...any) (sql.Result, error) {
	return t.tx.ExecContext(ctx, t.dialect.Rebind(query), args...)
}

// QueryContext runs a query in the transaction.
func (t *Tx) QueryContext(ctx context.Context, query string, args ...any) (*sql.Rows, error) {
	return t.tx.QueryContext(ctx, t.dialect.Rebind(query), args...)
}

// QueryRowContext runs a query of at most one row in the transaction.
func (t *Tx) QueryRowContext(ctx context.Context, query string, args ...any) *sql.Row {
	return t.tx.QueryRowContext(ctx, t.dialect.Rebind(query), args...)
}

// Commit commits the transaction.
func (t *Tx) Commit() error { return t.tx.Commit() }

// Rollback aborts the transaction; after Commit it does nothing and
// returns sql.ErrTxDone, so it may be deferred.
func (t *Tx) Rollback() error { return t.tx.Rollback() }
