package store

import (
	"embed"
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

// pending returns the steps a database at version current still needs, or
// sqlmigrate.ErrSchemaTooNew when it has steps this build does not know.
func pending(all []migration, current int) ([]migration, error) {
	if current > len(all) {
		return nil, fmt.Errorf("%w: the game store's schema_version is at version %d, this build knows versions up to %d; run a newer wyrm",
			sqlmigrate.ErrSchemaTooNew, current, len(all))
	}
	return all[current:], nil
}
