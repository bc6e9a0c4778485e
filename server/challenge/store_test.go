package challenge

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"log/slog"
	"os"
	"path/filepath"
	"strings"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"wyrm/internal/pgtest"
	"wyrm/server/store"
)

func TestMain(m *testing.M) { os.Exit(pgtest.Main(m)) }

// clock is a settable time.
type clock struct {
	mu sync.Mutex
	t  time.Time
}

func (c *clock) Now() time.Time {
	c.mu.Lock()
	defer c.mu.Unlock()
	return c.t
}

func (c *clock) Advance(d time.Duration) {
	c.mu.Lock()
	c.t = c.t.Add(d)
	c.mu.Unlock()
}

// env is one test's store on a fresh database, with the events it hears.
type env struct {
	s     *Store
	st    store.Store
	clock *clock
	mu    sync.Mutex
	heard []Event
}

// forEach runs f on a fresh store in SQLite and in PostgreSQL.
func forEach(t *testing.T, f func(t *testing.T, e *env)) {
	for _, b := range []struct {
		name   string
		target func(testing.TB) string
	}{
		{"sqlite", func(tb testing.TB) string { return filepath.Join(tb.TempDir(), "t.db") }},
		{"postgres", pgtest.NewDB},
	} {
		t.Run(b.name, func(t *testing.T) {
			st, err := store.Open(b.target(t))
			if err != nil {
				t.Fatal(err)
			}
			t.Cleanup(func() { st.Close() })
			e := &env{st: st, clock: &clock{t: time.Date(2025, 3, 1, 12, 0, 0, 0, time.UTC)}}
			if e.s, err = Open(context.Background(), st, Config{Now: e.clock.Now}); err != nil {
				t.Fatal(err)
			}
			t.Cleanup(func() { e.s.Close() })
			ctx, cancel := context.WithCancel(context.Background())
			done := make(chan struct{})
			go func() {
				defer close(done)
				e.s.Listen(ctx, func(ev Event) {
					e.mu.Lock()
					e.heard = append(e.heard, ev)
					e.mu.Unlock()
				})
			}()
			t.Cleanup(func() { cancel(); <-done })
			e.waitFor(t, "the first resync", func(ev Event) bool { return ev.Kind == Resync })
			f(t, e)
		})
	}
}

// waitFor waits until an event that ok accepts has been heard.
func (e *env) waitFor(t *testing.T, what string, ok func(Event) bool) Event {
	t.Helper()
	for deadline := time.Now().Add(5 * time.Second); time.Now().Before(deadline); time.Sleep(5 * time.Millisecond) {
		e.mu.Lock()
		for _, ev := range e.heard {
			if ok(ev) {
				e.mu.Unlock()
				return ev
			}
		}
		e.mu.Unlock()
	}
	t.Fatalf("never heard %s", what)
	return Event{}
}

var ctx = context.Background()

// stream opens a stream for user (0: a guest) and returns its id.
func (e *env) stream(t *testing.T, id string, user int64) string {
	t.Helper()
	if err := e.s.OpenStream(ctx, Stream{ID: id, Node: "n1", User: Party{ID: user, Name: fmt.Sprint("user", user)}}); err != nil {
		t.Fatal(err)
	}
	return id
}

// seek returns a seek by user from stream.
func seek(id, stream string, user int64) Challenge {
	return Challenge{ID: id, Stream: stream, Author: Party{ID: user, Name: fmt.Sprint("user", user)}, Game: "toy",
		Terms: []byte(`{"rated":false}`), TokenHash: "h-" + id, ExpiresMs: time.Date(2030, 1, 1, 0, 0, 0, 0, time.UTC).UnixMilli()}
}

var lim = Limits{Seeks: 2, Challenges: 2, Incoming: 2}

func TestPostNeedsTheAuthorsOpenStreamAndKeepsLimits(t *testing.T) {
	forEach(t, func(t *testing.T, e *env) {
		e.stream(t, "s1", 1)
		e.stream(t, "guest", 0)
		for _, c := range []struct {
			name string
			ch   Challenge
			want error
		}{
			{"no such stream", seek("a", "nope", 1), ErrNoStream},
			{"another's stream", seek("b", "s1", 2), ErrNoStream},
			{"a guest on a signed-in stream", seek("c", "s1", 0), ErrNoStream},
		} {
			if err := e.s.Post(ctx, c.ch, lim); !errors.Is(err, c.want) {
				t.Errorf("%s: %v, want %v", c.name, err, c.want)
			}
		}
		for _, id := range []string{"k1", "k2"} {
			if err := e.s.Post(ctx, seek(id, "s1", 1), lim); err != nil {
				t.Fatal(err)
			}
		}
		var le *LimitError
		if err := e.s.Post(ctx, seek("k3", "s1", 1), lim); !errors.As(err, &le) || le.Limit != "seeks" {
			t.Fatalf("a third seek: %v", err)
		}
		// A guest's seeks count by the guest's stream.
		if err := e.s.Post(ctx, seek("g1", "guest", 0), lim); err != nil {
			t.Fatal(err)
		}
		// Direct challenges count apart: two sent, and two waiting for one
		// player.
		e.stream(t, "s3", 3)
		e.stream(t, "s4", 4)
		direct := func(id, stream string, from, to int64) Challenge {
			c := seek(id, stream, from)
			c.Target = Party{ID: to, Name: fmt.Sprint("user", to)}
			return c
		}
		for _, c := range []Challenge{direct("d1", "s1", 1, 3), direct("d2", "s1", 1, 4), direct("d3", "s4", 4, 3)} {
			if err := e.s.Post(ctx, c, lim); err != nil {
				t.Fatal(err)
			}
		}
		if err := e.s.Post(ctx, direct("d4", "s1", 1, 4), lim); !errors.As(err, &le) || le.Limit != "challenges" {
			t.Fatalf("a third challenge sent: %v", err)
		}
		e.stream(t, "s5", 5)
		if err := e.s.Post(ctx, direct("d5", "s5", 5, 3), lim); !errors.As(err, &le) || le.Limit != "incoming" {
			t.Fatalf("a third challenge waiting for one player: %v", err)
		}
		in, _ := e.s.Incoming(ctx, 3)
		out, _ := e.s.Outgoing(ctx, 1)
		seeks, _ := e.s.Seeks(ctx)
		if len(in) != 2 || len(out) != 2 || len(seeks) != 3 {
			t.Fatalf("incoming %d, outgoing %d, seeks %d", len(in), len(out), len(seeks))
		}
		ev := e.waitFor(t, "d1 posted", func(ev Event) bool { return ev.Kind == Posted && ev.Challenge.ID == "d1" })
		if fmt.Sprint(ev.Users) != "[1 3]" || ev.Challenge.TokenHash != "" {
			t.Fatalf("d1's event %+v", ev)
		}
		ev = e.waitFor(t, "g1 posted", func(ev Event) bool { return ev.Kind == Posted && ev.Challenge.ID == "g1" })
		if len(ev.Users) != 0 || fmt.Sprint(ev.Streams) != "[guest]" {
			t.Fatalf("a guest's seek is addressed to %v and %v", ev.Users, ev.Streams)
		}
	})
}

// Of many players accepting one seek at once, exactly one gets it.
func TestTakeOnce(t *testing.T) {
	forEach(t, func(t *testing.T, e *env) {
		e.stream(t, "s1", 1)
		if err := e.s.Post(ctx, seek("k", "s1", 1), lim); err != nil {
			t.Fatal(err)
		}
		var won, gone atomic.Int32
		var wg sync.WaitGroup
		for range 8 {
			wg.Add(1)
			go func() {
				defer wg.Done()
				c, err := e.s.Take(ctx, "k")
				switch {
				case err == nil && c.TokenHash == "h-k":
					won.Add(1)
				case errors.Is(err, ErrGone):
					gone.Add(1)
				default:
					t.Errorf("take: %+v %v", c, err)
				}
			}()
		}
		wg.Wait()
		if won.Load() != 1 || gone.Load() != 7 {
			t.Fatalf("%d took the seek and %d found it gone", won.Load(), gone.Load())
		}
		e.waitFor(t, "k accepted", func(ev Event) bool { return ev.Kind == Removed && ev.Reason == Accepted && ev.Challenge.ID == "k" })
		if _, err := e.s.Remove(ctx, "k", Canceled, ""); !errors.Is(err, ErrGone) {
			t.Fatalf("cancelling a seek taken: %v", err)
		}
	})
}

func TestPairTakesACompatibleSeekOrPosts(t *testing.T) {
	forEach(t, func(t *testing.T, e *env) {
		e.stream(t, "s1", 1)
		e.stream(t, "s2", 2)
		e.stream(t, "s3", 3)
		odd := seek("odd", "s1", 1)
		odd.Terms = []byte(`{"rated":true}`)
		for _, c := range []Challenge{odd, seek("own", "s2", 2), seek("fit", "s1", 1)} {
			if err := e.s.Post(ctx, c, lim); err != nil {
				t.Fatal(err)
			}
		}
		casual := func(c Challenge) bool { return string(c.Terms) == `{"rated":false}` }
		got, ok, err := e.s.Pair(ctx, seek("mine", "s2", 2), lim, casual)
		if err != nil || !ok || got.ID != "fit" {
			t.Fatalf("pair: %+v %v %v (own seeks and others' rated ones do not fit)", got, ok, err)
		}
		got, ok, err = e.s.Pair(ctx, seek("mine", "s2", 2), lim, casual)
		if err != nil || ok || got.ID != "" {
			t.Fatalf("pair with nothing left but one's own: %+v %v %v", got, ok, err)
		}
		if _, err := e.s.Get(ctx, "mine"); err != nil {
			t.Fatalf("the pairing seek was not posted: %v", err)
		}
	})
}

func TestStreamsEndTheirChallengesAndSayWhoIsOnline(t *testing.T) {
	forEach(t, func(t *testing.T, e *env) {
		e.stream(t, "s1", 1)
		e.stream(t, "s1b", 1)
		e.stream(t, "s2", 2)
		e.stream(t, "guest", 0)
		for _, c := range []Challenge{seek("a", "s1", 1), seek("b", "s2", 2)} {
			if err := e.s.Post(ctx, c, lim); err != nil {
				t.Fatal(err)
			}
		}
		if on, _ := e.s.Online(ctx, 10); fmt.Sprint(on) != "[{1 user1} {2 user2}]" {
			t.Fatalf("online: %v", on)
		}
		if err := e.s.CloseStream(ctx, "s1"); err != nil {
			t.Fatal(err)
		}
		e.waitFor(t, "a left", func(ev Event) bool { return ev.Kind == Removed && ev.Reason == Left && ev.Challenge.ID == "a" })
		if on, _ := e.s.Online(ctx, 10); len(on) != 2 {
			t.Fatalf("user 1 has another stream open: %v", on)
		}
		// Node n1 stops renewing; another node's stream lives on.
		if err := e.s.OpenStream(ctx, Stream{ID: "elsewhere", Node: "n2", User: Party{ID: 9, Name: "nine"}}); err != nil {
			t.Fatal(err)
		}
		e.clock.Advance(DefaultStreamTTL / 2)
		if ids, err := e.s.Renew(ctx, "n2"); err != nil || fmt.Sprint(ids) != "[elsewhere]" {
			t.Fatalf("renew: %v %v", ids, err)
		}
		e.clock.Advance(DefaultStreamTTL/2 + time.Millisecond)
		if err := e.s.Sweep(ctx); err != nil {
			t.Fatal(err)
		}
		e.waitFor(t, "b left", func(ev Event) bool { return ev.Kind == Removed && ev.Reason == Left && ev.Challenge.ID == "b" })
		if on, _ := e.s.Online(ctx, 10); fmt.Sprint(on) != "[{9 nine}]" {
			t.Fatalf("online after n1 died: %v", on)
		}
		if err := e.s.ClearNode(ctx, "n2"); err != nil {
			t.Fatal(err)
		}
		if on, _ := e.s.Online(ctx, 10); len(on) != 0 {
			t.Fatalf("online after n2 cleared: %v", on)
		}
	})
}

func TestChallengesExpire(t *testing.T) {
	forEach(t, func(t *testing.T, e *env) {
		e.stream(t, "s1", 1)
		c := seek("soon", "s1", 1)
		c.ExpiresMs = e.clock.Now().Add(time.Second).UnixMilli()
		if err := e.s.Post(ctx, c, lim); err != nil {
			t.Fatal(err)
		}
		e.clock.Advance(time.Second)
		if _, err := e.s.Take(ctx, "soon"); !errors.Is(err, ErrGone) {
			t.Fatalf("taking an expired challenge: %v", err)
		}
		if err := e.s.Sweep(ctx); err != nil {
			t.Fatal(err)
		}
		e.waitFor(t, "expiry", func(ev Event) bool { return ev.Kind == Removed && ev.Reason == Expired && ev.Challenge.ID == "soon" })
	})
}

// Terms too long for a notification travel without them; the event says
// so, and Get reads them.
func TestLongTermsArePartial(t *testing.T) {
	forEach(t, func(t *testing.T, e *env) {
		e.stream(t, "s1", 1)
		c := seek("long", "s1", 1)
		c.Terms = []byte(fmt.Sprintf(`{"text":%q}`, strings.Repeat("x", 9000)))
		if err := e.s.Post(ctx, c, lim); err != nil {
			t.Fatal(err)
		}
		ev := e.waitFor(t, "posted", func(ev Event) bool { return ev.Kind == Posted })
		got, err := e.s.Get(ctx, "long")
		if err != nil || len(got.Terms) != len(c.Terms) {
			t.Fatalf("get: %d bytes, %v", len(got.Terms), err)
		}
		if e.s.shared && (!ev.Partial || ev.Challenge.Terms != nil) {
			t.Fatalf("a long event: partial %v, %d bytes of terms", ev.Partial, len(ev.Challenge.Terms))
		}
	})
}

// A gameStart notice too long for a notification between nodes is cut to
// its first fields, which still seat the player; on both databases.
func TestLongNoticeKeepsItsFirstFields(t *testing.T) {
	forEach(t, func(t *testing.T, e *env) {
		h := &Hub{st: e.s, log: slog.New(slog.DiscardHandler)}
		long := strings.Repeat("x", 2*maxPayload)
		if err := h.Tell(ctx, []int64{7}, map[string]any{"type": "gameStart", "game": map[string]any{"id": "g1", "seat": 1,
			"tournament": "t1", "token": "tok", "options": map[string]string{"map": long}}}); err != nil {
			t.Fatal(err)
		}
		ev := e.waitFor(t, "the notice", func(ev Event) bool { return ev.Kind == Notice })
		var m map[string]any
		if err := json.Unmarshal(ev.Message, &m); err != nil {
			t.Fatal(err)
		}
		g := m["game"].(map[string]any)
		if len(ev.Message) > maxPayload || g["id"] != "g1" || g["token"] != "tok" || g["tournament"] != "t1" || g["options"] != nil || m["type"] != "gameStart" {
			t.Fatalf("notice %s", ev.Message)
		}
	})
}
