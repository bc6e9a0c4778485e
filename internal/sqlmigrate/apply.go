package sqlmigrate

import (
	"context"
	"database/sql"
	"errors"
	"fmt"
	"regexp"
	"time"
)

// ErrSchemaTooNew is the one error for a database migrated by a newer wyrm,
// which knows steps this build does not: its tables may mean things this
// build cannot read. Every migrator (the game store's, and each feature's
// through Apply) returns it wrapped with the part of the schema that is
// too new, so callers test for it with errors.Is.
var ErrSchemaTooNew = errors.New("database schema is newer than this wyrm")

// tableName keeps Apply's version table a plain identifier, since it is
// written into the statements.
var tableName = regexp.MustCompile(`^[a-z_]+$`)

// Apply brings db up to date with steps in one transaction, counting the
// steps applied in table (created when missing) with the time each was.
// A lock other than 0 is a PostgreSQL advisory lock taken first, so that
// nodes starting together migrate one after the other; 0 suits SQLite,
// whose immediate transactions already queue. The statements use $1, $2
// placeholders, which both databases read.
func Apply(ctx context.Context, db *sql.DB, steps []Step, table string, lock int64) error {
	if !tableName.MatchString(table) {
		return fmt.Errorf("sqlmigrate: bad version table name %q", table)
	}
	tx, err := db.BeginTx(ctx, nil)
	if err != nil {
		return err
	}
	defer tx.Rollback()
	if lock != 0 {
		if _, err := tx.ExecContext(ctx, "SELECT pg_advisory_xact_lock($1)", lock); err != nil {
			return err
		}
	}
	if _, err := tx.ExecContext(ctx, `CREATE TABLE IF NOT EXISTS `+table+` (
		version    INTEGER PRIMARY KEY,
		applied_ms BIGINT NOT NULL)`); err != nil {
		return err
	}
	var current int
	if err := tx.QueryRowContext(ctx, "SELECT COALESCE(MAX(version), 0) FROM "+table).Scan(&current); err != nil {
		return err
	}
	if current > len(steps) {
		return fmt.Errorf("%w: %s is at version %d, this build knows versions up to %d; run a newer wyrm",
			ErrSchemaTooNew, table, current, len(steps))
	}
	for _, s := range steps[current:] {
		if _, err := tx.ExecContext(ctx, s.SQL); err != nil {
			return fmt.Errorf("migration %s: %w", s.Name, err)
		}
		if _, err := tx.ExecContext(ctx, "INSERT INTO "+table+"(version, applied_ms) VALUES($1, $2)", s.Version, time.Now().UnixMilli()); err != nil {
			return err
		}
	}
	return tx.Commit()
}
