package reliability

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"log/slog"
	"math/rand/v2"
	"net"
	"net/http"
	"path/filepath"
	"strconv"
	"strings"
	"sync"
	"syscall"
	"testing"
	"testing/fstest"
	"time"

	"github.com/coder/websocket"

	"wyrm/games"
	"wyrm/server"
	"wyrm/server/store"
	"wyrm/web"
)

// env is a play server on a real loopback listener with its own database
// and a captured JSON log.
type env struct {
	t    *testing.T
	url  string // http://127.0.0.1:port
	st   store.Store
	srv  *server.Server
	hs   *http.Server
	logs *syncBuffer
	done chan struct{}
}

// syncBuffer is a bytes.Buffer safe for the logger and the test at once.
type syncBuffer struct {
	mu sync.Mutex
	b  bytes.Buffer
}

func (s *syncBuffer) Write(p []byte) (int, error) {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.b.Write(p)
}

func (s *syncBuffer) String() string {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.b.String()
}

// rulesFS is a stand-in rules folder; the traversal tests check that
// nothing outside it (or outside the assets) is ever served.
var rulesFS = fstest.MapFS{
	"dragon.md":      {Data: []byte("# Dragon Chess\n")},
	"dragonchess.md": {Data: []byte("# Dragonchess\n")},
}

func startServer(t *testing.T) *env { return startServerWith(t, 0) }

// startServerWith starts a server whose accepted sockets have a send
// buffer of sndbuf bytes (0: the system's default), so that tests can fill
// a connection's pipe quickly.
func startServerWith(t *testing.T, sndbuf int) *env {
	t.Helper()
	st, err := store.Open(filepath.Join(t.TempDir(), "w.db"))
	if err != nil {
		t.Fatal(err)
	}
	logs := &syncBuffer{}
	log := slog.New(slog.NewJSONHandler(logs, &slog.HandlerOptions{Level: slog.LevelDebug}))
	srv, err := server.New(server.Config{Store: st, Games: games.All(), Assets: web.FS, Rules: rulesFS, Log: log,
		ThinkTime: func(int) time.Duration { return 20 * time.Millisecond }})
	if err != nil {
		t.Fatal(err)
	}
	lc := net.ListenConfig{}
	if sndbuf > 0 {
		lc.Control = func(_, _ string, c syscall.RawConn) error { return setBuf(c, syscall.SO_SNDBUF, sndbuf) }
	}
	ln, err := lc.Listen(context.Background(), "tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	e := &env{t: t, url: "http://" + ln.Addr().String(), st: st, srv: srv, logs: logs, done: make(chan struct{}),
		hs: &http.Server{Handler: srv.Handler(), ReadHeaderTimeout: 5 * time.Second}}
	e.hs.RegisterOnShutdown(srv.Close)
	go func() {
		defer close(e.done)
		_ = e.hs.Serve(ln)
	}()
	t.Cleanup(e.stop)
	return e
}

func (e *env) stop() {
	ctx, cancel := context.WithTimeout(context.Background(), 5*time.Second)
	defer cancel()
	_ = e.hs.Shutdown(ctx)
	e.srv.Close()
	<-e.done
	e.st.Close()
}

// do sends one HTTP request and returns the status and body.
func (e *env) do(method, path, ctype string, body io.Reader) (int, string) {
	e.t.Helper()
	req, err := http.NewRequest(method, e.url+path, body)
	if err != nil {
		e.t.Fatal(err)
	}
	if ctype != "" {
		req.Header.Set("Content-Type", ctype)
	}
	resp, err := http.DefaultClient.Do(req)
	if err != nil {
		e.t.Fatalf("%s %s: %v", method, path, err)
	}
	defer resp.Body.Close()
	b, _ := io.ReadAll(resp.Body)
	return resp.StatusCode, string(b)
}

// healthy fails the test unless the health endpoint answers 200.
func (e *env) healthy() {
	e.t.Helper()
	if code, body := e.do("GET", "/healthz", "", nil); code != 200 {
		e.t.Fatalf("healthz: %d %s", code, body)
	}
}

type created struct {
	ID      string         `json:"id"`
	Tokens  map[int]string `json:"tokens"`
	Invites map[int]string `json:"invites"`
}

// joinBody is the body of a join of seat with its invitation's secret.
func (g created) joinBody(seat int) string {
	return fmt.Sprintf(`{"seat":%d,"invite":%q}`, seat, g.Invites[seat])
}

// create makes a game of kind with the given seat kinds through the API.
func (e *env) create(kind string, seats ...string) created {
	e.t.Helper()
	var ss []map[string]any
	for _, s := range seats {
		seat := map[string]any{"kind": s}
		if s == "computer" {
			seat["level"] = 1
		}
		ss = append(ss, seat)
	}
	b, _ := json.Marshal(map[string]any{"game": kind, "seats": ss})
	code, body := e.do("POST", "/api/games", "application/json", bytes.NewReader(b))
	if code != http.StatusCreated {
		e.t.Fatalf("create %s: %d %s", kind, code, body)
	}
	var c created
	if err := json.Unmarshal([]byte(body), &c); err != nil {
		e.t.Fatal(err)
	}
	return c
}

// state is the part of the server's game state the tests look at.
type state struct {
	Type    string `json:"type"`
	Version int    `json:"version"`
	ToMove  int    `json:"toMove"`
	Stage   string `json:"stage"`
	You     []int  `json:"you"`
	Legal   []struct {
		Text string `json:"text"`
	} `json:"legal"`
	Plies []struct {
		Seat int    `json:"seat"`
		Text string `json:"text"`
	} `json:"plies"`
	Board *struct {
		Position string `json:"position"`
	} `json:"board"`
	Outcome struct {
		Over   bool   `json:"over"`
		Reason string `json:"reason"`
	} `json:"outcome"`
}

func (s state) position() string {
	if s.Board == nil {
		return ""
	}
	return s.Board.Position
}

// game reads a game's state over HTTP.
func (e *env) game(id string) state {
	e.t.Helper()
	code, body := e.do("GET", "/api/games/"+id, "", nil)
	if code != 200 {
		e.t.Fatalf("get game %s: %d %s", id, code, body)
	}
	var s state
	if err := json.Unmarshal([]byte(body), &s); err != nil {
		e.t.Fatal(err)
	}
	return s
}

// actions reads a game's stored log.
func (e *env) actions(id string) []store.Action {
	e.t.Helper()
	a, err := e.st.Actions(context.Background(), id)
	if err != nil {
		e.t.Fatal(err)
	}
	return a
}

// snapshot is what must not change when bad input is refused.
type snapshot struct {
	version  int
	position string
	log      int
}

func (e *env) snap(id string) snapshot {
	e.t.Helper()
	s := e.game(id)
	return snapshot{s.Version, s.position(), len(e.actions(id))}
}

// unchanged fails if the game moved on since before.
func (e *env) unchanged(id string, before snapshot, what string) {
	e.t.Helper()
	if after := e.snap(id); after != before {
		e.t.Errorf("%s changed the game: before %+v, after %+v", what, before, after)
	}
}

// wsURL is the websocket address of a game.
func (e *env) wsURL(id string) string { return "ws" + strings.TrimPrefix(e.url, "http") + "/ws/" + id }

// client is a test websocket client that reads synchronously.
type client struct {
	t    *testing.T
	conn *websocket.Conn
	last state // the latest state seen
}

func (e *env) dial(id string, tokens ...string) *client {
	e.t.Helper()
	ctx, cancel := context.WithTimeout(context.Background(), 5*time.Second)
	defer cancel()
	conn, _, err := websocket.Dial(ctx, e.wsURL(id), nil)
	if err != nil {
		e.t.Fatalf("dial %s: %v", id, err)
	}
	conn.SetReadLimit(4 << 20)
	c := &client{t: e.t, conn: conn}
	e.t.Cleanup(func() { conn.CloseNow() })
	c.expect("state")
	if len(tokens) > 0 {
		c.send(map[string]any{"type": "hello", "tokens": tokens, "id": 1})
		c.expect("ack")
	}
	return c
}

func (c *client) send(v any) {
	c.t.Helper()
	b, err := json.Marshal(v)
	if err != nil {
		c.t.Fatal(err)
	}
	c.sendRaw(websocket.MessageText, b)
}

func (c *client) sendRaw(typ websocket.MessageType, b []byte) {
	c.t.Helper()
	ctx, cancel := context.WithTimeout(context.Background(), 5*time.Second)
	defer cancel()
	if err := c.conn.Write(ctx, typ, b); err != nil {
		c.t.Fatalf("write: %v", err)
	}
}

// read returns the next message as a map, remembering states.
func (c *client) read(d time.Duration) (map[string]any, error) {
	ctx, cancel := context.WithTimeout(context.Background(), d)
	defer cancel()
	_, b, err := c.conn.Read(ctx)
	if err != nil {
		return nil, err
	}
	var m map[string]any
	if err := json.Unmarshal(b, &m); err != nil {
		return nil, errors.New("server sent non-JSON: " + string(b))
	}
	if m["type"] == "state" {
		var s state
		if err := json.Unmarshal(b, &s); err == nil {
			c.last = s
		}
	}
	return m, nil
}

// expect reads until a message of type typ; an unexpected error or ack
// fails the test.
func (c *client) expect(typ string) map[string]any {
	c.t.Helper()
	for {
		m, err := c.read(5 * time.Second)
		if err != nil {
			c.t.Fatalf("waiting for %s: %v", typ, err)
		}
		if m["type"] == typ {
			return m
		}
		if m["type"] == "error" || m["type"] == "ack" {
			c.t.Fatalf("waiting for %s, got %v", typ, m)
		}
	}
}

// expectError reads until an error reply and returns its message.
func (c *client) expectError() string {
	c.t.Helper()
	m := c.expect("error")
	s, _ := m["message"].(string)
	if s == "" {
		c.t.Errorf("error reply without a message: %v", m)
	}
	return s
}

// waitVersion reads states until the game's version reaches v.
func (c *client) waitVersion(v int) state {
	c.t.Helper()
	for c.last.Version < v {
		if _, err := c.read(5 * time.Second); err != nil {
			c.t.Fatalf("waiting for version %d (at %d): %v", v, c.last.Version, err)
		}
	}
	return c.last
}

// playRandomLegal plays a legal move the server lists, chosen by rng.
func (c *client) playRandomLegal(rng *rand.Rand, id int) string {
	c.t.Helper()
	if len(c.last.Legal) == 0 {
		c.t.Fatalf("no legal moves offered (to move %d, you %v)", c.last.ToMove, c.last.You)
	}
	mv := c.last.Legal[rng.IntN(len(c.last.Legal))].Text
	c.send(map[string]any{"type": "move", "move": mv, "id": id})
	c.expect("ack")
	return mv
}

// playFirstLegal has this client (holding the seat to move) play the first
// legal move the server lists and waits for the ack.
func (c *client) playFirstLegal(id int) string {
	c.t.Helper()
	if len(c.last.Legal) == 0 {
		c.t.Fatalf("no legal moves offered (to move %d, you %v)", c.last.ToMove, c.last.You)
	}
	mv := c.last.Legal[0].Text
	c.send(map[string]any{"type": "move", "move": mv, "id": id})
	c.expect("ack")
	return mv
}

// metric reads one unlabelled sample from /metrics.
func (e *env) metric(name string) float64 {
	e.t.Helper()
	code, body := e.do("GET", "/metrics", "", nil)
	if code != 200 {
		e.t.Fatalf("metrics: %d", code)
	}
	v, ok := sample(body, name)
	if !ok {
		e.t.Fatalf("metric %s missing from:\n%s", name, body)
	}
	return v
}

// sample finds "name value" in a Prometheus text exposition.
func sample(text, name string) (float64, bool) {
	for _, line := range strings.Split(text, "\n") {
		f := strings.Fields(line)
		if len(f) == 2 && f[0] == name {
			v, err := strconv.ParseFloat(f[1], 64)
			return v, err == nil
		}
	}
	return 0, false
}

// setBuf sets a socket buffer size (accepted sockets inherit it from the
// listener).
func setBuf(c syscall.RawConn, opt, size int) error {
	var serr error
	if err := c.Control(func(fd uintptr) { serr = syscall.SetsockoptInt(int(fd), syscall.SOL_SOCKET, opt, size) }); err != nil {
		return err
	}
	return serr
}

// metrics reads every unlabelled sample from /metrics.
func (e *env) metrics() map[string]float64 {
	e.t.Helper()
	code, body := e.do("GET", "/metrics", "", nil)
	if code != 200 {
		e.t.Fatalf("metrics: %d", code)
	}
	out := map[string]float64{}
	for _, line := range strings.Split(body, "\n") {
		f := strings.Fields(line)
		if len(f) == 2 && !strings.HasPrefix(line, "#") {
			if v, err := strconv.ParseFloat(f[1], 64); err == nil {
				out[f[0]] = v
			}
		}
	}
	return out
}

// waitFor polls cond for up to 5 s.
func waitFor(t *testing.T, cond func() bool, what string) {
	t.Helper()
	for deadline := time.Now().Add(5 * time.Second); time.Now().Before(deadline); time.Sleep(20 * time.Millisecond) {
		if cond() {
			return
		}
	}
	t.Errorf("timed out waiting for %s", what)
}

// newRand is a seeded generator: runs are repeatable.
func newRand(seed uint64) *rand.Rand { return rand.New(rand.NewPCG(seed, 0x9e3779b97f4a7c15)) }

func websocketDial(ctx context.Context, url string) (*websocket.Conn, *http.Response, error) {
	conn, resp, err := websocket.Dial(ctx, url, nil)
	if err == nil {
		conn.SetReadLimit(4 << 20)
	}
	return conn, resp, err
}

func websocketStatus(err error) websocket.StatusCode { return websocket.CloseStatus(err) }
