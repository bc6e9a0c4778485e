package store

import (
	"context"
	"database/sql"
	"errors"
	"fmt"
	"net/url"
	"os"

	"wyrm/internal/sqlmigrate"
)

// A SQLite game store is backed up while its server runs: VACUUM INTO reads
// one consistent snapshot (a read transaction) and writes it, compacted, to
// a new file, without stopping the writer. Restoring replaces the file, so
// it is done with the server stopped.

// BackupInfo describes a copy of a game store.
type BackupInfo struct {
	// Schema is the copy's schema version (how many migrations it has).
	Schema int
	// Games is how many games it holds.
	Games int
}

// BackupSQLite writes a consistent copy of the SQLite game store at path
// to out, which must not exist yet. The store may be in use meanwhile.
func BackupSQLite(ctx context.Context, path, out string) (BackupInfo, error) {
	if _, err := os.Stat(out); err == nil {
		return BackupInfo{}, fmt.Errorf("%s exists already; a backup is written to a new file", out)
	}
	db, info, err := openExisting(ctx, path)
	if err != nil {
		return BackupInfo{}, err
	}
	defer db.Close()
	if _, err := db.ExecContext(ctx, "VACUUM INTO ?", out); err != nil {
		return BackupInfo{}, fmt.Errorf("back up %s: %w", path, err)
	}
	// The copy counts as made once it reads as a game store.
	cp, cinfo, err := openExisting(ctx, out)
	if err != nil {
		return BackupInfo{}, fmt.Errorf("the copy does not read back: %w", err)
	}
	cp.Close()
	if cinfo.Schema != info.Schema {
		return BackupInfo{}, fmt.Errorf("the copy is at schema version %d, the store at %d", cinfo.Schema, info.Schema)
	}
	return cinfo, nil
}

// RestoreSQLite puts the copy from back as the game store at path, after
// checking it: it must be a sound game store at a schema version this
// build knows. A store already at path is kept beside it as
// path+".before-restore" (replacing an older one of that name). It
// refuses while path has a write-ahead log: a server may be using it.
func RestoreSQLite(ctx context.Context, from, path string) (BackupInfo, error) {
	for _, side := range []string{"-wal", "-shm"} {
		if _, err := os.Stat(path + side); err == nil {
			return BackupInfo{}, fmt.Errorf("%s%s exists: a server may be using %s; stop it first (after a crash, start and stop wyrm serve once so that it recovers the file)", path, side, path)
		}
	}
	db, info, err := openExisting(ctx, from)
	if err != nil {
		return BackupInfo{}, err
	}
	defer db.Close()
	all, err := migrations("sqlite")
	if err != nil {
		return BackupInfo{}, err
	}
	if info.Schema > len(all) {
		return BackupInfo{}, fmt.Errorf("%w: %s is at schema version %d, this build knows versions up to %d; restore it with a newer wyrm",
			sqlmigrate.ErrSchemaTooNew, from, info.Schema, len(all))
	}
	var check string
	if err := db.QueryRowContext(ctx, "PRAGMA integrity_check").Scan(&check); err != nil || check != "ok" {
		return BackupInfo{}, fmt.Errorf("%s fails its integrity check: %v %s", from, err, check)
	}
	// Written beside the target and renamed over it, so that the store is
	// never half restored.
	tmp := path + ".restoring"
	_ = os.Remove(tmp)
	if _, err := db.ExecContext(ctx, "VACUUM INTO ?", tmp); err != nil {
		return BackupInfo{}, fmt.Errorf("restore %s: %w", from, err)
	}
	if _, err := os.Stat(path); err == nil {
		if err := os.Rename(path, path+".before-restore"); err != nil {
			os.Remove(tmp)
			return BackupInfo{}, err
		}
	}
	if err := os.Rename(tmp, path); err != nil {
		return BackupInfo{}, err
	}
	return info, nil
}

// openExisting opens a SQLite game store read-only, never creating one,
// and reads its schema version and number of games.
func openExisting(ctx context.Context, path string) (*sql.DB, BackupInfo, error) {
	if _, err := os.Stat(path); err != nil {
		return nil, BackupInfo{}, fmt.Errorf("no database at %s: %w", path, err)
	}
	q := url.Values{}
	q.Set("mode", "ro")
	q.Add("_pragma", "busy_timeout(5000)")
	db, err := sql.Open("sqlite", "file:"+path+"?"+q.Encode())
	if err != nil {
		return nil, BackupInfo{}, err
	}
	var info BackupInfo
	var n int
	err = db.QueryRowContext(ctx, "SELECT count(*) FROM sqlite_master WHERE type = 'table' AND name = 'games'").Scan(&n)
	if err == nil && n == 0 {
		err = errors.New("it holds no games table")
	}
	if err == nil {
		err = db.QueryRowContext(ctx, "SELECT count(*) FROM games").Scan(&info.Games)
	}
	if err == nil {
		err = db.QueryRowContext(ctx, "SELECT count(*) FROM sqlite_master WHERE type = 'table' AND name = 'schema_version'").Scan(&n)
	}
	if err == nil && n > 0 {
		err = db.QueryRowContext(ctx, "SELECT COALESCE(MAX(version), 0) FROM schema_version").Scan(&info.Schema)
	}
	if err != nil {
		db.Close()
		return nil, BackupInfo{}, fmt.Errorf("%s is not a wyrm game store: %w", path, err)
	}
	return db, info, nil
}
