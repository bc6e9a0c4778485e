package reliability

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"net"
	"net/http"
	"os"
	"os/exec"
	"path/filepath"
	"runtime"
	"sync"
	"syscall"
	"testing"
	"time"

	"wyrm/internal/pgtest"
)

var (
	buildOnce sync.Once
	binPath   string
	buildErr  error
	binDir    string
)

func TestMain(m *testing.M) {
	code := pgtest.Main(m) // stops the PostgreSQL of the cluster tests
	if binDir != "" {
		os.RemoveAll(binDir)
	}
	os.Exit(code)
}

// wyrmBinary builds cmd/wyrm once per test run.
func wyrmBinary(t *testing.T) string {
	t.Helper()
	buildOnce.Do(func() {
		binDir, buildErr = os.MkdirTemp("", "wyrm-reliability-")
		if buildErr != nil {
			return
		}
		binPath = filepath.Join(binDir, "wyrm")
		out, err := exec.Command(filepath.Join(runtime.GOROOT(), "bin", "go"), "build", "-o", binPath, "wyrm/cmd/wyrm").CombinedOutput()
		if err != nil {
			buildErr = fmt.Errorf("go build: %v\n%s", err, out)
		}
	})
	if buildErr != nil {
		t.Fatal(buildErr)
	}
	return binPath
}

// proc is a wyrm serve process.
type proc struct {
	cmd    *exec.Cmd
	addr   string
	stderr *syncBuffer
	exited chan struct{}
	err    error // of Wait, once exited is closed
}

// freeAddr returns a loopback address with a port nobody listens on now.
func freeAddr(t *testing.T) string {
	t.Helper()
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	defer ln.Close()
	return ln.Addr().String()
}

// startProc runs "wyrm serve" on addr and db, with any further flags, and
// waits until it is healthy.
func startProc(t *testing.T, addr, db string, flags ...string) *proc {
	t.Helper()
	p := &proc{addr: addr, stderr: &syncBuffer{}, exited: make(chan struct{})}
	p.cmd = exec.Command(wyrmBinary(t), append([]string{"serve", "--addr", addr, "--db", db, "--log-level", "warn", "--log-format", "json"}, flags...)...)
	p.cmd.Stderr = p.stderr
	p.cmd.Dir = t.TempDir()
	if err := p.cmd.Start(); err != nil {
		t.Fatal(err)
	}
	go func() { p.err = p.cmd.Wait(); close(p.exited) }()
	t.Cleanup(func() { p.cmd.Process.Kill(); <-p.exited })
	deadline := time.Now().Add(20 * time.Second)
	for {
		resp, err := http.Get("http://" + addr + "/healthz")
		if err == nil {
			resp.Body.Close()
			if resp.StatusCode == 200 {
				return p
			}
		}
		select {
		case <-p.exited:
			t.Fatalf("wyrm serve exited at start: %v\n%s", p.err, p.stderr)
		default:
		}
		if time.Now().After(deadline) {
			t.Fatalf("wyrm serve not healthy after 20 s: %v\n%s", err, p.stderr)
		}
		time.Sleep(20 * time.Millisecond)
	}
}

// envFor lets the HTTP helpers of env talk to a process.
func envFor(t *testing.T, p *proc) *env { return &env{t: t, url: "http://" + p.addr} }

// player drives both seats of one game over two websockets and records
// every move the server acknowledged. It never fails the test itself:
// the server may die under it at any moment.
type player struct {
	id     string
	tokens map[int]string
	acked  []string // moves acknowledged, in order, from the start
}

// play makes moves until the connection fails or the game ends, choosing
// among the legal moves the server lists with rng.
func (pl *player) play(ctx context.Context, url string, pick func(n int) int) error {
	var seats [2]*client
	for i := range seats {
		c, err := dialQuiet(ctx, url, pl.id, pl.tokens[i])
		if err != nil {
			return err
		}
		defer c.conn.CloseNow()
		seats[i] = c
	}
	for n := 0; ; n++ {
		// The seat to move has the freshest view after its hello or its
		// peer's move; wait until its view has every acknowledged move.
		var c *client
		for _, s := range seats {
			for s.last.Version < len(pl.acked) {
				if _, err := s.read(10 * time.Second); err != nil {
					return err
				}
			}
		}
		c = seats[seats[0].last.ToMove&1]
		if c.last.Outcome.Over || len(c.last.Legal) == 0 {
			return nil
		}
		mv := c.last.Legal[pick(len(c.last.Legal))].Text
		b, _ := json.Marshal(map[string]any{"type": "move", "move": mv, "id": n + 10})
		if err := c.conn.Write(ctx, 1, b); err != nil {
			return err
		}
		for {
			m, err := c.read(10 * time.Second)
			if err != nil {
				return err
			}
			if m["type"] == "error" {
				return fmt.Errorf("%w: move %s: %v", errMoveRefused, mv, m["message"])
			}
			if m["type"] == "ack" {
				break
			}
		}
		pl.acked = append(pl.acked, mv)
		time.Sleep(15 * time.Millisecond) // think time, under the rate limit
	}
}

// errMoveRefused marks a move the server answered with an error.
var errMoveRefused = errors.New("the server refused a move")

// dialQuiet dials and says hello without failing the test.
func dialQuiet(ctx context.Context, url, id, token string) (*client, error) {
	e := &env{url: url}
	conn, _, err := websocketDial(ctx, e.wsURL(id))
	if err != nil {
		return nil, err
	}
	c := &client{conn: conn}
	b, _ := json.Marshal(map[string]any{"type": "hello", "tokens": []string{token}, "id": 1})
	if err := conn.Write(ctx, 1, b); err != nil {
		return nil, err
	}
	for {
		m, err := c.read(10 * time.Second)
		if err != nil {
			return nil, err
		}
		if m["type"] == "error" {
			return nil, fmt.Errorf("hello refused: %v", m["message"])
		}
		if m["type"] == "ack" {
			return c, nil
		}
	}
}

// TestCrashSafety plays Dragon Chess and Dragonchess against a wyrm serve
// process, kills it with SIGKILL at random moments, restarts it on the
// same database and checks that every acknowledged move survived and the
// games go on.
func TestCrashSafety(t *testing.T) {
	if testing.Short() {
		t.Skip("builds and runs the wyrm binary")
	}
	t0 := time.Now()
	rng := newRand(20261129)
	db := filepath.Join(t.TempDir(), "crash.db")
	addr := freeAddr(t)
	p := startProc(t, addr, db)
	e := envFor(t, p)
	var players []*player
	for _, kind := range []string{"dragon", "dragonchess", "dragon", "dragonchess"} {
		g := e.create(kind, "local", "local")
		players = append(players, &player{id: g.ID, tokens: g.Tokens})
	}
	const rounds = 5
	for round := range rounds {
		ctx, cancel := context.WithCancel(context.Background())
		var wg sync.WaitGroup
		var mu sync.Mutex
		for i, pl := range players {
			seed := rng.Uint64()
			wg.Add(1)
			go func() {
				defer wg.Done()
				r := newRand(seed)
				err := pl.play(ctx, e.url, func(n int) int { mu.Lock(); defer mu.Unlock(); return r.IntN(n) })
				// A kill cuts connections and refuses new ones; only the
				// server refusing a move is a fault.
				if errors.Is(err, errMoveRefused) {
					t.Errorf("round %d game %d: %v", round, i, err)
				}
			}()
		}
		time.Sleep(time.Duration(150+rng.IntN(600)) * time.Millisecond)
		if err := p.cmd.Process.Signal(syscall.SIGKILL); err != nil {
			t.Fatal(err)
		}
		<-p.exited
		wg.Wait()
		cancel()

		p = startProc(t, addr, db)
		total := 0
		for i, pl := range players {
			s := e.game(pl.id)
			if len(s.Plies) < len(pl.acked) || len(s.Plies) > len(pl.acked)+1 {
				t.Fatalf("round %d game %d: %d moves acknowledged, %d after the restart", round, i, len(pl.acked), len(s.Plies))
			}
			for j, mv := range pl.acked {
				if s.Plies[j].Text != mv {
					t.Fatalf("round %d game %d: move %d was %s, after the restart %s", round, i, j+1, mv, s.Plies[j].Text)
				}
			}
			// An action saved but not acknowledged (the kill came between
			// the two) is legitimately there; carry on from the server's
			// log.
			pl.acked = pl.acked[:0]
			for _, ply := range s.Plies {
				pl.acked = append(pl.acked, ply.Text)
			}
			total += len(s.Plies)
		}
		t.Logf("%v round %d: killed with %d moves stored in %d games", time.Since(t0), round, total, len(players))
	}
	// The games go on after the last restart.
	var wg sync.WaitGroup
	for _, pl := range players {
		before := len(pl.acked)
		wg.Add(1)
		go func() {
			defer wg.Done()
			ctx, cancel := context.WithTimeout(context.Background(), 2*time.Second)
			defer cancel()
			r := newRand(1)
			err := pl.play(ctx, e.url, func(n int) int { return r.IntN(n) })
			if len(pl.acked) <= before && !e.game(pl.id).Outcome.Over {
				t.Errorf("game %s did not go on after the restarts: %v", pl.id, err)
			}
		}()
	}
	wg.Wait()
}

// TestGracefulShutdown sends SIGTERM with players connected: the process
// exits 0 promptly, each websocket gets a close frame, and a restart finds
// every game.
func TestGracefulShutdown(t *testing.T) {
	if testing.Short() {
		t.Skip("builds and runs the wyrm binary")
	}
	db := filepath.Join(t.TempDir(), "term.db")
	addr := freeAddr(t)
	p := startProc(t, addr, db)
	e := envFor(t, p)
	g := e.create("dragonchess", "local", "local")
	pl := &player{id: g.ID, tokens: g.Tokens}
	// Half a second of play, longer while no move has been acknowledged
	// yet: a loaded machine may take that long to connect both seats.
	for deadline := time.Now().Add(20 * time.Second); len(pl.acked) == 0 && time.Now().Before(deadline); {
		ctx, cancel := context.WithTimeout(context.Background(), 500*time.Millisecond)
		pl.play(ctx, e.url, func(int) int { return 0 })
		cancel()
	}
	var conns []*client
	for i := range 3 {
		c, err := dialQuiet(context.Background(), e.url, g.ID, g.Tokens[i%2])
		if err != nil {
			t.Fatal(err)
		}
		conns = append(conns, c)
	}
	stored := len(e.game(g.ID).Plies) // a move sent as play's time ran out may be stored unacknowledged
	if stored < len(pl.acked) || stored == 0 {
		t.Fatalf("%d moves stored, %d acknowledged", stored, len(pl.acked))
	}
	start := time.Now()
	if err := p.cmd.Process.Signal(syscall.SIGTERM); err != nil {
		t.Fatal(err)
	}
	for i, c := range conns {
		var err error
		for err == nil {
			_, err = c.read(10 * time.Second)
		}
		if s := websocketStatus(err); s != 1001 {
			t.Errorf("connection %d ended with %v (status %d), want a 1001 close frame", i, err, s)
		}
	}
	select {
	case <-p.exited:
	case <-time.After(10 * time.Second):
		t.Fatalf("still running 10 s after SIGTERM\n%s", p.stderr)
	}
	if d := time.Since(start); d > 5*time.Second {
		t.Errorf("shutdown took %v", d)
	}
	if p.err != nil {
		t.Errorf("exit after SIGTERM: %v\n%s", p.err, p.stderr)
	}
	p = startProc(t, addr, db)
	if s := envFor(t, p).game(g.ID); len(s.Plies) != stored {
		t.Errorf("after a clean restart %d moves, %d before", len(s.Plies), stored)
	}
}
