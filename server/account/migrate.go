package account

import (
	"context"
	"database/sql"
	"embed"
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

// migrate brings db's account tables up to date in one transaction; a
// database whose account tables a newer wyrm migrated gives
// sqlmigrate.ErrSchemaTooNew.
func migrate(ctx context.Context, db *sql.DB, d dialect) error {
	all, err := migrations(d)
	if err != nil {
		return err
	}
	var lock int64
	if d.dollar {
		lock = migrationLock
	}
	if err := sqlmigrate.Apply(ctx, db, all, "account_schema_version", lock); err != nil {
		return fmt.Errorf("account: %w", err)
	}
	return nil
}
