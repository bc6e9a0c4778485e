package sqlmigrate

import (
	"context"
	"database/sql"
	"errors"
	"path/filepath"
	"testing"

	_ "modernc.org/sqlite"
)

// Apply runs each step once, counts them in its table, and refuses a
// database that has more steps than it knows.
func TestApplyRunsEachStepOnceAndRefusesNewer(t *testing.T) {
	db, err := sql.Open("sqlite", filepath.Join(t.TempDir(), "m.db"))
	if err != nil {
		t.Fatal(err)
	}
	defer db.Close()
	ctx := context.Background()
	steps := []Step{{1, "0001_a.sql", "CREATE TABLE a (x INTEGER)"}, {2, "0002_b.sql", "INSERT INTO a VALUES (7)"}}
	if err := Apply(ctx, db, steps[:1], "test_version", 0); err != nil {
		t.Fatal(err)
	}
	for range 2 { // the second time, nothing is left to do
		if err := Apply(ctx, db, steps, "test_version", 0); err != nil {
			t.Fatal(err)
		}
	}
	var rows, version int
	if err := db.QueryRow("SELECT COUNT(*) FROM a").Scan(&rows); err != nil || rows != 1 {
		t.Fatalf("step 2 ran %d times (%v)", rows, err)
	}
	if err := db.QueryRow("SELECT MAX(version) FROM test_version").Scan(&version); err != nil || version != 2 {
		t.Fatalf("version %d (%v)", version, err)
	}
	if err := Apply(ctx, db, steps[:1], "test_version", 0); !errors.Is(err, ErrSchemaTooNew) {
		t.Fatalf("an older build: %v", err)
	}
	if err := Apply(ctx, db, steps, "bad; name", 0); err == nil {
		t.Fatal("a table name that is not an identifier was taken")
	}
}
