package reliability

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"math/rand/v2"
	"net/http"
	"os"
	"slices"
	"strconv"
	"strings"
	"sync"
	"syscall"
	"testing"
	"time"

	"wyrm/internal/pgtest"
	"wyrm/server"
	"wyrm/server/store"
)

// nodeCluster is several wyrm serve processes on one PostgreSQL database,
// behind one balancer address.
type nodeCluster struct {
	t     *testing.T
	db    string
	names []string
	addrs []string
	procs []*proc
	lb    *balancer
	st    *store.Postgres
}

// startCluster runs n nodes on a fresh database.
func startCluster(t *testing.T, n int) *nodeCluster {
	t.Helper()
	c := &nodeCluster{t: t, db: pgtest.NewDB(t)}
	for i := range n {
		c.names = append(c.names, fmt.Sprintf("node%d", i+1))
		c.addrs = append(c.addrs, freeAddr(t))
		c.procs = append(c.procs, nil)
		c.start(i)
	}
	c.lb = startBalancer(t, c.addrs)
	st, err := store.OpenPostgres(context.Background(), c.db)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { st.Close() })
	c.st = st
	return c
}

// start (re)starts node i. The test's players all share one address, so
// the per-client limits are raised out of their way.
func (c *nodeCluster) start(i int) {
	c.procs[i] = startProc(c.t, c.addrs[i], c.db, "--node", c.names[i], "--advertise", "http://"+c.addrs[i],
		"--limit-messages", "1000000", "--limit-conns", "5000", "--limit-create", "10000")
}

// index is the node named name.
func (c *nodeCluster) index(name string) int { return slices.Index(c.names, name) }

// owner is the node holding the live lease of an unfinished game, "" when
// none does (a finished game is not taken over).
func (c *nodeCluster) owner(id string) string {
	l, err := c.st.LeaseOf(context.Background(), id)
	if err != nil || !l.Live || l.Finished {
		return ""
	}
	return l.Owner
}

// httpc bounds every request of the test: a frozen node never answers.
var httpc = &http.Client{Timeout: 5 * time.Second}

// createGame makes a game with two local seats through url.
func createGame(url, kind string) (created, error) {
	body := fmt.Sprintf(`{"game":%q,"seats":[{"kind":"local"},{"kind":"local"}]}`, kind)
	resp, err := httpc.Post(url+"/api/games", "application/json", strings.NewReader(body))
	if err != nil {
		return created{}, err
	}
	defer resp.Body.Close()
	var g created
	if resp.StatusCode != http.StatusCreated {
		return g, fmt.Errorf("create: status %d", resp.StatusCode)
	}
	return g, json.NewDecoder(resp.Body).Decode(&g)
}

// failoverPlayer plays both seats of a game through the balancer and keeps
// playing across failures: after any, it reconnects (to whichever node the
// balancer picks) and plays on from the game it finds there. It starts a
// new game when one ends.
//
// It records every move it sent with the number of moves before it, and
// every acknowledgement. A move sent and not acknowledged may be stored
// late: the owner may still take it from a connection that died after
// passing it on. So what a game's stored log must be is: every move
// acknowledged, at its place; and every other move stored one that the
// player sent for that place. A move applied twice, or one nobody sent,
// breaks the second rule; a lost one the first.
type failoverPlayer struct {
	kind string
	mu   sync.Mutex
	// Guarded by mu (the test reads them while the player plays).
	id        string
	tokens    map[int]string
	sent      map[int][]string  // moves sent, by the number of moves before them
	acked     map[int]string    // moves acknowledged, by the same
	ackAt     []time.Time       // when each acknowledgement came
	uncertain bool              // a move was sent and its fate not seen
	bad       []string          // refusals a player in step with the game never meets
	refused   int               // moves refused because a late move changed the game
	ended     []*failoverPlayer // games that ended, to check once more
}

func newFailoverPlayer(kind string, g created) *failoverPlayer {
	return &failoverPlayer{kind: kind, id: g.ID, tokens: g.Tokens, sent: map[int][]string{}, acked: map[int]string{}}
}

// errUnavailable is a move refused because the game is moving.
var errUnavailable = errors.New("unavailable")

var errGameOver = errors.New("game over")

// run plays until ctx is done.
func (p *failoverPlayer) run(ctx context.Context, url string, rng *rand.Rand) {
	for ctx.Err() == nil {
		err := p.session(ctx, url, rng)
		if ctx.Err() != nil {
			return
		}
		if errors.Is(err, errGameOver) {
			g, err := createGame(url, p.kind)
			if err != nil {
				continue
			}
			p.mu.Lock()
			p.ended = append(p.ended, &failoverPlayer{id: p.id, sent: p.sent, acked: p.acked})
			p.id, p.tokens, p.sent, p.acked, p.uncertain = g.ID, g.Tokens, map[int][]string{}, map[int]string{}, false
			p.mu.Unlock()
			continue
		}
		sleepCtx(ctx, 50*time.Millisecond)
	}
}

func sleepCtx(ctx context.Context, d time.Duration) {
	select {
	case <-time.After(d):
	case <-ctx.Done():
	}
}

// dialSeat connects one seat and proves it, in bounded time: a node that
// is frozen accepts connections and never answers.
func dialSeat(ctx context.Context, url, id, token string) (*client, error) {
	dctx, cancel := context.WithTimeout(ctx, 3*time.Second)
	defer cancel()
	conn, _, err := websocketDial(dctx, "ws"+strings.TrimPrefix(url, "http")+"/ws/"+id)
	if err != nil {
		return nil, err
	}
	c := &client{conn: conn}
	b, _ := json.Marshal(map[string]any{"type": "hello", "tokens": []string{token}, "id": 1})
	if err := conn.Write(dctx, 1, b); err != nil {
		conn.CloseNow()
		return nil, err
	}
	for {
		m, err := c.read(3 * time.Second)
		if err != nil {
			conn.CloseNow()
			return nil, err
		}
		if m["type"] == "error" {
			conn.CloseNow()
			return nil, fmt.Errorf("hello refused: %v", m["message"])
		}
		if m["type"] == "ack" {
			return c, nil
		}
	}
}

// session connects both seats and plays until something fails.
func (p *failoverPlayer) session(ctx context.Context, url string, rng *rand.Rand) error {
	p.mu.Lock()
	id, tokens, late := p.id, p.tokens, p.uncertain
	p.mu.Unlock()
	var seats [2]*client
	for i := range seats {
		c, err := dialSeat(ctx, url, id, tokens[i])
		if err != nil {
			return err
		}
		defer c.conn.CloseNow()
		seats[i] = c
	}
	for n := 0; ; n++ {
		// Both views in step: each seat has seen the other's last move.
		have := max(seats[0].last.Version, seats[1].last.Version)
		for _, s := range seats {
			for s.last.Version < have {
				if _, err := s.read(3 * time.Second); err != nil {
					return err
				}
			}
		}
		c := seats[seats[0].last.ToMove&1]
		if c.last.Outcome.Over || len(c.last.Legal) == 0 {
			return errGameOver
		}
		at := len(c.last.Plies)
		mv := c.last.Legal[rng.IntN(len(c.last.Legal))].Text
		p.mu.Lock()
		p.sent[at] = append(p.sent[at], mv)
		p.uncertain = true
		p.mu.Unlock()
		// The version makes a move that a dead path delivers late, after
		// the game went on, refused rather than played elsewhere.
		b, _ := json.Marshal(map[string]any{"type": "move", "move": mv, "id": n + 10, "version": c.last.Version})
		if err := c.conn.Write(ctx, 1, b); err != nil {
			return err
		}
		for {
			m, err := c.read(3 * time.Second)
			if err != nil {
				return err
			}
			if m["type"] == "error" {
				if m["code"] == "unavailable" {
					return errUnavailable
				}
				p.mu.Lock()
				if late {
					// A move sent before the reconnection was stored after
					// it: this view was behind.
					p.refused++
				} else {
					p.bad = append(p.bad, fmt.Sprintf("game %s: move %s refused: %v", id, mv, m["message"]))
				}
				p.mu.Unlock()
				return fmt.Errorf("refused: %v", m["message"])
			}
			if m["type"] == "ack" {
				break
			}
		}
		late = false
		p.mu.Lock()
		p.acked[at] = mv
		p.ackAt = append(p.ackAt, time.Now())
		p.uncertain = false
		p.mu.Unlock()
		sleepCtx(ctx, 60*time.Millisecond) // think time, under the per-connection rate
	}
}

// check compares a game's stored moves with what the player sent and was
// acknowledged, and reports every difference.
func (p *failoverPlayer) check(stored []string) []string {
	p.mu.Lock()
	defer p.mu.Unlock()
	var out []string
	for at, mv := range p.acked {
		if at >= len(stored) || stored[at] != mv {
			out = append(out, fmt.Sprintf("game %s: move %d %s was acknowledged and is not stored (%d stored)", p.id, at+1, mv, len(stored)))
		}
	}
	for at, mv := range stored {
		if !slices.Contains(p.sent[at], mv) {
			var elsewhere []int
			for i, ms := range p.sent {
				if slices.Contains(ms, mv) {
					elsewhere = append(elsewhere, i+1)
				}
			}
			out = append(out, fmt.Sprintf("game %s: move %d %s is stored and was never sent there (sent there: %v; sent as move %v): doubled or invented",
				p.id, at+1, mv, p.sent[at], elsewhere))
		}
	}
	return out
}

// ackedAfter is when the first move after t was acknowledged.
func (p *failoverPlayer) ackedAfter(t time.Time) (time.Time, bool) {
	p.mu.Lock()
	defer p.mu.Unlock()
	for _, at := range p.ackAt {
		if at.After(t) {
			return at, true
		}
	}
	return time.Time{}, false
}

// storedMoves reads a game's moves from the database.
func (c *nodeCluster) storedMoves(id string) []string {
	log, err := c.st.Actions(context.Background(), id)
	if err != nil {
		c.t.Fatal(err)
	}
	var moves []string
	for i, a := range log {
		if a.Seq != i {
			c.t.Errorf("game %s: action %d has seq %d", id, i, a.Seq)
		}
		if a.Kind == "move" {
			moves = append(moves, a.Data)
		}
	}
	return moves
}

// median and maximum of durations.
func medianMax(ds []time.Duration) (time.Duration, time.Duration) {
	if len(ds) == 0 {
		return 0, 0
	}
	s := slices.Clone(ds)
	slices.Sort(s)
	return s[len(s)/2], s[len(s)-1]
}

// TestFailoverLosesNothing runs three nodes on one PostgreSQL and plays
// games through a balancer in front of them, each seat on whichever node
// the balancer picks, while the owner of a random game is SIGKILLed (and
// restarted) at a random moment, round after round; every fourth round
// it is frozen (SIGSTOP) past its leases instead and thawed, so that a
// live stale owner meets the fencing. After each round every game must
// hold every acknowledged move, once, in order. The time from the kill to
// the first move acknowledged again in each of the victim's games, and to
// another node holding its lease, is the takeover time.
func TestFailoverLosesNothing(t *testing.T) {
	if testing.Short() {
		t.Skip("runs three wyrm processes on PostgreSQL")
	}
	rounds := 20
	if v, err := strconv.Atoi(os.Getenv("WYRM_FAILOVER_ROUNDS")); err == nil && v > 0 {
		rounds = v
	}
	c := startCluster(t, 3)
	kinds := []string{"dragon", "dragonchess", "dragon", "dragonchess", "dragon", "dragonchess"}
	var players []*failoverPlayer
	for i, k := range kinds {
		// Made on each node in turn, so that each owns some.
		g, err := createGame("http://"+c.addrs[i%len(c.addrs)], k)
		if err != nil {
			t.Fatal(err)
		}
		players = append(players, newFailoverPlayer(k, g))
	}
	rng := newRand(20261201)
	// Per game of a victim: to the first move acknowledged again, to the
	// lease held by another node; killed and frozen apart.
	var served, leased, frozenServed, frozenLeased []time.Duration
	checkedEnded := map[*failoverPlayer]int{}
	totalAcked, refused := 0, 0
	for round := range rounds {
		ctx, cancel := context.WithCancel(context.Background())
		var wg sync.WaitGroup
		for _, p := range players {
			seed := rng.Uint64()
			wg.Add(1)
			go func() {
				defer wg.Done()
				r := newRand(seed)
				p.run(ctx, c.lb.url(), r)
			}()
		}
		time.Sleep(time.Duration(300+rng.IntN(1200)) * time.Millisecond)
		// The victim is the owner of a random game: some game is always hit.
		var victim string
		for victim == "" {
			p := players[rng.IntN(len(players))]
			p.mu.Lock()
			id := p.id
			p.mu.Unlock()
			victim = c.owner(id)
		}
		var hit []*failoverPlayer
		var hitIDs []string
		for _, p := range players {
			p.mu.Lock()
			id := p.id
			p.mu.Unlock()
			if c.owner(id) == victim {
				hit = append(hit, p)
				hitIDs = append(hitIDs, id)
			}
		}
		vp := c.procs[c.index(victim)]
		freeze := round%4 == 3
		sig, how := syscall.SIGKILL, "killed"
		if freeze {
			sig, how = syscall.SIGSTOP, "frozen"
		}
		t0 := time.Now()
		if err := vp.cmd.Process.Signal(sig); err != nil {
			t.Fatal(err)
		}
		if freeze {
			// As a balancer's health check would find after a while.
			go func() {
				time.Sleep(time.Second)
				c.lb.setDown(c.addrs[c.index(victim)], true)
			}()
		}
		// Wait for every hit game to be leased elsewhere and to have a
		// move acknowledged again.
		leasedAt := map[string]time.Duration{}
		servedAt := map[*failoverPlayer]time.Duration{}
		deadline := t0.Add(30 * time.Second)
		for (len(leasedAt) < len(hitIDs) || len(servedAt) < len(hit)) && time.Now().Before(deadline) {
			for _, id := range hitIDs {
				if _, ok := leasedAt[id]; !ok {
					if o := c.owner(id); o != "" && o != victim {
						leasedAt[id] = time.Since(t0)
					}
				}
			}
			for _, p := range hit {
				if at, ok := p.ackedAfter(t0); ok {
					if _, seen := servedAt[p]; !seen {
						servedAt[p] = at.Sub(t0)
					}
				}
			}
			time.Sleep(20 * time.Millisecond)
		}
		if len(leasedAt) < len(hitIDs) || len(servedAt) < len(hit) {
			t.Errorf("round %d: %d of %d games leased elsewhere, %d of %d played on, 30 s after %s was %s",
				round, len(leasedAt), len(hitIDs), len(servedAt), len(hit), victim, how)
		}
		var roundServed []time.Duration
		for _, d := range leasedAt {
			if freeze {
				frozenLeased = append(frozenLeased, d)
			} else {
				leased = append(leased, d)
			}
		}
		for _, d := range servedAt {
			if freeze {
				frozenServed = append(frozenServed, d)
			} else {
				served = append(served, d)
			}
			roundServed = append(roundServed, d)
		}
		if freeze {
			c.lb.setDown(c.addrs[c.index(victim)], false)
			// Thawed, the stale owner finds its leases gone; whatever it
			// was doing is fenced off.
			if err := vp.cmd.Process.Signal(syscall.SIGCONT); err != nil {
				t.Fatal(err)
			}
		}
		time.Sleep(500 * time.Millisecond) // play on a little
		cancel()
		wg.Wait()
		acked := 0
		for _, p := range players {
			for _, b := range p.check(c.storedMoves(p.id)) {
				t.Errorf("round %d: %s", round, b)
			}
			for _, e := range p.ended[checkedEnded[p]:] {
				for _, b := range e.check(c.storedMoves(e.id)) {
					t.Errorf("round %d: %s", round, b)
				}
			}
			checkedEnded[p] = len(p.ended)
			p.mu.Lock()
			acked += len(p.acked)
			for _, b := range p.bad {
				t.Errorf("round %d: %s", round, b)
			}
			p.bad = nil
			refused += p.refused
			p.refused = 0
			p.mu.Unlock()
		}
		totalAcked = acked
		_, worst := medianMax(roundServed)
		t.Logf("round %d: %s %s owning %d of %d games; played on after %v at worst; %d moves kept",
			round, how, victim, len(hit), len(players), worst.Round(time.Millisecond), acked)
		if !freeze {
			c.start(c.index(victim))
		}
	}
	ended := 0
	for _, p := range players {
		ended += len(p.ended)
	}
	r := func(d time.Duration) time.Duration { return d.Round(time.Millisecond) }
	sm, sx := medianMax(served)
	lm, lx := medianMax(leased)
	t.Logf("killed: %d games hit: first move acknowledged again after median %v, max %v; lease taken after median %v, max %v",
		len(served), r(sm), r(sx), r(lm), r(lx))
	fm, fx := medianMax(frozenServed)
	flm, flx := medianMax(frozenLeased)
	t.Logf("frozen: %d games hit: first move acknowledged again after median %v, max %v; lease taken after median %v, max %v",
		len(frozenServed), r(fm), r(fx), r(flm), r(flx))
	t.Logf("%d rounds; %d moves in the current games, %d games played to the end; %d moves refused after a late move; every acknowledged move kept once",
		rounds, totalAcked, ended, refused)
	if sx > 10*time.Second {
		t.Errorf("a takeover took %v; want within 10 s", sx)
	}
	if ttl := server.DefaultLeaseTTL; lm < ttl/2 {
		t.Errorf("leases moved after %v, well inside their %v: were they renewed at all?", lm, ttl)
	}
}
