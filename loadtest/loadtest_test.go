package loadtest

import (
	"context"
	"io"
	"log/slog"
	"net"
	"net/http"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"wyrm/games"
	"wyrm/server"
	"wyrm/server/cluster"
	"wyrm/server/store"
)

// startServer runs a play server on loopback for the test.
func startServer(t *testing.T) string {
	t.Helper()
	return serveOn(t, filepath.Join(t.TempDir(), "load.db"), "", nil)
}

// serveOn runs a play server on loopback over the database at target
// (as node of a cluster, when nodeCfg is not nil) and returns its URL. It
// trusts X-Forwarded-For, so that each simulated player has an address of
// its own.
func serveOn(t *testing.T, target, node string, nodeCfg func(base string) *cluster.Config) string {
	t.Helper()
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	base := "http://" + ln.Addr().String()
	st, err := store.Open(target)
	if err != nil {
		t.Fatal(err)
	}
	cfg := server.Config{Store: st, Games: games.All(), Log: slog.New(slog.DiscardHandler), ProxyHeader: "X-Forwarded-For", Node: node}
	if nodeCfg != nil {
		cfg.Cluster = nodeCfg(base)
	}
	srv, err := server.New(cfg)
	if err != nil {
		t.Fatal(err)
	}
	hs := &http.Server{Handler: srv.Handler()}
	go hs.Serve(ln)
	t.Cleanup(func() {
		ctx, cancel := context.WithTimeout(context.Background(), 5*time.Second)
		defer cancel()
		hs.Shutdown(ctx)
		srv.Close()
		st.Close()
	})
	return base
}

// TestShortRun plays 50 games for a few seconds and checks that the
// report adds up: moves were made without errors, percentiles are
// ordered, the server saw every connection.
func TestShortRun(t *testing.T) {
	addr := startServer(t)
	var progress strings.Builder
	st, err := Run(context.Background(), Config{Addr: addr, Games: 50, Duration: 3 * time.Second, Think: 100 * time.Millisecond,
		MaxPlies: 8, Seed: 7, ServerPID: os.Getpid(), ClientHeader: "X-Forwarded-For"}, &progress)
	if err != nil {
		t.Fatal(err)
	}
	t.Log(progress.String())
	if st.ErrorCount() != 0 {
		t.Errorf("errors: %v", st.Errors)
	}
	// 50 games, a move per 100 ms each (plus round trips): over a
	// hundred moves in 3 s even under the race detector on a busy machine.
	if st.Moves < 100 || st.PerSec <= 0 {
		t.Errorf("only %d moves (%.0f/s)", st.Moves, st.PerSec)
	}
	if !(st.P50 > 0 && st.P50 <= st.P90 && st.P90 <= st.P99 && st.P99 <= st.Max) {
		t.Errorf("percentiles out of order: %v %v %v %v", st.P50, st.P90, st.P99, st.Max)
	}
	// Games that hit the move cap reconnect, so a few may be between
	// games when the server is asked.
	if st.Connections < 50 || st.Connections > 100 {
		t.Errorf("server reports %v websockets, want up to 100", st.Connections)
	}
	if st.Finished == 0 || st.States < int64(st.Moves) {
		t.Errorf("%d games finished (8-move cap), %d states for %d moves", st.Finished, st.States, st.Moves)
	}
	if st.Memory.RSS == 0 {
		t.Error("no memory reading")
	}
}

// TestRampStopsWhereTheTargetIsMissed ramps with an impossible target: it
// must stop after the first level.
func TestRampStopsWhereTheTargetIsMissed(t *testing.T) {
	addr := startServer(t)
	steps, err := Ramp(context.Background(), Config{Addr: addr, Duration: time.Second, Think: 50 * time.Millisecond, ClientHeader: "X-Forwarded-For"},
		[]int{5, 10}, time.Nanosecond, io.Discard)
	if err != nil {
		t.Fatal(err)
	}
	if len(steps) != 1 || steps[0].Games != 5 || steps[0].Moves == 0 {
		t.Fatalf("steps %+v, want one step of 5 games with moves", steps)
	}
}

// TestOnlyLoopback refuses every address that is not this machine.
func TestOnlyLoopback(t *testing.T) {
	for _, a := range []string{"http://127.0.0.1:8080", "127.0.0.1:1", "localhost:8080", "http://[::1]:80", "ws://127.0.0.2:9"} {
		if _, err := BaseURL(a); err != nil {
			t.Errorf("%s refused: %v", a, err)
		}
	}
	for _, a := range []string{"http://10.0.0.1:80", "http://example.com:80", "https://127.0.0.1:443", "http://0.0.0.0:80",
		"http://127.0.0.1", "http://127.0.0.1:80/x", "http://localhost.example.com:80", "http://[::ffff:10.0.0.1]:80", "192.168.1.1:8080"} {
		if _, err := BaseURL(a); err == nil {
			t.Errorf("%s accepted", a)
		}
	}
	_, err := Run(context.Background(), Config{Addr: "http://10.1.2.3:80", Games: 1, Duration: time.Second}, nil)
	if err == nil || !strings.Contains(err.Error(), "127.0.0.1") {
		t.Errorf("Run against a remote address: %v", err)
	}
}

func TestPercentile(t *testing.T) {
	var d []time.Duration
	for i := 1; i <= 100; i++ {
		d = append(d, time.Duration(i))
	}
	for _, tc := range []struct {
		p    float64
		want time.Duration
	}{{50, 50}, {90, 90}, {99, 99}, {100, 100}, {0, 1}} {
		if got := percentile(d, tc.p); got != tc.want {
			t.Errorf("p%v = %v, want %v", tc.p, got, tc.want)
		}
	}
}
