package cluster

import (
	"context"
	"encoding/json"
	"log/slog"
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"
	"time"

	"wyrm/server/life"
	"wyrm/server/store"
)

// fakeGame is a game a host serves, recording its evictions.
type fakeGame struct {
	id      string
	listed  bool
	stopped bool
	evicted int
}

func (g *fakeGame) ID() string      { return g.id }
func (g *fakeGame) Idle() bool      { return false }
func (g *fakeGame) Behind(int) bool { return false }
func (g *fakeGame) Evict() (bool, bool) {
	g.evicted++
	listed, stopped := g.listed, !g.stopped
	g.listed, g.stopped = false, true
	return listed, stopped
}

// fakeHost serves the games it is given and keeps what is applied.
type fakeHost struct {
	games   map[string]Game
	applied []store.Summary
}

func (h *fakeHost) Game(id string) Game { return h.games[id] }
func (h *fakeHost) Load(context.Context, store.Game, []store.Action, func() int64) error {
	return ErrUnloadable
}
func (h *fakeHost) Apply(s store.Summary) { h.applied = append(h.applied, s) }

// testNode is a node that never joined: no store, nothing running.
func testNode(host Host) *Node {
	return newNode(life.New(slog.New(slog.DiscardHandler)), Config{Advertise: "http://node-a"}, nil, "a", host, slog.New(slog.DiscardHandler))
}

func TestGameOf(t *testing.T) {
	for path, want := range map[string]string{
		"/ws/abc-1_Z":                    "abc-1_Z",
		"/api/games/abc":                 "abc",
		"/api/games/abc/join":            "abc",
		"/api/bot/game/abc/move/x":       "abc",
		"/api/games":                     "",
		"/api/games/":                    "",
		"/ws/a.b":                        "",
		"/ws/" + strings.Repeat("x", 65): "",
		"/api/challenges/abc":            "",
	} {
		if got := GameOf(path); got != want {
			t.Errorf("GameOf(%q) = %q, want %q", path, got, want)
		}
	}
}

// Only a request carrying the cluster's secret names its client.
func TestPeerClientNeedsTheSecret(t *testing.T) {
	n := testNode(&fakeHost{})
	n.secret = "s3cret"
	r := httptest.NewRequest("GET", "/api/games/x", nil)
	r.Header.Set(HeaderClient, "198.51.100.7")
	if got := n.PeerClient(r); got != "" {
		t.Errorf("without the secret: %q", got)
	}
	r.Header.Set(HeaderPeer, "guess")
	if got := n.PeerClient(r); got != "" {
		t.Errorf("with a wrong secret: %q", got)
	}
	r.Header.Set(HeaderPeer, n.Secret())
	if got := n.PeerClient(r); got != "198.51.100.7" {
		t.Errorf("from a peer: %q", got)
	}
}

// A game is lost once: it leaves the held leases, and only the loss that
// stopped it is counted.
func TestLoseCountsAGameOnce(t *testing.T) {
	g := &fakeGame{id: "g", listed: true}
	n := testNode(&fakeHost{games: map[string]Game{"g": g}})
	n.held["g"] = 3
	n.lose(g, "test")
	n.lose(g, "test again")
	if g.evicted != 2 || n.Term("g") != 0 || n.dropped["g"] == 0 {
		t.Errorf("evicted %d times, term %d, dropped %v", g.evicted, n.Term("g"), n.dropped["g"])
	}
	if s := n.Stats(); s.Lost != 1 || s.Owned != 0 {
		t.Errorf("stats after losing once: %+v", s)
	}
}

// A game's latest entry waits in the outbox, and a finished one is marked.
func TestPublishKeepsTheLatestEntry(t *testing.T) {
	n := testNode(&fakeHost{})
	n.Publish(store.Summary{Game: "g", Version: 1}, false)
	n.Publish(store.Summary{Game: "g", Version: 2}, true)
	if n.outbox["g"].Version != 2 || !n.finished["g"] || len(n.wake) != 1 {
		t.Errorf("outbox %+v, finished %v, woken %d", n.outbox, n.finished, len(n.wake))
	}
}

// Another node's entry reaches the host's lobby; this node's own does not.
func TestNoticeAppliesOtherNodesEntries(t *testing.T) {
	h := &fakeHost{}
	n := testNode(h)
	n.Notice(store.Notice{Node: "a", Summary: store.Summary{Game: "own"}})
	n.Notice(store.Notice{Node: "b", SentAt: time.Now(), Summary: store.Summary{Game: "other"}})
	if len(h.applied) != 1 || h.applied[0].Game != "other" || n.Stats().Notified != 1 {
		t.Errorf("applied %+v, notified %d", h.applied, n.Stats().Notified)
	}
}

// A node is healthy while its leases are renewed, and says so with its
// name; the metrics name its counts.
func TestHealthAndMetrics(t *testing.T) {
	n := testNode(&fakeHost{})
	n.held["g"] = 1
	w := httptest.NewRecorder()
	n.Health(w)
	var body map[string]any
	if err := json.Unmarshal(w.Body.Bytes(), &body); w.Code != http.StatusOK || err != nil || body["node"] != "a" || body["owned"] != 1.0 {
		t.Errorf("healthy: %d %s", w.Code, w.Body)
	}
	n.renewed = time.Now().Add(-2 * n.ttl)
	w = httptest.NewRecorder()
	n.Health(w)
	if w.Code != http.StatusServiceUnavailable {
		t.Errorf("unrenewed: %d %s", w.Code, w.Body)
	}
	var b strings.Builder
	n.WriteMetrics(&b)
	for _, want := range []string{"wyrm_node_games_owned 1\n", "wyrm_forwarded_total 0\n", "wyrm_takeover_seconds_count 0\n"} {
		if !strings.Contains(b.String(), want) {
			t.Errorf("metrics lack %q:\n%s", want, b.String())
		}
	}
}
