package server

import (
	"bytes"
	"context"
	"encoding/json"
	"io"
	"net/http"
	"net/http/httptest"
	"path/filepath"
	"strings"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"github.com/coder/websocket"

	"wyrm/game"
	toygame "wyrm/internal/toysetup"
	"wyrm/server/computer"
	"wyrm/server/play"
	"wyrm/server/store"
	"wyrm/server/table"
)

// harness is a server on a temporary database.
type harness struct {
	t    testing.TB
	path string
	st   store.Store
	srv  *Server
	http *httptest.Server
}

func newHarness(t *testing.T, path string) *harness {
	t.Helper()
	return newHarnessAt(t, path, toygame.Game{})
}

// newHarnessGames is a harness with other games on a fresh database.
func newHarnessGames(t *testing.T, gs ...game.Game) *harness {
	t.Helper()
	return newHarnessAt(t, "", gs...)
}

func newHarnessAt(t testing.TB, path string, gs ...game.Game) *harness {
	t.Helper()
	return newHarnessWith(t, path, nil, gs...)
}

// newHarnessWith is a harness whose Config set changes first.
func newHarnessWith(t testing.TB, path string, set func(*Config), gs ...game.Game) *harness {
	t.Helper()
	if path == "" {
		path = filepath.Join(t.TempDir(), "w.db")
	}
	st, err := store.Open(path)
	if err != nil {
		t.Fatal(err)
	}
	cfg := Config{Store: st, Games: gs, ThinkTime: func(int) time.Duration { return 10 * time.Millisecond }, MinClock: time.Millisecond}
	if set != nil {
		set(&cfg)
	}
	srv, err := New(cfg)
	if err != nil {
		t.Fatal(err)
	}
	h := &harness{t: t, path: path, st: st, srv: srv, http: httptest.NewServer(srv.Handler())}
	t.Cleanup(h.stop)
	return h
}

func (h *harness) stop() {
	if h.http == nil {
		return
	}
	h.http.CloseClientConnections()
	h.http.Close()
	h.srv.Close()
	h.st.Close()
	h.http = nil
}

func (h *harness) post(path string, body any) (int, map[string]any) {
	h.t.Helper()
	b, _ := json.Marshal(body)
	resp, err := http.Post(h.http.URL+path, "application/json", bytes.NewReader(b))
	if err != nil {
		h.t.Fatal(err)
	}
	defer resp.Body.Close()
	var out map[string]any
	_ = json.NewDecoder(resp.Body).Decode(&out)
	return resp.StatusCode, out
}

func (h *harness) get(path string) (int, string) {
	h.t.Helper()
	resp, err := http.Get(h.http.URL + path)
	if err != nil {
		h.t.Fatal(err)
	}
	defer resp.Body.Close()
	b, _ := io.ReadAll(resp.Body)
	return resp.StatusCode, string(b)
}

func (h *harness) create(req play.CreateRequest) play.CreateResponse {
	h.t.Helper()
	resp, err := h.srv.Create(context.Background(), req)
	if err != nil {
		h.t.Fatal(err)
	}
	return resp
}

// wsClient is a test websocket client.
type wsClient struct {
	t    testing.TB
	conn *websocket.Conn
	last *play.State // the latest state read by expect
}

func (h *harness) dial(id string, tokens ...string) *wsClient {
	h.t.Helper()
	ctx, cancel := context.WithTimeout(context.Background(), 5*time.Second)
	defer cancel()
	conn, _, err := websocket.Dial(ctx, "ws"+strings.TrimPrefix(h.http.URL, "http")+"/ws/"+id, nil)
	if err != nil {
		h.t.Fatal(err)
	}
	c := &wsClient{t: h.t, conn: conn}
	h.t.Cleanup(func() { conn.CloseNow() })
	c.expect("state")
	if len(tokens) > 0 {
		c.send(map[string]any{"type": "hello", "tokens": tokens})
		m := c.expect("state")
		if b, err := json.Marshal(m); err == nil {
			var st play.State
			if json.Unmarshal(b, &st) == nil {
				c.last = &st // the seats the tokens hold
			}
		}
		c.expect("ack")
	}
	return c
}

func (c *wsClient) send(v any) {
	c.t.Helper()
	b, _ := json.Marshal(v)
	c.sendRaw(string(b))
}

func (c *wsClient) sendRaw(s string) {
	c.t.Helper()
	ctx, cancel := context.WithTimeout(context.Background(), 5*time.Second)
	defer cancel()
	if err := c.conn.Write(ctx, websocket.MessageText, []byte(s)); err != nil {
		c.t.Fatal(err)
	}
}

// readWait bounds the wait for the next message; generous because the race
// detector on a busy two-core machine can slow a computer move a lot.
const readWait = 20 * time.Second

// expect reads messages until one of type typ arrives (skipping states
// when another type is wanted) and returns it.
func (c *wsClient) expect(typ string) map[string]any {
	c.t.Helper()
	ctx, cancel := context.WithTimeout(context.Background(), readWait)
	defer cancel()
	for {
		_, b, err := c.conn.Read(ctx)
		if err != nil {
			c.t.Fatalf("waiting for %s: %v", typ, err)
		}
		var m map[string]any
		if err := json.Unmarshal(b, &m); err != nil {
			c.t.Fatal(err)
		}
		if m["type"] == typ {
			return m
		}
		if m["type"] == "state" {
			var st play.State
			if json.Unmarshal(b, &st) == nil {
				c.last = &st
			}
		}
		if m["type"] == "error" || (m["type"] == "ack" && typ != "ack") {
			c.t.Fatalf("want %s, got %v", typ, m)
		}
	}
}

// waitState reads states until ok accepts one.
func (c *wsClient) waitState(ok func(play.State) bool) play.State {
	c.t.Helper()
	if c.last != nil && ok(*c.last) {
		return *c.last
	}
	ctx, cancel := context.WithTimeout(context.Background(), readWait)
	defer cancel()
	for {
		_, b, err := c.conn.Read(ctx)
		if err != nil {
			c.t.Fatalf("waiting for state: %v", err)
		}
		var st play.State
		if json.Unmarshal(b, &st) == nil && st.Type == "state" && ok(st) {
			return st
		}
	}
}

func TestPlayOverWebsocketAndReplayAfterRestart(t *testing.T) {
	path := filepath.Join(t.TempDir(), "w.db")
	h := newHarness(t, path)
	cr := h.create(play.CreateRequest{Game: "toy", Seats: []table.Seat{{Kind: table.SeatLocal}, {Kind: table.SeatInvite}}})
	if code, _ := h.post("/api/games/"+cr.ID+"/join", map[string]any{"seat": 1}); code != http.StatusForbidden {
		t.Fatalf("join without the link's secret: %d", code)
	}
	code, join := h.post("/api/games/"+cr.ID+"/join", map[string]any{"seat": 1, "invite": cr.Invites[1]})
	if code != 200 {
		t.Fatalf("join: %d %v", code, join)
	}
	if code, _ := h.post("/api/games/"+cr.ID+"/join", map[string]any{"seat": 1, "invite": cr.Invites[1]}); code != http.StatusConflict {
		t.Fatalf("second join of a taken seat: %d", code)
	}
	white := h.dial(cr.ID, cr.Tokens[0])
	black := h.dial(cr.ID, join["token"].(string))
	watcher := h.dial(cr.ID)

	white.send(map[string]any{"type": "move", "move": "c1c2", "id": 1})
	white.expect("ack")
	st := black.waitState(func(s play.State) bool { return len(s.Plies) == 1 })
	if st.ToMove != 1 || len(st.Legal) == 0 {
		t.Fatalf("black's view after c1c2: toMove %d, %d legal", st.ToMove, len(st.Legal))
	}
	black.send(map[string]any{"type": "move", "move": "Kd4", "id": 2}) // SAN is accepted and stored as c5d4
	black.expect("ack")
	watcher.waitState(func(s play.State) bool { return len(s.Plies) == 2 })
	h.stop()

	h2 := newHarness(t, path)
	s := h2.srv.session(cr.ID)
	s.lock()
	pos, plies := s.t.Pos.String(), len(s.t.Plies)
	s.unlock()
	if plies != 2 || pos != "r...r/...k./...../..K../R...R 0" {
		t.Fatalf("after restart: %d plies, %s", plies, pos)
	}
	white = h2.dial(cr.ID, cr.Tokens[0])
	white.send(map[string]any{"type": "move", "move": "a1a5", "id": 3})
	white.expect("ack")
	code, body := h2.get("/api/games/" + cr.ID + "/record")
	if code != 200 || !strings.Contains(body, "1. Kc2 Kd4 2. Rxa5") || !strings.Contains(body, `[Game "toy"]`) {
		t.Fatalf("record %d:\n%s", code, body)
	}
	code, body = h2.get("/api/games/" + cr.ID + "/ply/1")
	if code != 200 || !strings.Contains(body, `"position":"r.k.r/...../...../..K../R...R 1"`) {
		t.Fatalf("ply 1: %d %s", code, body)
	}
}

func TestBadMessagesChangeNothing(t *testing.T) {
	h := newHarness(t, "")
	cr := h.create(play.CreateRequest{Game: "toy", Seats: []table.Seat{{Kind: table.SeatLocal}, {Kind: table.SeatLocal}}})
	white := h.dial(cr.ID, cr.Tokens[0])
	watcher := h.dial(cr.ID)
	cases := []struct {
		c    *wsClient
		msg  string
		want string
	}{
		{white, `{"type":"move"`, "malformed"},
		{white, `{"type":"fly"}`, "unknown message type"},
		{white, `{"type":"move","move":"e1d2"}`, "not a legal move"},
		{white, `{"type":"move","move":"c1c2","extra":1}`, "unknown field"},
		{white, `{"type":"move","move":"c5c4","seat":1}`, "do not hold seat 2"},
		{white, `{"type":"hello","tokens":["nope"]}`, "not valid"},
		{white, `{"type":"setup","choice":"c1"}`, "past its setup"},
		{white, `{"type":"decline"}`, "no draw offer"},
		{white, `{"type":"rematch"}`, "not over"},
		{watcher, `{"type":"move","move":"c1c2"}`, "watching"},
		{watcher, `{"type":"resign"}`, "watching"},
	}
	for _, tc := range cases {
		tc.c.sendRaw(tc.msg)
		m := tc.c.expect("error")
		if !strings.Contains(m["message"].(string), tc.want) {
			t.Errorf("%s: error %q, want it to mention %q", tc.msg, m["message"], tc.want)
		}
	}
	s := h.srv.session(cr.ID)
	s.lock()
	if len(s.t.Log) != 0 || s.t.Pos.String() != "r.k.r/...../...../...../R.K.R 0" {
		t.Errorf("bad messages changed the game: %d actions, %s", len(s.t.Log), s.t.Pos)
	}
	s.unlock()
	// A message over the size limit closes only that connection.
	white.sendRaw(`{"type":"move","move":"` + strings.Repeat("x", play.MaxMessage) + `"}`)
	ctx, cancel := context.WithTimeout(context.Background(), 5*time.Second)
	defer cancel()
	for {
		if _, _, err := white.conn.Read(ctx); err != nil {
			if websocket.CloseStatus(err) != websocket.StatusMessageTooBig {
				t.Errorf("oversized message: %v", err)
			}
			break
		}
	}
	if code, _ := h.get("/healthz"); code != 200 {
		t.Error("server unhealthy after bad input")
	}
}

func TestRateLimit(t *testing.T) {
	h := newHarness(t, "")
	cr := h.create(play.CreateRequest{Game: "toy", Seats: []table.Seat{{Kind: table.SeatLocal}, {Kind: table.SeatLocal}}})
	c := h.dial(cr.ID)
	for i := 0; i < play.RateBurst+5; i++ {
		c.send(map[string]any{"type": "ping", "id": i})
	}
	// Warnings are best effort (they never fill the send queue), so read
	// until one arrives rather than counting replies.
	limited := false
	for i := 0; i < play.RateBurst+5 && !limited; i++ {
		ctx, cancel := context.WithTimeout(context.Background(), 5*time.Second)
		_, b, err := c.conn.Read(ctx)
		cancel()
		if err != nil {
			t.Fatal(err)
		}
		limited = strings.Contains(string(b), "slow down")
	}
	if !limited {
		t.Error("a burst past the limit was not refused")
	}
}

func TestComputerSeatsPlayAGameToTheEnd(t *testing.T) {
	h := newHarness(t, "")
	cr := h.create(play.CreateRequest{Game: "toy", Options: game.Options{"setup": "true"},
		Seats: []table.Seat{{Kind: table.SeatComputer, Level: 1}, {Kind: table.SeatComputer, Level: 8}}})
	w := h.dial(cr.ID)
	st := w.waitState(func(s play.State) bool { return s.Outcome.Over })
	if len(st.Plies) == 0 || st.Outcome.Reason == "" {
		t.Fatalf("finished without moves: %+v", st.Outcome)
	}
}

func TestSetupResignDrawClock(t *testing.T) {
	now := time.UnixMilli(1_000_000)
	h := newHarness(t, "")
	h.srv.now = func() time.Time { return now }
	cr := h.create(play.CreateRequest{Game: "toy", Options: game.Options{"setup": "true"},
		Seats: []table.Seat{{Kind: table.SeatLocal}, {Kind: table.SeatLocal}}, Clock: table.TimeControl{Initial: 60000 * time.Millisecond, Increment: 2000 * time.Millisecond}})
	c := h.dial(cr.ID, cr.Tokens[0], cr.Tokens[1])
	c.send(map[string]any{"type": "setup", "seat": 0, "choice": "c3"})
	if m := c.expect("error"); !strings.Contains(m["message"].(string), "rank 1") {
		t.Fatalf("setup error %v", m)
	}
	c.send(map[string]any{"type": "setup", "seat": 0, "choice": "b1"})
	c.expect("ack")
	c.send(map[string]any{"type": "setup", "seat": 1, "choice": "d5"})
	c.expect("ack")
	c.send(map[string]any{"type": "move", "move": "b1b2"})
	c.expect("ack")
	now = now.Add(10 * time.Second) // Black's first move is free: the clocks start after it
	c.send(map[string]any{"type": "move", "move": "d5d4"})
	c.expect("ack")
	now = now.Add(10 * time.Second)
	c.send(map[string]any{"type": "move", "move": "b2b3"})
	c.expect("ack")
	s := h.srv.session(cr.ID)
	s.lock()
	if s.t.Clock.Remaining[0] != 52000*time.Millisecond || s.t.Clock.Remaining[1] != 60000*time.Millisecond {
		t.Errorf("clocks %v, want [52000 60000]", s.t.Clock.Remaining)
	}
	s.unlock()
	c.send(map[string]any{"type": "draw", "seat": 0})
	c.expect("ack")
	c.send(map[string]any{"type": "decline", "seat": 1})
	c.expect("ack")
	c.send(map[string]any{"type": "resign", "seat": 0})
	c.expect("ack")
	st := c.waitState(func(s play.State) bool { return s.Outcome.Over })
	if st.Outcome.Winner != 1 || st.Outcome.Reason != "resignation" {
		t.Fatalf("outcome %+v", st.Outcome)
	}
	// One screen holding both seats asks for both at once.
	c.send(map[string]any{"type": "rematch"})
	c.expect("ack")
	_, body := h.get("/api/games/" + cr.ID)
	if err := json.Unmarshal([]byte(body), &st); err != nil || st.Rematch == "" {
		t.Fatalf("no rematch in %s", body)
	}
	// The same tokens hold the turned seats of the rematch.
	r := h.dial(st.Rematch, cr.Tokens[0])
	r.send(map[string]any{"type": "setup", "seat": 1, "choice": "c5"})
	r.expect("ack")
}

func TestCreateValidation(t *testing.T) {
	h := newHarness(t, "")
	for _, body := range []string{
		`{"game":"nope","seats":[]}`,
		`{"game":"toy","seats":[{"kind":"local"}]}`,
		`{"game":"toy","seats":[{"kind":"local"},{"kind":"robot"}]}`,
		`{"game":"toy","seats":[{"kind":"local"},{"kind":"computer","level":9}]}`,
		`{"game":"toy","options":{"setup":"maybe"},"seats":[{"kind":"local"},{"kind":"local"}]}`,
		`{"game":"toy","seats":[{"kind":"local"},{"kind":"local"}],"clock":{"initialMs":-5}}`,
		`not json`,
	} {
		resp, err := http.Post(h.http.URL+"/api/games", "application/json", strings.NewReader(body))
		if err != nil {
			t.Fatal(err)
		}
		resp.Body.Close()
		if resp.StatusCode != http.StatusBadRequest {
			t.Errorf("%s: status %d, want 400", body, resp.StatusCode)
		}
	}
	code, body := h.get("/metrics")
	if code != 200 || !strings.Contains(body, "wyrm_games 0") || !strings.Contains(body, "wyrm_http_request_seconds_count") {
		t.Errorf("metrics %d:\n%s", code, body)
	}
}

func TestRulesPagesDrawMovesFromTheGame(t *testing.T) {
	h := newHarness(t, "")
	code, body := h.get("/rules/toy")
	// The king on c3 of an empty 5x5 board reaches 8 squares, the rook on
	// c3 reaches 8 (4 along the file, 4 along the rank) minus none.
	if code != 200 || strings.Count(body, "8 squares") != 2 || !strings.Contains(body, "King") {
		t.Fatalf("rules page %d:\n%s", code, body)
	}
	if code, _ := h.get("/rules/nope"); code != 404 {
		t.Errorf("unknown game: %d", code)
	}
	if code, body := h.get("/rules/"); code != 200 || !strings.Contains(body, `href="/rules/toy"`) {
		t.Errorf("rules index %d: %s", code, body)
	}
}

func TestClockRunsOut(t *testing.T) {
	var mu sync.Mutex
	now := time.UnixMilli(5_000_000)
	h := newHarness(t, "")
	h.srv.now = func() time.Time { mu.Lock(); defer mu.Unlock(); return now }
	advance := func(d time.Duration) { mu.Lock(); now = now.Add(d); mu.Unlock() }
	cr := h.create(play.CreateRequest{Game: "toy", Seats: []table.Seat{{Kind: table.SeatLocal}, {Kind: table.SeatLocal}}, Clock: table.TimeControl{Initial: 300 * time.Millisecond, Increment: 0 * time.Millisecond}})
	c := h.dial(cr.ID, cr.Tokens[0], cr.Tokens[1])
	c.send(map[string]any{"type": "move", "move": "c1c2"})
	c.expect("ack")
	advance(100 * time.Millisecond)
	c.send(map[string]any{"type": "move", "move": "c5c4"})
	c.expect("ack")
	// White's clock (300 ms) now runs; a move after it ran out is refused
	// and the server's timer ends the game on time.
	advance(time.Second)
	c.send(map[string]any{"type": "move", "move": "c2c3"})
	if m := c.expect("error"); !strings.Contains(m["message"].(string), "time is up") {
		t.Fatalf("late move: %v", m)
	}
	st := c.waitState(func(s play.State) bool { return s.Outcome.Over })
	if st.Outcome.Reason != "time" || st.Outcome.Winner != 1 {
		t.Fatalf("outcome %+v", st.Outcome)
	}
	// Black's first move was free: the clocks started after it.
	if st.Clock.Remaining[0] != 0 || st.Clock.Remaining[1] != 300 {
		t.Errorf("clocks %v, want [0 300]", st.Clock.Remaining)
	}
}

// The time the server is down is not charged to the player to move.
func TestClocksPauseWhileTheServerIsDown(t *testing.T) {
	path := filepath.Join(t.TempDir(), "w.db")
	now := time.UnixMilli(1_000_000)
	var mu sync.Mutex
	clock := func() time.Time { mu.Lock(); defer mu.Unlock(); return now }
	advance := func(d time.Duration) { mu.Lock(); now = now.Add(d); mu.Unlock() }
	open := func() (*Server, store.Store) {
		st, err := store.Open(path)
		if err != nil {
			t.Fatal(err)
		}
		srv, err := New(Config{Store: st, Games: []game.Game{toygame.Game{}}, Now: clock, MinClock: time.Millisecond})
		if err != nil {
			t.Fatal(err)
		}
		return srv, st
	}
	srv, st := open()
	cr, err := srv.Create(context.Background(), play.CreateRequest{Game: "toy", Seats: []table.Seat{{Kind: table.SeatLocal}, {Kind: table.SeatLocal}},
		Clock: table.TimeControl{Initial: 60_000 * time.Millisecond}})
	if err != nil {
		t.Fatal(err)
	}
	for i, mv := range []string{"c1c2", "c5c4"} {
		if err := srv.hall.Act(cr.ID, i, "move", mv); err != nil {
			t.Fatal(err)
		}
	}
	advance(5 * time.Second) // seat 1 thinks 5 s; then the server goes down
	srv.Close()
	st.Close()
	advance(62 * time.Second) // longer than the whole clock
	srv, st = open()
	defer st.Close()
	defer srv.Close()
	s := srv.session(cr.ID)
	s.lock()
	defer s.unlock()
	if o := s.t.Outcome(); o.Over {
		t.Fatalf("lost on time while the server was down: %+v", o)
	}
	if left := s.t.Clock.Left(0, time.UnixMilli(srv.now().UnixMilli())); left != 55_000*time.Millisecond {
		t.Fatalf("seat 1 has %d ms, want 55000", left.Milliseconds())
	}
}

// busyEngine answers its first call, then has no searcher free: every
// later call waits for its context.
type busyEngine struct{ calls atomic.Int64 }

func (b *busyEngine) BestMove(ctx context.Context, pos game.Position, level int, think time.Duration) (game.Move, error) {
	if b.calls.Add(1) == 1 {
		return computer.RandomEngine{}.BestMove(ctx, pos, level, think)
	}
	<-ctx.Done()
	return game.NoMove, computer.ErrBusy
}

// A computer whose engine is busy waits within its clock and loses on time
// if it must; it never plays a random move instead.
func TestBusyEngineNeverPlaysAtRandom(t *testing.T) {
	st, err := store.Open(filepath.Join(t.TempDir(), "w.db"))
	if err != nil {
		t.Fatal(err)
	}
	defer st.Close()
	eng := &busyEngine{}
	srv, err := New(Config{Store: st, Games: []game.Game{toygame.Game{}}, Engine: eng, MinClock: time.Millisecond})
	if err != nil {
		t.Fatal(err)
	}
	defer srv.Close()
	cr, err := srv.Create(context.Background(), play.CreateRequest{Game: "toy", Seats: []table.Seat{{Kind: table.SeatLocal}, {Kind: table.SeatComputer, Level: 1}},
		Clock: table.TimeControl{Initial: 400 * time.Millisecond}})
	if err != nil {
		t.Fatal(err)
	}
	s := srv.session(cr.ID)
	move := func() {
		s.lock()
		moves := []string{}
		for _, m := range s.t.Pos.LegalMoves(nil) {
			moves = append(moves, s.t.Pos.MoveString(m))
		}
		s.unlock()
		for _, mv := range moves {
			if err := srv.hall.Act(cr.ID, 0, "move", mv); err == nil {
				return
			}
		}
		t.Fatal("no move for seat 1")
	}
	move()
	for deadline := time.Now().Add(5 * time.Second); ; time.Sleep(10 * time.Millisecond) {
		s.lock()
		n := len(s.t.Plies)
		s.unlock()
		if n == 2 {
			break // the computer's first move, while its engine was free
		}
		if time.Now().After(deadline) {
			t.Fatal("no first move from the computer")
		}
	}
	move() // now the computer's clock runs, and its engine is busy
	deadline := time.Now().Add(5 * time.Second)
	for {
		s.lock()
		o, plies := s.t.Outcome(), len(s.t.Plies)
		s.unlock()
		if plies > 3 {
			t.Fatal("the computer played while its engine was busy")
		}
		if o.Over {
			if o.Reason != "time" || o.Winner() != 0 {
				t.Fatalf("outcome %+v", o)
			}
			break
		}
		if time.Now().After(deadline) {
			t.Fatal("the game did not end on time")
		}
		time.Sleep(20 * time.Millisecond)
	}
	if eng.calls.Load() < 2 {
		t.Fatal("the busy engine was never asked")
	}
}
