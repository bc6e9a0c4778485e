package account

import (
	"context"
	"embed"
	"fmt"
	"path"
	"wyrm/internal/sqlmigrate"
	"wyrm/server/store"
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
func migrations(d store.Dialect) ([]migration, error) {
	all, err := sqlmigrate.Load(migrationFiles, path.Join("migrations", d.Name))
	if err != nil {
		return nil, fmt.Errorf("account: %w", err)
	}
	return all, nil
}

// migrate brings db's account tables up to date in one transaction; a
// database whose account tables a newer wyrm migrated gives
// sqlmigrate.ErrSchemaTooNew.
func migrate(ctx context.Context, db store.DB) error {
	all, err := migrations(db.Dialect())
	if err != nil {
		return err
	}
	if err := db.Migrate(ctx, all, "account_schema_version", migrationLock); err != nil {
		return fmt.Errorf("account: %w", err)
	}
	return nil
}
