// Package pgtest gives tests a real PostgreSQL: one throw-away cluster per
// test binary, started on first use from the installed server binaries in
// a temporary folder, listening only on a unix socket there, and removed
// when the tests end. Each test gets a fresh database in it.
//
// Without PostgreSQL installed the tests that need it skip with a message,
// except when CI=true: CI must never pass by skipping them, so there they
// fail.
package pgtest

import (
	"context"
	"fmt"
	"os"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"github.com/jackc/pgx/v5"
)

var (
	once    sync.Once
	shared  *cluster
	failure error // why the cluster could not start
	missing bool  // failure is that PostgreSQL is not installed
	dbs     atomic.Int64
)

// Main runs a package's tests and then stops the cluster if one was
// started. Call it from TestMain: os.Exit(pgtest.Main(m)).
func Main(m *testing.M) int {
	code := m.Run()
	if shared != nil {
		if err := shared.stop(); err != nil {
			fmt.Fprintln(os.Stderr, "pgtest:", err)
		}
	}
	return code
}

// NewDB creates an empty database on the shared cluster, starting the
// cluster on first use, and returns its postgres:// URL.
func NewDB(tb testing.TB) string {
	tb.Helper()
	once.Do(func() { shared, missing, failure = start() })
	if failure != nil {
		unavailable(tb, failure, missing)
		return ""
	}
	name := fmt.Sprintf("t%d", dbs.Add(1))
	ctx, cancel := context.WithTimeout(context.Background(), 30*time.Second)
	defer cancel()
	conn, err := pgx.Connect(ctx, shared.url("postgres"))
	if err != nil {
		tb.Fatalf("pgtest: %v", err)
	}
	defer conn.Close(ctx)
	if _, err := conn.Exec(ctx, "CREATE DATABASE "+name); err != nil {
		tb.Fatalf("pgtest: %v", err)
	}
	return shared.url(name)
}

// unavailable ends a test that cannot have its cluster: a skip when
// PostgreSQL is only not installed, a failure when it is broken or when
// CI=true.
func unavailable(tb testing.TB, err error, missing bool) {
	tb.Helper()
	if missing && os.Getenv("CI") != "true" {
		tb.Skipf("PostgreSQL tests skipped: %v (on Debian: apt-get install postgresql)", err)
		return
	}
	tb.Fatalf("PostgreSQL test cluster: %v", err)
}
