package store

import (
	"embed"
	"errors"
	"fmt"
	"io/fs"
	"path"
	"strconv"
	"strings"
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
type migration struct {
	version int
	name    string
	sql     string
}

// migrations returns a dialect's steps in order; their numbers must run
// 1, 2, 3... without gaps, so a database's version is how many it has.
func migrations(dialect string) ([]migration, error) {
	dir := path.Join("migrations", dialect)
	entries, err := fs.ReadDir(migrationFiles, dir)
	if err != nil {
		return nil, err
	}
	var out []migration
	for _, e := range entries {
		num, _, ok := strings.Cut(e.Name(), "_")
		v, err := strconv.Atoi(num)
		if !ok || err != nil || !strings.HasSuffix(e.Name(), ".sql") {
			return nil, fmt.Errorf("store: migration %s/%s is not named NNNN_what.sql", dir, e.Name())
		}
		b, err := migrationFiles.ReadFile(path.Join(dir, e.Name()))
		if err != nil {
			return nil, err
		}
		out = append(out, migration{version: v, name: e.Name(), sql: string(b)})
	}
	// ReadDir sorts by name and the numbers are zero-padded, so the order
	// is numeric; check that no step is missing or doubled.
	for i, m := range out {
		if m.version != i+1 {
			return nil, fmt.Errorf("store: migration %s/%s: want number %d", dir, m.name, i+1)
		}
	}
	return out, nil
}

// pending returns the steps a database at version current still needs.
func pending(all []migration, current int) ([]migration, error) {
	if current > len(all) {
		return nil, fmt.Errorf("%w: it is at version %d, this build knows versions up to %d; run a newer wyrm",
			ErrSchemaTooNew, current, len(all))
	}
	return all[current:], nil
}
