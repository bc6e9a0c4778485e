package store

import (
	"embed"
	"errors"
	"fmt"
	"path"
	"wyrm/internal/sqlmigrate"
)

// migrationFiles holds each dialect's numbered schema steps:
// migrations/<dialect>/NNNN_what.sql, applied in order, each once. A
// database records the steps it has in its schema_version table.
//
//go:embed migrations
var migrationFiles embed.FS

// ErrSchemaTooNew is returned by Open for a database migrated by a newer
// wyrm than this one: its tables may mean things this build does not know.
var ErrSchemaTooNew = errors.New("store: database schema is newer than this wyrm")

// migration is one numbered schema step.
type migration = sqlmigrate.Step

// migrations returns a dialect's steps in order; their numbers run 1, 2,
// 3... without gaps, so a database's version is how many it has.
func migrations(dialect string) ([]migration, error) {
	all, err := sqlmigrate.Load(migrationFiles, path.Join("migrations", dialect))
	if err != nil {
		return nil, fmt.Errorf("store: %w", err)
	}
	return all, nil
}

// pending returns the steps a database at version current still needs.
func pending(all []migration, current int) ([]migration, error) {
	if current > len(all) {
		return nil, fmt.Errorf("%w: it is at version %d, this build knows versions up to %d; run a newer wyrm",
			ErrSchemaTooNew, current, len(all))
	}
	return all[current:], nil
}
