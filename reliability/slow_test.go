package reliability

import (
	"context"
	"math/rand/v2"
	"net"
	"net/http"
	"runtime"
	"syscall"
	"testing"
	"time"

	"github.com/coder/websocket"
)

// dialNeverReads opens a websocket to a game with a tiny receive buffer
// and never reads from it: the slowest client possible.
func (e *env) dialNeverReads(id string) *websocket.Conn {
	e.t.Helper()
	d := &net.Dialer{Control: func(_, _ string, c syscall.RawConn) error { return setBuf(c, syscall.SO_RCVBUF, 1024) }}
	hc := &http.Client{Transport: &http.Transport{DialContext: d.DialContext}}
	ctx, cancel := context.WithTimeout(context.Background(), 5*time.Second)
	defer cancel()
	conn, _, err := websocket.Dial(ctx, e.wsURL(id), &websocket.DialOptions{HTTPClient: hc})
	if err != nil {
		e.t.Fatal(err)
	}
	return conn
}

// TestClientThatNeverReads plays a Dragonchess game while a spectator
// never reads: moves stay fast, the server drops the spectator once its
// queue is full, and no goroutine is left behind.
func TestClientThatNeverReads(t *testing.T) {
	e := startServerWith(t, 4096)
	g := e.create("dragonchess", "local", "local")
	// Three connections per seat share the moves, to play faster than one
	// connection's rate limit allows.
	var players [2][3]*client
	for i := range players {
		for j := range players[i] {
			players[i][j] = e.dial(g.ID, g.Tokens[i])
		}
	}
	time.Sleep(100 * time.Millisecond)
	base := runtime.NumGoroutine()

	slow := e.dialNeverReads(g.ID)
	conns := func() float64 { return e.metric("wyrm_ws_connections") }
	waitFor(t, func() bool { return conns() == 7 }, "7 connections with the slow client")
	rng := rand.New(rand.NewPCG(1, 2))
	var worst time.Duration
	dropped := -1
	for ply := 0; ply < 400 && dropped < 0; ply++ {
		p := players[ply%2][ply/2%3]
		p.waitVersion(ply)
		// Each connection stays under the per-connection rate limit.
		time.Sleep(20 * time.Millisecond)
		start := time.Now()
		p.playRandomLegal(rng, ply+2)
		worst = max(worst, time.Since(start))
		if conns() == 6 {
			dropped = ply + 1
		}
		if p.last.Outcome.Over {
			break
		}
	}
	if dropped < 0 {
		t.Fatalf("the spectator that never reads was not dropped after %d moves", e.game(g.ID).Version)
	}
	t.Logf("dropped after %d moves; slowest move round trip %v", dropped, worst)
	if worst > time.Second {
		t.Errorf("a move took %v while a client was not reading", worst)
	}
	slow.CloseNow()
	// Every goroutine of the slow connection ends: server read and write
	// loops, the HTTP handler, and the client's own.
	deadline := time.Now().Add(10 * time.Second)
	for runtime.NumGoroutine() > base && time.Now().Before(deadline) {
		time.Sleep(50 * time.Millisecond)
	}
	if n := runtime.NumGoroutine(); n > base {
		buf := make([]byte, 1<<20)
		t.Errorf("%d goroutines after the slow client left, %d before:\n%s", n, base, buf[:runtime.Stack(buf, true)])
	}
	e.healthy()
}
