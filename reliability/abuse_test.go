package reliability

import (
	"bufio"
	"context"
	"encoding/json"
	"fmt"
	"io"
	"net"
	"net/http"
	"path/filepath"
	"strings"
	"syscall"
	"testing"
	"time"

	"github.com/coder/websocket"
)

// Each test here starts a real "wyrm serve" process and attacks it the way
// an abusive client would, one limit or rule at a time.

// startAbuseProc runs a server on a fresh database with extra flags.
func startAbuseProc(t *testing.T, flags ...string) (*proc, *env) {
	t.Helper()
	p := startProc(t, freeAddr(t), filepath.Join(t.TempDir(), "w.db"), flags...)
	return p, envFor(t, p)
}

func TestCreationFloodIsLimitedPerAddress(t *testing.T) {
	_, e := startAbuseProc(t, "--limit-create", "5")
	body := `{"game":"dragon","seats":[{"kind":"local"},{"kind":"local"}]}`
	for i := range 5 {
		if code, b := e.do("POST", "/api/games", "application/json", strings.NewReader(body)); code != 201 {
			t.Fatalf("game %d of the burst: %d %s", i+1, code, b)
		}
	}
	req, _ := http.NewRequest("POST", e.url+"/api/games", strings.NewReader(body))
	req.Header.Set("Content-Type", "application/json")
	resp, err := http.DefaultClient.Do(req)
	if err != nil {
		t.Fatal(err)
	}
	b, _ := io.ReadAll(resp.Body)
	resp.Body.Close()
	if resp.StatusCode != 429 || resp.Header.Get("Retry-After") == "" || !strings.Contains(string(b), `"code":"too_many"`) {
		t.Fatalf("past the limit: %d Retry-After %q %s", resp.StatusCode, resp.Header.Get("Retry-After"), b)
	}
	if v := e.metric(`wyrm_limited_total{limit="create"}`); v != 1 {
		t.Fatalf("refusals counted: %v", v)
	}
}

func TestComputerGamesAreLimited(t *testing.T) {
	_, e := startAbuseProc(t, "--limit-computer-games", "2", "--limit-computer-only", "1")
	comp := func(seats string) (int, string) {
		return e.do("POST", "/api/games", "application/json", strings.NewReader(`{"game":"dragon","seats":`+seats+`}`))
	}
	if code, b := comp(`[{"kind":"computer","level":1},{"kind":"computer","level":1}]`); code != 201 {
		t.Fatalf("first computer-only game: %d %s", code, b)
	}
	if code, b := comp(`[{"kind":"computer","level":1},{"kind":"computer","level":1}]`); code != 429 || !strings.Contains(b, "computer-only") {
		t.Fatalf("second computer-only game on a node that runs one: %d %s", code, b)
	}
	if code, b := comp(`[{"kind":"local"},{"kind":"computer","level":1}]`); code != 201 {
		t.Fatalf("a game against the computer: %d %s", code, b)
	}
	if code, b := comp(`[{"kind":"local"},{"kind":"computer","level":1}]`); code != 429 || !strings.Contains(b, "unfinished games against the computer") {
		t.Fatalf("third computer game of one address: %d %s", code, b)
	}
	if code, b := comp(`[{"kind":"local"},{"kind":"local"}]`); code != 201 {
		t.Fatalf("a game without the computer: %d %s", code, b)
	}
}

func TestWebsocketsPerAddressAreLimited(t *testing.T) {
	_, e := startAbuseProc(t, "--limit-conns", "3")
	g := e.create("dragon", "local", "local")
	for range 3 {
		e.dial(g.ID)
	}
	ctx, cancel := context.WithTimeout(context.Background(), 5*time.Second)
	defer cancel()
	_, resp, err := websocket.Dial(ctx, e.wsURL(g.ID), nil)
	if err == nil || resp == nil || resp.StatusCode != 429 || resp.Header.Get("Retry-After") == "" {
		t.Fatalf("fourth websocket: %v %v", err, resp)
	}
	if v := e.metric(`wyrm_limited_total{limit="ws_connections"}`); v != 1 {
		t.Fatalf("refusals counted: %v", v)
	}
}

// Messages are limited per address over all its connections, and seat
// proofs (each a full rebuild of a view) more tightly still.
func TestMessagesPerAddressAreLimited(t *testing.T) {
	_, e := startAbuseProc(t, "--limit-messages", "60")
	g := e.create("dragon", "local", "local")
	var conns []*client
	for range 10 {
		conns = append(conns, e.dial(g.ID))
	}
	// 10 connections × 25 pings: within each connection's own bucket, far
	// over the address's (60 a minute, bursts of 300 by default).
	refused := 0
	for round := range 40 {
		for _, c := range conns {
			c.send(map[string]any{"type": "ping", "id": round})
		}
	}
	for _, c := range conns {
		for {
			m, err := c.read(300 * time.Millisecond)
			if err != nil {
				break
			}
			if m["type"] == "error" && m["code"] == "too_many" {
				refused++
			}
		}
	}
	if refused == 0 || e.metric(`wyrm_limited_total{limit="ws_messages"}`) == 0 {
		t.Fatalf("400 messages from one address, %d refused", refused)
	}
}

func TestHellosPerAddressAreLimited(t *testing.T) {
	_, e := startAbuseProc(t)
	g := e.create("dragon", "local", "local")
	// 10 connections × 20 proofs: each within its connection's rate, 200
	// in all against the address's burst of 120.
	var conns []*client
	for range 10 {
		conns = append(conns, e.dial(g.ID))
	}
	for i := range 20 {
		for _, c := range conns {
			c.send(map[string]any{"type": "hello", "tokens": []string{g.Tokens[0]}, "id": i})
		}
	}
	refused := 0
	for _, c := range conns {
		for {
			m, err := c.read(500 * time.Millisecond)
			if err != nil {
				break
			}
			if m["type"] == "error" && m["code"] == "too_many" && strings.Contains(fmt.Sprint(m["message"]), "seat proofs") {
				refused++
			}
		}
	}
	if refused == 0 || e.metric(`wyrm_limited_total{limit="ws_hellos"}`) == 0 {
		t.Fatalf("200 seat proofs from one address, %d refused", refused)
	}
}

// A client that asks and never reads is dropped after the write timeout,
// and an idle keep-alive connection after the idle timeout.
func TestSlowAndIdleConnectionsAreDropped(t *testing.T) {
	p, e := startAbuseProc(t, "--idle-timeout", "1s", "--write-timeout", "1s")
	conn, err := net.Dial("tcp", p.addr)
	if err != nil {
		t.Fatal(err)
	}
	defer conn.Close()
	fmt.Fprintf(conn, "GET /healthz HTTP/1.1\r\nHost: %s\r\n\r\n", p.addr)
	r := bufio.NewReader(conn)
	resp, err := http.ReadResponse(r, nil)
	if err != nil {
		t.Fatal(err)
	}
	io.Copy(io.Discard, resp.Body)
	resp.Body.Close()
	conn.SetReadDeadline(time.Now().Add(5 * time.Second))
	start := time.Now()
	if _, err := r.ReadByte(); err != io.EOF {
		t.Fatalf("idle connection: %v after %v, want EOF", err, time.Since(start))
	}
	if d := time.Since(start); d > 3*time.Second {
		t.Fatalf("idle connection closed after %v", d)
	}
	// A reader that never reads a large answer: the server gives up on it.
	_, page := e.do("GET", "/rules/dragonchess", "", nil)
	slow, err := net.Dial("tcp", p.addr)
	if err != nil {
		t.Fatal(err)
	}
	defer slow.Close()
	if tc, ok := slow.(*net.TCPConn); ok {
		raw, _ := tc.SyscallConn()
		raw.Control(func(fd uintptr) { syscall.SetsockoptInt(int(fd), syscall.SOL_SOCKET, syscall.SO_RCVBUF, 1024) })
	}
	for range 200 {
		fmt.Fprintf(slow, "GET /rules/dragonchess HTTP/1.1\r\nHost: %s\r\n\r\n", p.addr)
	}
	time.Sleep(2500 * time.Millisecond)
	// By now the server has given up writing and hung up: what is left
	// to read ends at once, well short of one page, instead of running
	// into this reader's own deadline.
	slow.SetReadDeadline(time.Now().Add(10 * time.Second))
	start = time.Now()
	n, err := io.Copy(io.Discard, slow)
	if ne, ok := err.(net.Error); (ok && ne.Timeout()) || time.Since(start) > 5*time.Second || n >= int64(len(page)) {
		t.Fatalf("the server kept writing to a reader that did not read: %d bytes of a %d-byte page in %v (%v)", n, len(page), time.Since(start), err)
	}
	e.healthy()
}

func TestLobbyIsPagedAndPushed(t *testing.T) {
	_, e := startAbuseProc(t)
	ctx, cancel := context.WithTimeout(context.Background(), 20*time.Second)
	defer cancel()
	req, _ := http.NewRequestWithContext(ctx, "GET", e.url+"/api/lobby/events", nil)
	stream, err := http.DefaultClient.Do(req)
	if err != nil || stream.StatusCode != 200 || !strings.HasPrefix(stream.Header.Get("Content-Type"), "text/event-stream") {
		t.Fatalf("event stream: %v %v", err, stream)
	}
	defer stream.Body.Close()
	var ids []string
	for range 25 {
		ids = append(ids, e.create("dragon", "local", "open").ID)
	}
	// Pages of at most 10, newest first, every game once.
	seen := map[string]bool{}
	cursor := ""
	for pages := 0; ; pages++ {
		code, body := e.do("GET", "/api/games?list=open&limit=10&cursor="+cursor, "", nil)
		var page struct {
			Games []struct{ ID string }
			Next  string
		}
		if code != 200 || json.Unmarshal([]byte(body), &page) != nil || len(page.Games) > 10 {
			t.Fatalf("page: %d %.200s", code, body)
		}
		for _, g := range page.Games {
			if seen[g.ID] {
				t.Fatalf("game %s on two pages", g.ID)
			}
			seen[g.ID] = true
		}
		if page.Next == "" {
			break
		}
		cursor = page.Next
		if pages > 5 {
			t.Fatal("pages do not end")
		}
	}
	if len(seen) != 25 {
		t.Fatalf("%d of 25 games paged", len(seen))
	}
	if code, _ := e.do("GET", "/api/games?list=open&limit=51", "", nil); code != 400 {
		t.Fatalf("a page of 51: %d", code)
	}
	if code, _ := e.do("GET", "/api/games?list=open&cursor=garbage", "", nil); code != 400 {
		t.Fatalf("a bad cursor: %d", code)
	}
	// The stream told of the new games without being asked.
	sc := bufio.NewScanner(stream.Body)
	sc.Buffer(make([]byte, 1<<20), 1<<20)
	pushed := map[string]bool{}
	for len(pushed) < 25 && sc.Scan() {
		line := sc.Text()
		if data, ok := strings.CutPrefix(line, "data: "); ok {
			var games []struct{ ID string }
			if err := json.Unmarshal([]byte(data), &games); err != nil {
				t.Fatal(err)
			}
			for _, g := range games {
				pushed[g.ID] = true
			}
		}
	}
	for _, id := range ids {
		if !pushed[id] {
			t.Fatalf("game %s was not pushed (%d were)", id, len(pushed))
		}
	}
}

// Invitation links carry a secret; a finished game's seats cannot be taken
// and so cannot ask for a rematch; private invitations are not listed.
func TestInvitationsAreSecret(t *testing.T) {
	_, e := startAbuseProc(t)
	g := e.create("dragon", "local", "invite")
	code, body := e.do("GET", "/api/games?list=open", "", nil)
	if code != 200 || strings.Contains(body, g.ID) {
		t.Fatalf("a private invitation is listed: %s", body)
	}
	if code, b := e.do("POST", "/api/games/"+g.ID+"/join", "application/json", strings.NewReader(`{"seat":1}`)); code != 403 {
		t.Fatalf("join without the secret: %d %s", code, b)
	}
	if code, b := e.do("POST", "/api/games/"+g.ID+"/join", "application/json", strings.NewReader(`{"seat":1,"invite":"0000"}`)); code != 403 {
		t.Fatalf("join with a wrong secret: %d %s", code, b)
	}
	if code, b := e.do("POST", "/api/games/"+g.ID+"/join", "application/json", strings.NewReader(g.joinBody(1))); code != 200 {
		t.Fatalf("join with the secret: %d %s", code, b)
	}
	// An open seat of a game that ended cannot be taken.
	o := e.create("dragon", "local", "open")
	a := e.dial(o.ID, o.Tokens[0])
	a.send(map[string]any{"type": "resign", "id": 5})
	a.expect("ack")
	if code, b := e.do("POST", "/api/games/"+o.ID+"/join", "application/json", strings.NewReader(`{"seat":1}`)); code != 409 {
		t.Fatalf("join of a finished game: %d %s", code, b)
	}
	w := e.dial(o.ID)
	w.send(map[string]any{"type": "rematch", "id": 6})
	if m := w.expect("error"); m["code"] != "forbidden" {
		t.Fatalf("a spectator's rematch: %v", m)
	}
}

// A seat cannot repeat a draw offer in one position.
func TestDrawOffersAreNotRepeated(t *testing.T) {
	_, e := startAbuseProc(t)
	g := e.create("dragon", "local", "local")
	a := e.dial(g.ID, g.Tokens[0])
	a.send(map[string]any{"type": "draw", "seat": 0, "id": 2})
	a.expect("ack")
	for i := range 20 { // within the connection's own rate
		a.send(map[string]any{"type": "draw", "seat": 0, "id": 3 + i})
		if m := a.expect("error"); m["code"] != "conflict" {
			t.Fatalf("repeated offer %d: %v", i, m)
		}
	}
	if n := len(e.actionsOverHTTP(g.ID)); n != 1 {
		t.Fatalf("%d actions stored, want the one offer", n)
	}
}

// actionsOverHTTP counts a game's stored actions through its state's
// version, for processes whose store the test cannot open.
func (e *env) actionsOverHTTP(id string) []struct{} {
	code, body := e.do("GET", "/api/games/"+id, "", nil)
	var st struct{ Version int }
	if code != 200 || json.Unmarshal([]byte(body), &st) != nil {
		e.t.Fatalf("game %s: %d", id, code)
	}
	return make([]struct{}, st.Version)
}

// The clock of the player to move stands still while the server is down.
func TestClockPausesWhileTheServerIsDown(t *testing.T) {
	db := filepath.Join(t.TempDir(), "w.db")
	addr := freeAddr(t)
	p := startProc(t, addr, db, "--min-clock", "1s")
	e := envFor(t, p)
	code, body := e.do("POST", "/api/games", "application/json",
		strings.NewReader(`{"game":"dragon","seats":[{"kind":"local"},{"kind":"local"}],"clock":{"initialMs":3000,"incrementMs":0}}`))
	if code != 201 {
		t.Fatal(code, body)
	}
	var g created
	json.Unmarshal([]byte(body), &g)
	a := e.dial(g.ID, g.Tokens[0], g.Tokens[1])
	for i, mv := range []string{"e2e4", "e7e5"} {
		a.send(map[string]any{"type": "move", "move": mv, "id": 10 + i})
		a.expect("ack")
	}
	p.cmd.Process.Signal(syscall.SIGKILL)
	<-p.exited
	time.Sleep(4 * time.Second) // longer than the 3 s clock
	p = startProc(t, addr, db, "--min-clock", "1s")
	e = envFor(t, p)
	code, body = e.do("GET", "/api/games/"+g.ID, "", nil)
	var st struct {
		Stage string
		Clock struct{ Remaining []int64 }
	}
	if code != 200 || json.Unmarshal([]byte(body), &st) != nil {
		t.Fatal(code, body)
	}
	if st.Stage != "play" || st.Clock.Remaining[0] < 1000 {
		t.Fatalf("after 4 s down: stage %s, clocks %v", st.Stage, st.Clock.Remaining)
	}
}

// Headers that keep other sites out, and state changes only from this one.
func TestCrossSiteRequestsAreRefused(t *testing.T) {
	_, e := startAbuseProc(t)
	body := `{"game":"dragon","seats":[{"kind":"local"},{"kind":"local"}]}`
	for _, c := range []struct {
		ctype, origin string
		want          int
	}{
		{"text/plain", "", 400},
		{"application/x-www-form-urlencoded", "", 400},
		{"application/json", "http://evil.example", 403},
		{"application/json", "", 201},
		{"application/json", e.url, 201},
	} {
		req, _ := http.NewRequest("POST", e.url+"/api/games", strings.NewReader(body))
		req.Header.Set("Content-Type", c.ctype)
		if c.origin != "" {
			req.Header.Set("Origin", c.origin)
		}
		resp, err := http.DefaultClient.Do(req)
		if err != nil {
			t.Fatal(err)
		}
		resp.Body.Close()
		if resp.StatusCode != c.want {
			t.Errorf("POST as %s from %q: %d, want %d", c.ctype, c.origin, resp.StatusCode, c.want)
		}
	}
	resp, err := http.Get(e.url + "/")
	if err != nil {
		t.Fatal(err)
	}
	resp.Body.Close()
	csp := resp.Header.Get("Content-Security-Policy")
	if !strings.Contains(csp, "script-src 'self'") || strings.Contains(csp, "script-src 'self' 'unsafe-inline'") ||
		!strings.Contains(csp, "frame-ancestors 'none'") || resp.Header.Get("Referrer-Policy") == "" || resp.Header.Get("X-Frame-Options") != "DENY" {
		t.Fatalf("headers: %v", resp.Header)
	}
}

// Options are stored canonical and bounded; a clock too short is refused.
func TestOptionsAreNormalised(t *testing.T) {
	_, e := startAbuseProc(t)
	code, body := e.do("POST", "/api/games", "application/json",
		strings.NewReader(`{"game":"dungeon","options":{"players":"+02","seed":"007"},"seats":[{"kind":"local"},{"kind":"local"}]}`))
	if code != 201 {
		t.Fatal(code, body)
	}
	var g created
	json.Unmarshal([]byte(body), &g)
	_, state := e.do("GET", "/api/games/"+g.ID, "", nil)
	if !strings.Contains(state, `"players":"2"`) || !strings.Contains(state, `"seed":"7"`) {
		t.Fatalf("options as stored: %.300s", state)
	}
	for _, bad := range []string{
		`{"game":"dragon","seats":[{"kind":"local"},{"kind":"local"}],"clock":{"initialMs":1,"incrementMs":0}}`,
		`{"game":"dragonchess","options":{"variants":"troll,troll"},"seats":[{"kind":"local"},{"kind":"local"}]}`,
	} {
		if code, b := e.do("POST", "/api/games", "application/json", strings.NewReader(bad)); code != 400 {
			t.Errorf("%s: %d %s", bad, code, b)
		}
	}
}

// /metrics on the main address are for this machine (or a token); the
// operator's own address serves them to anyone who reaches it.
func TestMetricsHaveTheirOwnAddress(t *testing.T) {
	maddr := freeAddr(t)
	_, e := startAbuseProc(t, "--metrics-addr", maddr, "--metrics-token", "s3cret")
	resp, err := http.Get("http://" + maddr + "/metrics")
	if err != nil {
		t.Fatal(err)
	}
	b, _ := io.ReadAll(resp.Body)
	resp.Body.Close()
	if resp.StatusCode != 200 || !strings.Contains(string(b), "wyrm_games") {
		t.Fatalf("metrics address: %d", resp.StatusCode)
	}
	req, _ := http.NewRequest("GET", e.url+"/metrics", nil)
	req.Header.Set("Authorization", "Bearer s3cret")
	if resp, err := http.DefaultClient.Do(req); err != nil || resp.StatusCode != 200 {
		t.Fatalf("metrics with the token: %v %v", err, resp)
	}
}
