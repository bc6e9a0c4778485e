package server

import (
	"context"
	"encoding/json"
	"net"
	"net/http"
	"net/http/httptest"
	"os"
	"strings"
	"testing"
	"time"

	"github.com/coder/websocket"

	"wyrm/game"
	"wyrm/internal/pgtest"
	toygame "wyrm/internal/toysetup"
	"wyrm/server/cluster"
	"wyrm/server/play"
	"wyrm/server/store"
	"wyrm/server/table"
)

func TestMain(m *testing.M) { os.Exit(pgtest.Main(m)) }

// testTTL is the lease time of the test nodes: short, so that takeovers
// happen within a test, and long enough for a race-detected renewal.
const testTTL = 1500 * time.Millisecond

// startNode runs a node named name on the database at url, listening on a
// loopback port it advertises.
func startNode(t *testing.T, url, name string) *harness {
	t.Helper()
	return startNodeWith(t, url, name, nil)
}

// startNodeWith is startNode whose Config set changes first.
func startNodeWith(t *testing.T, url, name string, set func(*Config)) *harness {
	t.Helper()
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	st, err := store.Open(url)
	if err != nil {
		t.Fatal(err)
	}
	cfg := Config{Store: st, Games: []game.Game{toygame.Game{}}, Node: name, MinClock: time.Millisecond,
		ThinkTime: func(int) time.Duration { return 10 * time.Millisecond },
		Cluster:   &cluster.Config{Advertise: "http://" + ln.Addr().String(), LeaseTTL: testTTL}}
	if set != nil {
		set(&cfg)
	}
	srv, err := New(cfg)
	if err != nil {
		t.Fatal(err)
	}
	hs := httptest.NewUnstartedServer(srv.Handler())
	hs.Listener.Close()
	hs.Listener = ln
	hs.Start()
	h := &harness{t: t, path: url, st: st, srv: srv, http: hs}
	t.Cleanup(h.stop)
	return h
}

// crash stops a node the way a dead process stops: no more renewals, its
// address refuses connections, and it gives up no lease.
func (h *harness) crash() {
	h.srv.hall.Cluster().Forget() // so that the cleanup's Close releases nothing
	h.srv.life.Stop()
	h.http.CloseClientConnections()
	h.http.Listener.Close()
}

// storedLog reads a game's log from the shared database.
func storedLog(t *testing.T, h *harness, id string) []store.Action {
	t.Helper()
	log, err := h.st.Actions(context.Background(), id)
	if err != nil {
		t.Fatal(err)
	}
	return log
}

// A game created on one node is played through another: its state, its
// websocket and a spectator's view reach the owner, which stores the
// moves; the other node forwarded and stored nothing itself.
func TestClusterForwardsToTheOwner(t *testing.T) {
	url := pgtest.NewDB(t)
	a, b := startNode(t, url, "a"), startNode(t, url, "b")
	cr := a.create(play.CreateRequest{Game: "toy", Seats: []table.Seat{{Kind: table.SeatLocal}, {Kind: table.SeatInvite}}})
	if code, body := b.get("/api/games/" + cr.ID); code != 200 || !strings.Contains(body, cr.ID) {
		t.Fatalf("state through b: %d %s", code, body)
	}
	code, joined := b.post("/api/games/"+cr.ID+"/join", map[string]any{"seat": 1, "invite": cr.Invites[1]})
	if code != 200 {
		t.Fatalf("join through b: %d %v", code, joined)
	}
	white := b.dial(cr.ID, cr.Tokens[0])
	black := a.dial(cr.ID, joined["token"].(string))
	watcher := b.dial(cr.ID)
	white.send(map[string]any{"type": "move", "move": "c1c2", "id": 5})
	white.expect("ack")
	black.waitState(func(s play.State) bool { return len(s.Plies) == 1 })
	watcher.waitState(func(s play.State) bool { return len(s.Plies) == 1 })
	log := storedLog(t, a, cr.ID)
	if len(log) != 2 || log[0].Kind != table.ActJoin || log[1].Data != "c1c2" {
		t.Fatalf("stored log %+v", log)
	}
	if b.srv.session(cr.ID) != nil {
		t.Error("the forwarding node holds the game too")
	}
	if n := b.srv.hall.Cluster().Stats().Forwarded; n < 4 {
		t.Errorf("b forwarded %d requests, want at least 4", n)
	}
	if code, _ := b.get("/api/games/nosuchgame"); code != http.StatusNotFound {
		t.Errorf("an unknown game through b: %d", code)
	}
}

// The lobby of every node lists every game and follows its changes.
func TestClusterLobbyReachesEveryNode(t *testing.T) {
	url := pgtest.NewDB(t)
	a, b := startNode(t, url, "a"), startNode(t, url, "b")
	cr := a.create(play.CreateRequest{Game: "toy", Seats: []table.Seat{{Kind: table.SeatLocal}, {Kind: table.SeatLocal}}})
	listed := func(h *harness, want string) bool {
		_, body := h.get("/api/games?list=playing")
		return strings.Contains(body, `"id":"`+cr.ID+`"`) && strings.Contains(body, want)
	}
	waitFor(t, "b to list the new game", func() bool { return listed(b, `"plies":0`) })
	c := b.dial(cr.ID, cr.Tokens[0], cr.Tokens[1])
	c.send(map[string]any{"type": "move", "move": "c1c2", "id": 2})
	c.expect("ack")
	waitFor(t, "b to list the move", func() bool { return listed(b, `"plies":1`) })
	// A node started later reads the lobby from the database.
	late := startNode(t, url, "c")
	if !listed(late, `"plies":1`) {
		_, body := late.get("/api/games?list=playing")
		t.Fatalf("a new node's lobby: %s", body)
	}
	if b.srv.hall.Cluster().Stats().Notified == 0 {
		t.Error("no notification latency recorded")
	}
}

// A node that crashes has its games taken over by the others within a
// lease time or so: a client reconnecting through a live node finds the
// game with every move, the clock gives back the time nobody ran it, and
// a computer seat plays on under its new owner.
func TestClusterTakesOverACrashedNodesGames(t *testing.T) {
	url := pgtest.NewDB(t)
	a, b := startNode(t, url, "a"), startNode(t, url, "b")
	clocked := a.create(play.CreateRequest{Game: "toy", Seats: []table.Seat{{Kind: table.SeatLocal}, {Kind: table.SeatLocal}}, Clock: table.TimeControl{Initial: 600_000 * time.Millisecond}})
	vsComputer := a.create(play.CreateRequest{Game: "toy", Seats: []table.Seat{{Kind: table.SeatLocal}, {Kind: table.SeatComputer, Level: 1}}})
	c := a.dial(clocked.ID, clocked.Tokens[0], clocked.Tokens[1])
	for i, mv := range []string{"c1c2", "c5c4"} {
		c.send(map[string]any{"type": "move", "move": mv, "id": i + 2})
		c.expect("ack")
	}
	before := len(storedLog(t, a, clocked.ID))
	a.crash()
	start := time.Now()
	// Through b at once: the request waits for a's lease to run out.
	code, body := b.get("/api/games/" + clocked.ID)
	took := time.Since(start)
	if code != 200 || !strings.Contains(body, `"text":"c5c4"`) {
		t.Fatalf("after the crash, through b: %d %s", code, body)
	}
	if took > testTTL+2*time.Second {
		t.Errorf("took %v to serve a crashed node's game", took)
	}
	log := storedLog(t, b, clocked.ID)
	if len(log) != before+1 || log[before].Kind != table.ActResume {
		t.Errorf("after the takeover the log is %+v; want a resume after %d actions", log, before)
	}
	// The orphan scan takes the other game without anyone asking, and its
	// computer answers the person's move.
	waitFor(t, "b to take the computer's game", func() bool { return b.srv.session(vsComputer.ID) != nil })
	p := b.dial(vsComputer.ID, vsComputer.Tokens[0])
	p.send(map[string]any{"type": "move", "move": "c1c2", "id": 2})
	p.expect("ack")
	p.waitState(func(s play.State) bool { return len(s.Plies) == 2 })
	if n := b.srv.hall.Cluster().Stats().TakenOver; n != 2 {
		t.Errorf("b took over %d games, want 2", n)
	}
}

// A node that lost a game's lease without knowing (paused, cut off) cannot
// write to it: its action is refused, its clients are sent away, and the
// log holds only the new owner's actions.
func TestClusterFencesAStaleOwner(t *testing.T) {
	url := pgtest.NewDB(t)
	a := startNode(t, url, "a")
	cr := a.create(play.CreateRequest{Game: "toy", Seats: []table.Seat{{Kind: table.SeatLocal}, {Kind: table.SeatLocal}}})
	c := a.dial(cr.ID, cr.Tokens[0], cr.Tokens[1])
	// Another node takes the lease behind a's back: a's lease is cut short
	// by hand, as if a had not renewed it in time.
	st := a.st.(store.Cluster)
	ctx := context.Background()
	waitFor(t, "the lease to be taken", func() bool {
		_ = st.Renew(ctx, cr.ID, "a", a.srv.hall.Cluster().Term(cr.ID), time.Millisecond)
		time.Sleep(5 * time.Millisecond)
		_, err := st.Acquire(ctx, cr.ID, "thief", time.Minute)
		return err == nil
	})
	// The move is refused, or the renewal finds the lease gone first and
	// hangs up: never acknowledged either way.
	c.send(map[string]any{"type": "move", "move": "c1c2", "id": 2})
	rctx, cancel := context.WithTimeout(ctx, 5*time.Second)
	defer cancel()
	for {
		_, b, err := c.conn.Read(rctx)
		if err != nil {
			if websocket.CloseStatus(err) != websocket.StatusServiceRestart {
				t.Errorf("the stale owner's client ended with %v, want 1012", err)
			}
			break
		}
		var m map[string]any
		_ = json.Unmarshal(b, &m)
		if m["type"] == "ack" || (m["type"] == "error" && m["code"] != "unavailable") {
			t.Errorf("a stale owner's move: %v", m)
		}
	}
	if log := storedLog(t, a, cr.ID); len(log) != 0 {
		t.Errorf("the stale owner stored %+v", log)
	}
	waitFor(t, "a to let go", func() bool { return a.srv.session(cr.ID) == nil })
}

// A node closing hands its games over at once, and finished games are not
// taken over until someone asks for one.
func TestClusterCloseHandsGamesOver(t *testing.T) {
	url := pgtest.NewDB(t)
	a, b := startNode(t, url, "a"), startNode(t, url, "b")
	live := a.create(play.CreateRequest{Game: "toy", Seats: []table.Seat{{Kind: table.SeatLocal}, {Kind: table.SeatLocal}}})
	over := a.create(play.CreateRequest{Game: "toy", Seats: []table.Seat{{Kind: table.SeatLocal}, {Kind: table.SeatLocal}}})
	c := a.dial(over.ID, over.Tokens[0])
	c.send(map[string]any{"type": "resign", "id": 2})
	c.expect("ack")
	st := a.st.(store.Cluster)
	waitFor(t, "the finished game's lease to be marked", func() bool {
		l, err := st.LeaseOf(context.Background(), over.ID)
		return err == nil && l.Finished
	})
	start := time.Now()
	a.stop()
	waitFor(t, "b to take the live game", func() bool { return b.srv.session(live.ID) != nil })
	if d := time.Since(start); d > testTTL {
		t.Errorf("handover took %v, not shorter than a lease (%v)", d, testTTL)
	}
	time.Sleep(testTTL / cluster.RenewParts * 2)
	if b.srv.session(over.ID) != nil {
		t.Error("b took over a finished game nobody asked for")
	}
	if code, body := b.get("/api/games/" + over.ID); code != 200 || !strings.Contains(body, `"over":true`) {
		t.Errorf("the finished game through b: %d %s", code, body)
	}
}

// A websocket forwarded to a game's owner is hung up when another node
// announces the game: the owner it leads to may be frozen, and would never
// hang up itself.
func TestClusterCutsForwardsToAFormerOwner(t *testing.T) {
	url := pgtest.NewDB(t)
	a, b := startNode(t, url, "a"), startNode(t, url, "b")
	cr := a.create(play.CreateRequest{Game: "toy", Seats: []table.Seat{{Kind: table.SeatLocal}, {Kind: table.SeatLocal}}})
	c := b.dial(cr.ID)
	// Another node publishes: b's lobby learns the game moved there.
	a.srv.hall.Cluster().Notice(store.Notice{Node: "a", Summary: store.Summary{Game: cr.ID}}) // its own: nothing
	b.srv.hall.Cluster().Notice(store.Notice{Node: "a", SentAt: time.Now(), Summary: store.Summary{Game: cr.ID}})
	b.srv.hall.Cluster().Notice(store.Notice{Node: "c", SentAt: time.Now(), Summary: store.Summary{Game: cr.ID}})
	ctx, cancel := context.WithTimeout(context.Background(), 5*time.Second)
	defer cancel()
	for {
		if _, _, err := c.conn.Read(ctx); err != nil {
			if ctx.Err() != nil {
				t.Fatal("the forwarded websocket stayed open")
			}
			break
		}
	}
}

// Requests forwarded by a node carry the client's address for the owner's
// per-client limits, and nobody else can claim one.
func TestClusterPeerHeadersNeedTheSecret(t *testing.T) {
	url := pgtest.NewDB(t)
	a := startNode(t, url, "a")
	r := httptest.NewRequest("GET", "/api/games/x", nil)
	r.RemoteAddr = "192.0.2.1:5000"
	r.Header.Set(cluster.HeaderClient, "198.51.100.7")
	r.Header.Set(cluster.HeaderPeer, "guess")
	if k := a.srv.front(r).Key; k != "192.0.2.1" {
		t.Errorf("client key with a wrong secret: %s", k)
	}
	r.Header.Set(cluster.HeaderPeer, a.srv.hall.Cluster().Secret())
	if k := a.srv.front(r).Key; k != "198.51.100.7" {
		t.Errorf("client key from a peer: %s", k)
	}
	var health map[string]any
	_, body := a.get("/healthz")
	if err := json.Unmarshal([]byte(body), &health); err != nil || health["node"] != "a" {
		t.Errorf("healthz: %s", body)
	}
}
