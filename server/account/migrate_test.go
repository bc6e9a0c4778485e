package account

import (
	"context"
	"errors"
	"testing"

	"wyrm/internal/sqlmigrate"
	"wyrm/server/store"
)

func TestMigrationsNumberedInBothDialects(t *testing.T) {
	lite, err := migrations(store.SQLiteDialect)
	if err != nil {
		t.Fatal(err)
	}
	pg, err := migrations(store.PostgresDialect)
	if err != nil {
		t.Fatal(err)
	}
	if len(lite) != len(pg) {
		t.Fatalf("%d SQLite steps, %d PostgreSQL steps", len(lite), len(pg))
	}
	for i := range lite {
		if lite[i].Name != pg[i].Name {
			t.Errorf("step %d: %s and %s", i+1, lite[i].Name, pg[i].Name)
		}
	}
}

// Opening again migrates nothing and keeps the data; a database migrated
// by a newer wyrm is refused.
func TestReopenAndSchemaTooNew(t *testing.T) {
	forEach(t, Config{}, func(t *testing.T, e *env) {
		ctx := context.Background()
		e.signUp(t, "oscar", "oscar's password")
		b := e.open(t, Config{})
		if _, _, err := b.LogIn(ctx, "oscar", "oscar's password", "192.0.2.1"); err != nil {
			t.Fatal(err)
		}
		all, _ := migrations(e.a.d)
		var v int
		if err := e.a.db.QueryRowContext(ctx, "SELECT MAX(version) FROM account_schema_version").Scan(&v); err != nil || v != len(all) {
			t.Fatalf("version %d %v, want %d", v, err, len(all))
		}
		if _, err := e.a.db.ExecContext(ctx, e.a.d.Rebind("INSERT INTO account_schema_version(version, applied_ms) VALUES(?, 0)"), len(all)+1); err != nil {
			t.Fatal(err)
		}
		if _, err := Open(ctx, e.st, Config{Params: cheap}); !errors.Is(err, sqlmigrate.ErrSchemaTooNew) {
			t.Fatalf("newer schema: %v", err)
		}
	})
}
