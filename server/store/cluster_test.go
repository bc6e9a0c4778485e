package store

import (
	"context"
	"errors"
	"fmt"
	"slices"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/jackc/pgx/v5/pgxpool"

	"wyrm/internal/pgtest"
)

// openCluster opens a fresh PostgreSQL store.
func openCluster(t *testing.T) *Postgres {
	t.Helper()
	p, err := OpenPostgres(context.Background(), pgtest.NewDB(t))
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { p.Close() })
	return p
}

// A game created with its lease is owned from the first moment: another
// node cannot take it, the owner's fenced appends go through, and LeaseOf
// names the owner and where it answers.
func TestCreateLeasedOwnsTheGame(t *testing.T) {
	ctx := context.Background()
	p := openCluster(t)
	if err := p.Advertise(ctx, "a", "http://a:1"); err != nil {
		t.Fatal(err)
	}
	term, err := p.CreateLeased(ctx, Game{ID: "g", CreatedMs: 5, Def: []byte(`{"x":1}`)}, "a", time.Minute)
	if err != nil {
		t.Fatal(err)
	}
	if _, err := p.Acquire(ctx, "g", "b", time.Minute); !errors.Is(err, ErrLeaseHeld) {
		t.Fatalf("acquire a new game's lease: %v, want ErrLeaseHeld", err)
	}
	if err := p.AppendFenced(ctx, "g", term, Action{Seq: 0, Kind: "move"}); err != nil {
		t.Fatal(err)
	}
	l, err := p.LeaseOf(ctx, "g")
	if err != nil || l.Owner != "a" || l.Addr != "http://a:1" || !l.Live || l.Term != term || l.Finished {
		t.Fatalf("LeaseOf: %+v, %v", l, err)
	}
	g, err := p.Game(ctx, "g")
	if err != nil || g.CreatedMs != 5 || string(g.Def) != `{"x":1}` {
		t.Fatalf("Game: %+v, %v", g, err)
	}
	if _, err := p.LeaseOf(ctx, "nope"); !errors.Is(err, ErrNotFound) {
		t.Fatalf("LeaseOf an unknown game: %v, want ErrNotFound", err)
	}
	if _, err := p.Game(ctx, "nope"); !errors.Is(err, ErrNotFound) {
		t.Fatalf("Game unknown: %v, want ErrNotFound", err)
	}
	if _, err := p.CreateLeased(ctx, Game{ID: "g", Def: []byte(`{}`)}, "b", time.Minute); err == nil {
		t.Fatal("a second game with the same id was stored")
	}
}

// Expired leases of unfinished games are orphans, the longest expired
// first; finished games and live leases are not.
func TestOrphansAreExpiredUnfinishedGames(t *testing.T) {
	ctx := context.Background()
	p := openCluster(t)
	for _, id := range []string{"old", "new", "live", "done"} {
		ttl := time.Millisecond
		if id == "live" {
			ttl = time.Minute
		}
		term, err := p.CreateLeased(ctx, Game{ID: id, Def: []byte(`{}`)}, "a", ttl)
		if err != nil {
			t.Fatal(err)
		}
		if id == "done" {
			if err := p.Finish(ctx, id, "a", term); err != nil {
				t.Fatal(err)
			}
		}
		time.Sleep(5 * time.Millisecond)
	}
	o, err := p.Orphans(ctx, 10)
	if err != nil {
		t.Fatal(err)
	}
	var ids []string
	for _, l := range o {
		ids = append(ids, l.Game)
		if l.Owner != "a" {
			t.Errorf("orphan %s owned by %q", l.Game, l.Owner)
		}
	}
	if !slices.Equal(ids, []string{"old", "new"}) {
		t.Fatalf("orphans %v, want [old new]", ids)
	}
	if o, _ := p.Orphans(ctx, 1); len(o) != 1 {
		t.Fatalf("Orphans(1) gave %d", len(o))
	}
	// Finishing needs the current term.
	if err := p.Finish(ctx, "old", "a", 99); !errors.Is(err, ErrLeaseLost) {
		t.Fatalf("finish with a stale term: %v", err)
	}
}

// RenewAll keeps the leases still held and reports those taken, including
// a lease whose row an append batch holds at that moment.
func TestRenewAllReportsLostLeases(t *testing.T) {
	ctx := context.Background()
	p := openCluster(t)
	held := map[string]int64{}
	for i := range 20 {
		id := fmt.Sprint("g", i)
		term, err := p.CreateLeased(ctx, Game{ID: id, Def: []byte(`{}`)}, "a", 50*time.Millisecond)
		if err != nil {
			t.Fatal(err)
		}
		held[id] = term
	}
	time.Sleep(60 * time.Millisecond)
	if _, err := p.Acquire(ctx, "g3", "b", time.Minute); err != nil {
		t.Fatal(err)
	}
	// Appends under way on every game while renewing: no deadlock, no
	// lease wrongly reported lost.
	var wg sync.WaitGroup
	stop := make(chan struct{})
	for id, term := range held {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for seq := 0; ; seq++ {
				select {
				case <-stop:
					return
				default:
				}
				_ = p.AppendFenced(ctx, id, term, Action{Seq: seq, Kind: "move"})
			}
		}()
	}
	for range 5 {
		lost, err := p.RenewAll(ctx, "a", held, time.Minute)
		if err != nil {
			t.Fatal(err)
		}
		if !slices.Equal(lost, []string{"g3"}) {
			t.Fatalf("lost %v, want [g3]", lost)
		}
	}
	close(stop)
	wg.Wait()
	for id := range held {
		l, err := p.LeaseOf(ctx, id)
		if err != nil || !l.Live {
			t.Fatalf("%s after renewal: %+v %v", id, l, err)
		}
	}
	if lost, err := p.RenewAll(ctx, "a", nil, time.Minute); err != nil || lost != nil {
		t.Fatalf("renew nothing: %v %v", lost, err)
	}
}

// A node's renewal keeps all its games through one row: a game's lease
// stays live past its own expiry while the node renews, a game the node
// no longer holds (dropped without a release) is let go at its next
// renewal, and once the node stops renewing every game is free.
func TestNodeLeaseKeepsItsGames(t *testing.T) {
	ctx := context.Background()
	p := openCluster(t)
	ttl := 400 * time.Millisecond
	held := map[string]int64{}
	for _, id := range []string{"kept", "dropped"} {
		term, err := p.CreateLeased(ctx, Game{ID: id, Def: []byte(`{}`)}, "a", ttl)
		if err != nil {
			t.Fatal(err)
		}
		held[id] = term
	}
	if lost, err := p.RenewAll(ctx, "a", held, ttl); err != nil || lost != nil {
		t.Fatalf("renew: %v %v", lost, err)
	}
	delete(held, "dropped")
	time.Sleep(ttl / 2)
	if lost, err := p.RenewAll(ctx, "a", held, ttl); err != nil || lost != nil {
		t.Fatalf("renew: %v %v", lost, err)
	}
	// "dropped" is still within its own expiry: kept (it may have just
	// been taken, before the node counted it as held).
	if l, _ := p.LeaseOf(ctx, "dropped"); !l.Live {
		t.Fatalf("a game within its own expiry was let go: %+v", l)
	}
	time.Sleep(ttl/2 + 50*time.Millisecond)
	if lost, err := p.RenewAll(ctx, "a", held, ttl); err != nil || lost != nil {
		t.Fatalf("renew: %v %v", lost, err)
	}
	// Past both games' own expiry: the held one is live by the node's
	// lease, the dropped one free at once.
	if l, _ := p.LeaseOf(ctx, "kept"); !l.Live {
		t.Fatalf("a held game past its own expiry is not live: %+v", l)
	}
	if _, err := p.Acquire(ctx, "kept", "b", time.Minute); !errors.Is(err, ErrLeaseHeld) {
		t.Fatalf("b took a game a renews: %v", err)
	}
	if o, _ := p.Orphans(ctx, 10); len(o) != 1 || o[0].Game != "dropped" {
		t.Fatalf("orphans %+v, want the dropped game", o)
	}
	if loads, err := p.Loads(ctx, time.Minute); err == nil {
		for _, l := range loads {
			if l.Node == "a" && l.Games != 1 {
				t.Errorf("a counts %d games, want 1", l.Games)
			}
		}
	}
	if _, err := p.Acquire(ctx, "dropped", "b", time.Minute); err != nil {
		t.Fatalf("b could not take the dropped game: %v", err)
	}
	// a stops renewing: its node lease runs out and its game is free.
	time.Sleep(ttl + 50*time.Millisecond)
	if l, _ := p.LeaseOf(ctx, "kept"); l.Live {
		t.Fatalf("a game of a node that stopped renewing is still live: %+v", l)
	}
	if _, err := p.Acquire(ctx, "kept", "b", time.Minute); err != nil {
		t.Fatalf("b could not take over: %v", err)
	}
	if lost, err := p.RenewAll(ctx, "a", held, ttl); err != nil || !slices.Equal(lost, []string{"kept"}) {
		t.Fatalf("a back: lost %v (%v), want [kept]", lost, err)
	}
}

// Every node gets the same secret, made once.
func TestSecretIsSharedAndStable(t *testing.T) {
	ctx := context.Background()
	url := pgtest.NewDB(t)
	var secrets []string
	for range 2 {
		p, err := OpenPostgres(ctx, url)
		if err != nil {
			t.Fatal(err)
		}
		s, err := p.Secret(ctx)
		p.Close()
		if err != nil || len(s) < 32 {
			t.Fatalf("secret %q, %v", s, err)
		}
		secrets = append(secrets, s)
	}
	if secrets[0] != secrets[1] {
		t.Fatal("two nodes got different secrets")
	}
}

// A published summary reaches every listener with its publisher and time,
// is stored for nodes that start later, and never goes back to an older
// version; one too long for a notification still arrives whole.
func TestPublishedSummariesReachListeners(t *testing.T) {
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	p := openCluster(t)
	for _, id := range []string{"g", "h"} {
		if _, err := p.CreateLeased(ctx, Game{ID: id, CreatedMs: 7, Def: []byte(`{}`)}, "a", time.Minute); err != nil {
			t.Fatal(err)
		}
	}
	got := make(chan Notice, 16)
	go p.Listen(ctx, func(n Notice) { got <- n })
	if n := <-got; !n.Resync {
		t.Fatalf("first notice %+v, want Resync", n)
	}
	long := `"` + strings.Repeat("x", 9000) + `"`
	if err := p.Publish(ctx, "a", []Summary{{Game: "g", CreatedMs: 7, Version: 2, Data: []byte(`{"v":2}`)},
		{Game: "h", CreatedMs: 7, Version: 1, Data: []byte(long)}}); err != nil {
		t.Fatal(err)
	}
	seen := map[string]Notice{}
	for len(seen) < 2 {
		select {
		case n := <-got:
			seen[n.Summary.Game] = n
		case <-time.After(5 * time.Second):
			t.Fatalf("notices received: %v", seen)
		}
	}
	if n := seen["g"]; n.Node != "a" || n.Summary.Version != 2 || string(n.Summary.Data) != `{"v":2}` || time.Since(n.SentAt) > time.Minute {
		t.Errorf("notice %+v", n)
	}
	if n := seen["h"]; string(n.Summary.Data) != long {
		t.Errorf("long summary arrived as %d bytes", len(n.Summary.Data))
	}
	// An older version is announced but not stored.
	if err := p.Publish(ctx, "b", []Summary{{Game: "g", CreatedMs: 7, Version: 1, Data: []byte(`{"v":1}`)}}); err != nil {
		t.Fatal(err)
	}
	sums, err := p.Summaries(ctx)
	if err != nil || len(sums) != 2 || sums[0].Game != "g" || string(sums[0].Data) != `{"v":2}` {
		t.Fatalf("summaries %+v, %v", sums, err)
	}
	// One of the same version replaces it (its spectators changed).
	if err := p.Publish(ctx, "a", []Summary{{Game: "g", CreatedMs: 7, Version: 2, Data: []byte(`{"v":2,"s":1}`)}}); err != nil {
		t.Fatal(err)
	}
	if sums, err := p.Summaries(ctx); err != nil || string(sums[0].Data) != `{"v":2,"s":1}` {
		t.Fatalf("summaries after the same version %+v, %v", sums, err)
	}
}

// Games stored before this step get an expired lease, so that some node
// takes each over.
func TestUpgradeLeasesEveryOldGame(t *testing.T) {
	ctx := context.Background()
	url := pgtest.NewDB(t)
	all, err := migrations("postgres")
	if err != nil {
		t.Fatal(err)
	}
	pool, err := pgxpool.New(ctx, url)
	if err != nil {
		t.Fatal(err)
	}
	err = migratePostgres(ctx, pool, all[:3])
	pool.Close()
	if err != nil {
		t.Fatal(err)
	}
	rawExec(t, url, `INSERT INTO games VALUES ('old', 1, '{}'), ('held', 2, '{}')`)
	rawExec(t, url, `INSERT INTO leases VALUES ('held', 'n1', 4, now() + interval '1 hour')`)
	p, err := OpenPostgres(ctx, url)
	if err != nil {
		t.Fatal(err)
	}
	defer p.Close()
	o, err := p.Orphans(ctx, 10)
	if err != nil || len(o) != 1 || o[0].Game != "old" {
		t.Fatalf("orphans after the upgrade: %+v %v", o, err)
	}
	if l, err := p.LeaseOf(ctx, "held"); err != nil || l.Term != 4 || l.Owner != "n1" {
		t.Fatalf("a lease held before the upgrade: %+v %v", l, err)
	}
}

// A node that stops in the middle of a batch, holding its lease rows, does
// not hold up the takeover of its games beyond IdleInTransaction: the
// database ends its transaction.
func TestAStalledTransactionDoesNotBlockATakeover(t *testing.T) {
	ctx := context.Background()
	url := pgtest.NewDB(t)
	a, err := OpenPostgres(ctx, url)
	if err != nil {
		t.Fatal(err)
	}
	defer a.Close()
	term, err := a.CreateLeased(ctx, Game{ID: "g", Def: []byte(`{}`)}, "a", 100*time.Millisecond)
	if err != nil {
		t.Fatal(err)
	}
	// As a fenced append batch does, then stalls before committing.
	tx, err := a.pool.Begin(ctx)
	if err != nil {
		t.Fatal(err)
	}
	defer tx.Rollback(ctx)
	if _, err := tx.Exec(ctx, "SELECT 1 FROM leases WHERE game_id = 'g' AND term = $1 FOR SHARE", term); err != nil {
		t.Fatal(err)
	}
	time.Sleep(150 * time.Millisecond)
	b, err := OpenPostgres(ctx, url)
	if err != nil {
		t.Fatal(err)
	}
	defer b.Close()
	start := time.Now()
	actx, cancel := context.WithTimeout(ctx, IdleInTransaction+10*time.Second)
	defer cancel()
	if _, err := b.Acquire(actx, "g", "b", time.Minute); err != nil {
		t.Fatalf("takeover behind a stalled transaction: %v after %v", err, time.Since(start))
	}
	if d := time.Since(start); d > IdleInTransaction+2*time.Second {
		t.Errorf("takeover waited %v for a stalled transaction", d)
	}
}
