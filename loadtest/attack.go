package loadtest

import (
	"context"
	"fmt"
	"io"
	"math/rand/v2"
	"net"
	"net/http"
	"strings"
	"sync"
	"sync/atomic"
	"time"

	"github.com/coder/websocket"

	"wyrm/games"
)

// The attacks Attack knows, each what one abusive client does to a server.
var Attacks = []string{"create", "lobby", "slow", "idle", "wsflood", "computer"}

// AttackConfig is one attack on a server on loopback.
type AttackConfig struct {
	// Addr is the server's base URL (loopback only).
	Addr string
	// Kind is one of Attacks.
	Kind string
	// Duration is how long the attack (and the probe) runs.
	Duration time.Duration
	// Size is the attack's scale: pollers, connections or games (0: the
	// attack's own default).
	Size int
	// ClientHeader, if the server trusts it as its proxy header, gives the
	// attacker and the probe player addresses of their own.
	ClientHeader string
	// ServerPID, if set, is the server process whose memory is sampled.
	ServerPID int
}

// AttackReport is what an attack did and what a human player meanwhile saw.
type AttackReport struct {
	Kind string
	// Probe is the human player's moves: count and round trips.
	Moves                    int
	P50, P99, Max            time.Duration
	ProbeErrors              int
	RSSStart, RSSMax, RSSEnd int64 // server memory, bytes
	// Attack counts what the attacker got ("201", "429", "open at end").
	Attack map[string]int
}

func (r AttackReport) String() string {
	var parts []string
	for k, v := range r.Attack {
		parts = append(parts, fmt.Sprintf("%s %d", k, v))
	}
	return fmt.Sprintf("%-9s human moves %d: p50 %s p99 %s max %s, errors %d; server RSS %d -> max %d -> %d MiB; attacker: %s",
		r.Kind, r.Moves, ms(r.P50), ms(r.P99), ms(r.Max), r.ProbeErrors, r.RSSStart>>20, r.RSSMax>>20, r.RSSEnd>>20, strings.Join(parts, ", "))
}

// Attack runs cfg.Kind against the server for cfg.Duration while a probe
// plays a human game, a move every 100 ms, and reports both.
func Attack(ctx context.Context, cfg AttackConfig) (AttackReport, error) {
	base, err := BaseURL(cfg.Addr)
	if err != nil {
		return AttackReport{}, err
	}
	rep := AttackReport{Kind: cfg.Kind, Attack: map[string]int{}}
	var mu sync.Mutex
	count := func(k string, n int) { mu.Lock(); rep.Attack[k] += n; mu.Unlock() }
	attacker := header(cfg.ClientHeader, "10.66.0.1")
	hc := &http.Client{Transport: &http.Transport{MaxIdleConnsPerHost: 64}, Timeout: 30 * time.Second}
	if m, err := readMemory(cfg.ServerPID); err == nil {
		rep.RSSStart = m.RSS
	}
	actx, cancel := context.WithTimeout(ctx, cfg.Duration)
	defer cancel()
	var wg sync.WaitGroup
	stopSampling := sampleMemory(cfg.ServerPID, &rep.RSSMax)
	switch cfg.Kind {
	case "create":
		for range size(cfg.Size, 8) {
			wg.Go(func() {
				body := `{"game":"dragon","seats":[{"kind":"local"},{"kind":"local"}]}`
				for actx.Err() == nil {
					code := post(actx, hc, base+"/api/games", body, attacker)
					count(fmt.Sprint(code), 1)
				}
			})
		}
	case "lobby":
		for range size(cfg.Size, 30) {
			wg.Go(func() {
				for actx.Err() == nil {
					n := get(actx, hc, base+"/api/games", attacker)
					count("polls", 1)
					count("KB read", int(n>>10))
				}
			})
		}
	case "slow":
		for range size(cfg.Size, 100) {
			wg.Go(func() { slowReader(actx, base, attacker, count) })
		}
	case "idle":
		var open atomic.Int64
		for range size(cfg.Size, 2000) {
			wg.Go(func() { idleConn(actx, base, attacker, &open, count) })
		}
		defer func() { rep.Attack["open at end"] = int(open.Load()) }()
	case "wsflood":
		cr, err := createGame(ctx, hc, base, "dragon", attacker)
		if err != nil {
			return rep, fmt.Errorf("attack game: %w", err)
		}
		for i := range size(cfg.Size, 3000) {
			wg.Go(func() { wsFlooder(actx, base, cr.ID, cr.Tokens, i < 150, attacker, count) })
		}
	case "computer":
		for range size(cfg.Size, 40) {
			code := post(ctx, hc, base+"/api/games", `{"game":"dragon","seats":[{"kind":"computer","level":8},{"kind":"computer","level":8}]}`, attacker)
			count(fmt.Sprint(code), 1)
		}
	default:
		return rep, fmt.Errorf("unknown attack %q (known: %s)", cfg.Kind, strings.Join(Attacks, ", "))
	}
	probe(actx, hc, base, header(cfg.ClientHeader, "10.77.0.1"), &rep)
	cancel()
	wg.Wait()
	stopSampling()
	if m, err := readMemory(cfg.ServerPID); err == nil {
		rep.RSSEnd = m.RSS
	}
	return rep, nil
}

func size(n, def int) int {
	if n > 0 {
		return n
	}
	return def
}

func header(name, addr string) http.Header {
	if name == "" {
		return nil
	}
	return http.Header{name: {addr}}
}

// sampleMemory keeps the highest RSS of pid in *peak until stopped.
func sampleMemory(pid int, peak *int64) func() {
	done := make(chan struct{})
	var wg sync.WaitGroup
	wg.Go(func() {
		t := time.NewTicker(100 * time.Millisecond)
		defer t.Stop()
		for {
			if m, err := readMemory(pid); err == nil && m.RSS > *peak {
				*peak = m.RSS
			}
			select {
			case <-t.C:
			case <-done:
				return
			}
		}
	})
	return func() { close(done); wg.Wait() }
}

func post(ctx context.Context, hc *http.Client, url, body string, hdr http.Header) int {
	req, err := http.NewRequestWithContext(ctx, "POST", url, strings.NewReader(body))
	if err != nil {
		return 0
	}
	for k, v := range hdr {
		req.Header[k] = v
	}
	req.Header.Set("Content-Type", "application/json")
	resp, err := hc.Do(req)
	if err != nil {
		return 0
	}
	io.Copy(io.Discard, resp.Body)
	resp.Body.Close()
	return resp.StatusCode
}

func get(ctx context.Context, hc *http.Client, url string, hdr http.Header) int64 {
	req, err := http.NewRequestWithContext(ctx, "GET", url, nil)
	if err != nil {
		return 0
	}
	for k, v := range hdr {
		req.Header[k] = v
	}
	resp, err := hc.Do(req)
	if err != nil {
		return 0
	}
	n, _ := io.Copy(io.Discard, resp.Body)
	resp.Body.Close()
	return n
}

// slowReader asks for the lobby over and over on one connection and never
// reads an answer.
func slowReader(ctx context.Context, base string, hdr http.Header, count func(string, int)) {
	host := strings.TrimPrefix(base, "http://")
	c, err := net.Dial("tcp", host)
	if err != nil {
		count("dial failed", 1)
		return
	}
	defer c.Close()
	if tc, ok := c.(*net.TCPConn); ok {
		tc.SetReadBuffer(1024)
	}
	extra := ""
	for k, v := range hdr {
		extra += k + ": " + v[0] + "\r\n"
	}
	sent := 0
	for ctx.Err() == nil {
		c.SetWriteDeadline(time.Now().Add(time.Second))
		if _, err := fmt.Fprintf(c, "GET /api/games HTTP/1.1\r\nHost: %s\r\n%s\r\n", host, extra); err != nil {
			break
		}
		sent++
		time.Sleep(10 * time.Millisecond)
	}
	count("requests unread", sent)
}

// idleConn opens a keep-alive connection, makes one request and stays.
func idleConn(ctx context.Context, base string, hdr http.Header, open *atomic.Int64, count func(string, int)) {
	host := strings.TrimPrefix(base, "http://")
	c, err := net.Dial("tcp", host)
	if err != nil {
		count("dial failed", 1)
		return
	}
	defer c.Close()
	extra := ""
	for k, v := range hdr {
		extra += k + ": " + v[0] + "\r\n"
	}
	fmt.Fprintf(c, "GET /healthz HTTP/1.1\r\nHost: %s\r\n%s\r\n", host, extra)
	open.Add(1)
	buf := make([]byte, 4096)
	for ctx.Err() == nil {
		c.SetReadDeadline(time.Now().Add(500 * time.Millisecond))
		if _, err := c.Read(buf); err != nil {
			if ne, ok := err.(net.Error); ok && ne.Timeout() {
				continue
			}
			break // the server hung up
		}
	}
	if ctx.Err() != nil {
		return // still open at the end
	}
	open.Add(-1)
	count("closed by server", 1)
}

// wsFlooder opens a websocket to the attack game; the first 150 send seat
// proofs as fast as they can, the rest just stay.
func wsFlooder(ctx context.Context, base, id string, tokens map[int]string, hellos bool, hdr http.Header, count func(string, int)) {
	ws, resp, err := websocket.Dial(ctx, "ws"+strings.TrimPrefix(base, "http")+"/ws/"+id, &websocket.DialOptions{HTTPHeader: hdr})
	if err != nil {
		if resp != nil {
			count(fmt.Sprintf("ws refused %d", resp.StatusCode), 1)
		} else if ctx.Err() == nil {
			count("ws failed", 1)
		}
		return
	}
	defer ws.CloseNow()
	count("ws open", 1)
	go func() {
		for {
			if _, _, err := ws.Read(ctx); err != nil {
				return
			}
		}
	}()
	if !hellos {
		<-ctx.Done()
		return
	}
	msg := fmt.Sprintf(`{"type":"hello","tokens":[%q]}`, tokens[0])
	sent := 0
	for ctx.Err() == nil {
		if err := ws.Write(ctx, websocket.MessageText, []byte(msg)); err != nil {
			break
		}
		sent++
	}
	count("hellos sent", sent)
}

// probe plays a human game, a move every 100 ms, and records the round
// trips of the moves the server acknowledged.
func probe(ctx context.Context, hc *http.Client, base string, hdr http.Header, rep *AttackReport) {
	rec := newRecorder()
	defer func() {
		w := rec.take(1)
		rep.Moves, rep.P50, rep.P99, rep.Max, rep.ProbeErrors = w.Moves, w.P50, w.P99, w.Max, w.ErrorCount()
	}()
	g, _ := games.Lookup("dragon")
	rng := rand.New(rand.NewPCG(1, 2))
	var states atomic.Int64
	for ctx.Err() == nil {
		cr, err := createGame(ctx, hc, base, "dragon", hdr)
		if err != nil {
			rec.fail("create")
			time.Sleep(200 * time.Millisecond)
			continue
		}
		var seats [2]*conn
		ok := true
		for i := range seats {
			if seats[i], err = dialSeat(ctx, base, cr.ID, cr.node, cr.Tokens[i], &states, hdr); err != nil {
				rec.fail("dial")
				ok = false
				break
			}
		}
		if !ok {
			time.Sleep(200 * time.Millisecond)
			continue
		}
		pos, _ := g.Start(nil)
		for ply := 0; ply < 60 && ctx.Err() == nil; ply++ {
			moves := pos.LegalMoves(nil)
			if len(moves) == 0 {
				break
			}
			m := moves[rng.IntN(len(moves))]
			c := seats[int(pos.ToMove())%2]
			start := time.Now()
			mctx, cancel := context.WithTimeout(ctx, 10*time.Second)
			err := c.send(mctx, map[string]any{"type": "move", "move": pos.MoveString(m), "id": ply + 2})
			if err == nil {
				_, err = c.await(mctx, ply+2)
			}
			cancel()
			if err != nil {
				if ctx.Err() == nil {
					rec.fail("move")
				}
				break
			}
			rec.move(time.Since(start))
			pos.Play(m)
			time.Sleep(100 * time.Millisecond)
		}
		for _, s := range seats {
			s.close()
		}
	}
}
