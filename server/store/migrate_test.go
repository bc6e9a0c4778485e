package store

import (
	"context"
	"database/sql"
	"errors"
	"path/filepath"
	"sync"
	"testing"
	"time"

	"github.com/jackc/pgx/v5"
	"github.com/jackc/pgx/v5/pgxpool"

	"wyrm/internal/pgtest"
	"wyrm/internal/sqlmigrate"
)

// rawExec runs statements on target's database without going through a
// Store, as an older or newer wyrm would have.
func rawExec(t *testing.T, target, stmts string) {
	t.Helper()
	if IsPostgres(target) {
		conn, err := pgx.Connect(context.Background(), target)
		if err != nil {
			t.Fatal(err)
		}
		defer conn.Close(context.Background())
		if _, err := conn.Exec(context.Background(), stmts); err != nil {
			t.Fatal(err)
		}
		return
	}
	db, err := sql.Open("sqlite", "file:"+target)
	if err != nil {
		t.Fatal(err)
	}
	defer db.Close()
	if _, err := db.Exec(stmts); err != nil {
		t.Fatal(err)
	}
}

func TestMigrationsAreNumberedFromOne(t *testing.T) {
	for _, dialect := range []string{"sqlite", "postgres"} {
		all, err := migrations(dialect)
		if err != nil || len(all) == 0 {
			t.Fatalf("%s: %d migrations, %v", dialect, len(all), err)
		}
		for i, m := range all {
			if m.Version != i+1 || m.SQL == "" {
				t.Errorf("%s: migration %d is %+v", dialect, i, m)
			}
		}
	}
}

// A file written before versioned migrations (schema version 1 without a
// schema_version table) opens with its games intact.
func TestPreVersioningSQLiteFileIsAdopted(t *testing.T) {
	path := filepath.Join(t.TempDir(), "old.db")
	rawExec(t, path, `
CREATE TABLE IF NOT EXISTS games (
	id         TEXT PRIMARY KEY,
	created_ms INTEGER NOT NULL,
	def        TEXT NOT NULL
);
CREATE TABLE IF NOT EXISTS actions (
	game_id TEXT NOT NULL REFERENCES games(id),
	seq     INTEGER NOT NULL,
	at_ms   INTEGER NOT NULL,
	seat    INTEGER NOT NULL,
	kind    TEXT NOT NULL,
	data    TEXT NOT NULL,
	PRIMARY KEY (game_id, seq)
);
INSERT INTO games VALUES ('old', 7, '{"game":"dragon"}');
INSERT INTO actions VALUES ('old', 0, 8, 1, 'move', 'b2b3');`)
	s, err := OpenSQLite(path)
	if err != nil {
		t.Fatal(err)
	}
	defer s.Close()
	// Adopted as version 1, then brought up to the newest version.
	all, err := migrations("sqlite")
	if err != nil {
		t.Fatal(err)
	}
	var v, first int
	if err := s.db.QueryRow("SELECT MAX(version), MIN(version) FROM schema_version").Scan(&v, &first); err != nil || v != len(all) || first != 1 {
		t.Fatalf("schema versions %d..%d, %v; want 1..%d", first, v, err, len(all))
	}
	ctx := context.Background()
	gs, err := s.Games(ctx)
	if err != nil || len(gs) != 1 || gs[0].ID != "old" || string(gs[0].Def) != `{"game":"dragon"}` {
		t.Fatalf("games %+v %v", gs, err)
	}
	acts, err := s.Actions(ctx, "old")
	if err != nil || len(acts) != 1 || acts[0] != (Action{Seq: 0, AtMs: 8, Seat: 1, Kind: "move", Data: "b2b3"}) {
		t.Fatalf("actions %+v %v", acts, err)
	}
	if err := s.Append(ctx, "old", Action{Seq: 0, Kind: "move"}); !errors.Is(err, ErrConflict) {
		t.Fatalf("duplicate seq in an adopted file: %v", err)
	}
}

func TestNewerSchemaIsRefused(t *testing.T) {
	forEach(t, func(t *testing.T, target string) {
		s, err := Open(target)
		if err != nil {
			t.Fatal(err)
		}
		s.Close()
		rawExec(t, target, "INSERT INTO schema_version(version) VALUES(999)")
		if _, err := Open(target); !errors.Is(err, sqlmigrate.ErrSchemaTooNew) {
			t.Fatalf("open a version-999 database: %v, want ErrSchemaTooNew", err)
		}
	})
}

// A database at an older version gets the missing steps, and keeps its
// games.
func TestPostgresUpgradesFromVersion1(t *testing.T) {
	ctx := context.Background()
	url := pgtest.NewDB(t)
	all, err := migrations("postgres")
	if err != nil || len(all) < 2 {
		t.Fatalf("%d migrations, %v", len(all), err)
	}
	pool, err := pgxpool.New(ctx, url)
	if err != nil {
		t.Fatal(err)
	}
	err = migratePostgres(ctx, pool, all[:1])
	pool.Close()
	if err != nil {
		t.Fatal(err)
	}
	rawExec(t, url, `INSERT INTO games VALUES ('g', 1, '{}')`)

	p, err := OpenPostgres(ctx, url)
	if err != nil {
		t.Fatal(err)
	}
	defer p.Close()
	var v int
	if err := p.pool.QueryRow(ctx, "SELECT MAX(version) FROM schema_version").Scan(&v); err != nil || v != len(all) {
		t.Fatalf("schema version %d, %v; want %d", v, err, len(all))
	}
	if _, err := p.Acquire(ctx, "g", "n1", time.Minute); err != nil {
		t.Fatalf("lease on an upgraded database: %v", err)
	}
}

// A step that fails leaves the database as it was: steps run in one
// transaction with the version record.
func TestFailedMigrationChangesNothing(t *testing.T) {
	forEach(t, func(t *testing.T, target string) {
		s, err := Open(target)
		if err != nil {
			t.Fatal(err)
		}
		s.Close()
		dialect := "sqlite"
		if IsPostgres(target) {
			dialect = "postgres"
		}
		all, err := migrations(dialect)
		if err != nil {
			t.Fatal(err)
		}
		// The first statement would succeed; the second fails.
		bad := append(all[:len(all):len(all)], migration{Version: len(all) + 1, Name: "bad.sql",
			SQL: "CREATE TABLE half_done (x INTEGER); CREATE TABLE games (id TEXT)"})
		if IsPostgres(target) {
			pool, err := pgxpool.New(context.Background(), target)
			if err != nil {
				t.Fatal(err)
			}
			err = migratePostgres(context.Background(), pool, bad)
			pool.Close()
			if err == nil {
				t.Fatal("a failing migration reported success")
			}
		} else {
			db, err := sql.Open("sqlite", "file:"+target)
			if err != nil {
				t.Fatal(err)
			}
			err = migrateSQLite(db, bad)
			db.Close()
			if err == nil {
				t.Fatal("a failing migration reported success")
			}
		}
		// Reopening works (the version was not raised), and the table made
		// before the failure is gone.
		mustOpen(t, target)
		rawExec(t, target, "CREATE TABLE half_done (y INTEGER)")
	})
}

// Nodes starting together on a new database migrate it one at a time.
func TestConcurrentOpensMigrateOnce(t *testing.T) {
	url := pgtest.NewDB(t)
	var wg sync.WaitGroup
	errs := make([]error, 4)
	for i := range errs {
		wg.Add(1)
		go func() {
			defer wg.Done()
			var p *Postgres
			p, errs[i] = OpenPostgres(context.Background(), url)
			if p != nil {
				p.Close()
			}
		}()
	}
	wg.Wait()
	for i, err := range errs {
		if err != nil {
			t.Errorf("open %d: %v", i, err)
		}
	}
}
