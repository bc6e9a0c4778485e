package account

import (
	"context"
	"database/sql"
	"embed"
	"errors"
	"fmt"
	"path"
	"wyrm/internal/sqlmigrate"
)

// migrationFiles holds each dialect's numbered schema steps for accounts,
// migrations/<dialect>/NNNN_what.sql, applied in order, each once. They
// are counted in their own table, account_schema_version, apart from the
// game store's schema_version: the store requires its own steps to run
// 1, 2, 3... without gaps, so the two sets could not share one numbering
// without each waiting on the other's next free number.
//
//go:embed migrations
var migrationFiles embed.FS

// ErrSchemaTooNew is returned by Open for a database whose account tables
// were migrated by a newer wyrm than this one.
var ErrSchemaTooNew = errors.New("account: database schema is newer than this wyrm")

// migrationLock is the PostgreSQL advisory lock key under which nodes
// opening one database at once migrate it one after the other ("wyac").
const migrationLock = 0x77796163

type migration = sqlmigrate.Step

// migrations returns d's steps in order, numbered 1, 2, 3... without gaps.
func migrations(d dialect) ([]migration, error) {
	all, err := sqlmigrate.Load(migrationFiles, path.Join("migrations", d.name))
	if err != nil {
		return nil, fmt.Errorf("account: %w", err)
	}
	return all, nil
}

// migrate brings db's account tables up to date in one transaction.
func migrate(ctx context.Context, db *sql.DB, d dialect) error {
	all, err := migrations(d)
	if err != nil {
		return err
	}
	tx, err := db.BeginTx(ctx, nil)
	if err != nil {
		return err
	}
	defer tx.Rollback()
	if d.dollar {
		if _, err := tx.ExecContext(ctx, "SELECT pg_advisory_xact_lock($1)", int64(migrationLock)); err != nil {
			return err
		}
	}
	if _, err := tx.ExecContext(ctx, `CREATE TABLE IF NOT EXISTS account_schema_version (
		version    INTEGER PRIMARY KEY,
		applied_ms BIGINT NOT NULL)`); err != nil {
		return err
	}
	var current int
	if err := tx.QueryRowContext(ctx, "SELECT COALESCE(MAX(version), 0) FROM account_schema_version").Scan(&current); err != nil {
		return err
	}
	if current > len(all) {
		return fmt.Errorf("%w: its account tables are at version %d, this build knows versions up to %d; run a newer wyrm",
			ErrSchemaTooNew, current, len(all))
	}
	for _, m := range all[current:] {
		if _, err := tx.ExecContext(ctx, m.SQL); err != nil {
			return fmt.Errorf("account migration %s: %w", m.Name, err)
		}
		if _, err := tx.ExecContext(ctx, d.q("INSERT INTO account_schema_version(version, applied_ms) VALUES(?, ?)"),
			m.Version, nowMs()); err != nil {
			return err
		}
	}
	return tx.Commit()
}
