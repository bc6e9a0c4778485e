package account

import (
	"context"
	"math"
	"os"
	"path/filepath"
	"sync"
	"testing"
	"time"

	"wyrm/internal/pgtest"
	"wyrm/server/limit"
	"wyrm/server/store"
)

func TestMain(m *testing.M) { os.Exit(pgtest.Main(m)) }

// cheap are argon2id costs that keep the tests fast; the real ones are
// tested on their own.
var cheap = Params{Time: 1, MemoryKiB: 64, Threads: 1, SaltLen: 16, KeyLen: 32}

// clock is a settable time for sessions, limits and ratings.
type clock struct {
	mu sync.Mutex
	t  time.Time
}

func newClock() *clock { return &clock{t: time.Date(2025, 3, 1, 12, 0, 0, 0, time.UTC)} }

func (c *clock) Now() time.Time {
	c.mu.Lock()
	defer c.mu.Unlock()
	return c.t
}

func (c *clock) Advance(d time.Duration) {
	c.mu.Lock()
	defer c.mu.Unlock()
	c.t = c.t.Add(d)
}

// env is one test's accounts on a fresh database.
type env struct {
	st     store.Store
	a      *Accounts
	clock  *clock
	target string
}

// backends gives a fresh, empty database of each kind for one test.
var backends = []struct {
	name   string
	target func(testing.TB) string
}{
	{"sqlite", func(tb testing.TB) string { return filepath.Join(tb.TempDir(), "t.db") }},
	{"postgres", pgtest.NewDB},
}

// forEach runs f against fresh accounts in each database, with cheap
// hashing, a settable clock and generous limits unless cfg says.
func forEach(t *testing.T, cfg Config, f func(t *testing.T, e *env)) {
	for _, b := range backends {
		t.Run(b.name, func(t *testing.T) {
			e := &env{target: b.target(t), clock: newClock()}
			st, err := store.Open(e.target)
			if err != nil {
				t.Fatal(err)
			}
			t.Cleanup(func() { st.Close() })
			e.st = st
			e.a = e.open(t, cfg)
			f(t, e)
		})
	}
}

// open opens another Accounts on e's database with cfg and e's clock.
func (e *env) open(t *testing.T, cfg Config) *Accounts {
	t.Helper()
	if cfg.Params == (Params{}) {
		cfg.Params = cheap
	}
	// Each Accounts gets buckets of its own, so that subtests of one
	// config do not share them.
	cfg.LoginPerName = fresh(cfg.LoginPerName)
	cfg.LoginPerAddress = fresh(cfg.LoginPerAddress)
	cfg.Now = e.clock.Now
	a, err := Open(context.Background(), e.st, cfg)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { a.Close() })
	return a
}

// fresh returns new full buckets of r's rate, or generous ones.
func fresh(r *limit.Rate) *limit.Rate {
	if r == nil {
		return limit.NewRate(6000, 1000)
	}
	return limit.NewRate(int(math.Round(r.PerSecond*60)), int(r.Burst))
}

// signUp makes an account or fails the test.
func (e *env) signUp(t *testing.T, name, password string) (User, Session) {
	t.Helper()
	u, s, err := e.a.SignUp(context.Background(), name, password, "192.0.2.1")
	if err != nil {
		t.Fatalf("sign up %s: %v", name, err)
	}
	return u, s
}
