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

	"wyrm/internal/balancer"
	"wyrm/internal/pgtest"
	"wyrm/server/cluster"
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
	lb    *balancer.Balancer
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
	lb, err := balancer.Start(c.addrs)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(lb.Close)
	c.lb = lb
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

// newPlayers makes one game of each kind, on each node in turn so that
// each owns some, and a player for it.
func (c *nodeCluster) newPlayers(kinds ...string) []*failoverPlayer {
	var players []*failoverPlayer
	for i, k := range kinds {
		g, err := createGame("http://"+c.addrs[i%len(c.addrs)], k)
		if err != nil {
			c.t.Fatal(err)
		}
		players = append(players, newFailoverPlayer(k, g))
	}
	return players
}

// play runs the players through the balancer until the returned func is
// called, which waits for them to stop.
func (c *nodeCluster) play(players []*failoverPlayer, rng *rand.Rand) (stop func()) {
	ctx, cancel := context.WithCancel(context.Background())
	var wg sync.WaitGroup
	for _, p := range players {
		seed := rng.Uint64()
		wg.Add(1)
		go func() {
			defer wg.Done()
			p.run(ctx, c.lb.URL(), newRand(seed))
		}()
	}
	return func() { cancel(); wg.Wait() }
}

// hitBy returns the players whose game node owns now, and the games.
func (c *nodeCluster) hitBy(players []*failoverPlayer, node string) ([]*failoverPlayer, []string) {
	var hit []*failoverPlayer
	var ids []string
	for _, p := range players {
		p.mu.Lock()
		id := p.id
		p.mu.Unlock()
		if c.owner(id) == node {
			hit = append(hit, p)
			ids = append(ids, id)
		}
	}
	return hit, ids
}

// recovery is how long the games a node owned took, after t0, to be
// leased by another node and to have a move acknowledged again.
type recovery struct {
	leased, served []time.Duration
	missing        int // games that did neither within the wait
}

// awaitRecovery waits up to 30 s for every game hit to recover.
func (c *nodeCluster) awaitRecovery(hit []*failoverPlayer, ids []string, node string, t0 time.Time) recovery {
	leasedAt := map[string]time.Duration{}
	servedAt := map[*failoverPlayer]time.Duration{}
	for deadline := t0.Add(30 * time.Second); time.Now().Before(deadline); time.Sleep(20 * time.Millisecond) {
		for _, id := range ids {
			if _, ok := leasedAt[id]; !ok {
				if o := c.owner(id); o != "" && o != node {
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
		if len(leasedAt) == len(ids) && len(servedAt) == len(hit) {
			break
		}
	}
	var r recovery
	for i, id := range ids {
		_, leased := leasedAt[id]
		_, served := servedAt[hit[i]]
		if !leased || !served {
			l, err := c.st.LeaseOf(context.Background(), id)
			c.t.Logf("game %s of %s not recovered: leased %v, played on %v; lease now %+v %v", id, node, leased, served, l, err)
		}
	}
	for _, d := range leasedAt {
		r.leased = append(r.leased, d)
	}
	for _, d := range servedAt {
		r.served = append(r.served, d)
	}
	r.missing = len(ids) - len(leasedAt) + len(hit) - len(servedAt)
	return r
}

// verify checks every game, the players' current ones and those that
// ended since the last check, against the database, and returns how many
// moves were acknowledged and how many moves are stored unacknowledged
// (sent when a connection failed).
func (c *nodeCluster) verify(players []*failoverPlayer, checked map[*failoverPlayer]int, when string) (acked, unacked int) {
	for _, p := range players {
		games := append([]*failoverPlayer{p}, p.ended[checked[p]:]...)
		checked[p] = len(p.ended)
		for _, g := range games {
			stored := c.storedMoves(g.id)
			for _, b := range g.check(stored) {
				c.t.Errorf("%s: %s", when, b)
			}
			g.mu.Lock()
			acked += len(g.acked)
			unacked += len(stored) - len(g.acked)
			g.mu.Unlock()
		}
		p.mu.Lock()
		for _, b := range p.bad {
			c.t.Errorf("%s: %s", when, b)
		}
		p.bad = nil
		p.mu.Unlock()
	}
	return acked, unacked
}

// TestFailoverLosesNothing runs three nodes on one PostgreSQL and plays
// games through a balancer in front of them, each seat on whichever node
// the balancer picks, while the owner of a random game is SIGKILLed (and
// restarted) at a random moment, round after round: 20 kills, and every
// fifth round it is frozen (SIGSTOP) past its leases instead and thawed,
// so that a live stale owner meets the fencing. After each round every game must
// hold every acknowledged move, once, in order, and no move that was not
// sent there. The time from the kill to the first move acknowledged again
// in each of the victim's games, and to another node holding its lease,
// is the takeover time.
func TestFailoverLosesNothing(t *testing.T) {
	if testing.Short() {
		t.Skip("runs three wyrm processes on PostgreSQL")
	}
	rounds := 25
	if v, err := strconv.Atoi(os.Getenv("WYRM_FAILOVER_ROUNDS")); err == nil && v > 0 {
		rounds = v
	}
	c := startCluster(t, 3)
	players := c.newPlayers("dragon", "dragonchess", "dragon", "dragonchess", "dragon", "dragonchess")
	rng := newRand(20261201)
	var killed, frozen recovery
	checked := map[*failoverPlayer]int{}
	acked, unacked := 0, 0
	for round := range rounds {
		stop := c.play(players, rng)
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
		hit, ids := c.hitBy(players, victim)
		vp := c.procs[c.index(victim)]
		freeze := round%5 == 4
		sig, how, into := syscall.SIGKILL, "killed", &killed
		if freeze {
			sig, how, into = syscall.SIGSTOP, "frozen", &frozen
		}
		t0 := time.Now()
		if err := vp.cmd.Process.Signal(sig); err != nil {
			t.Fatal(err)
		}
		if freeze {
			// As a balancer's health check would find after a while.
			go func() {
				time.Sleep(time.Second)
				c.lb.SetDown(c.addrs[c.index(victim)], true)
			}()
		}
		r := c.awaitRecovery(hit, ids, victim, t0)
		if r.missing > 0 {
			t.Errorf("round %d: %d of %d games not recovered 30 s after %s was %s", round, r.missing, len(ids), victim, how)
		}
		into.leased = append(into.leased, r.leased...)
		into.served = append(into.served, r.served...)
		if freeze {
			// Thawed, the stale owner finds its leases gone; whatever it
			// was doing is fenced off.
			if err := vp.cmd.Process.Signal(syscall.SIGCONT); err != nil {
				t.Fatal(err)
			}
			c.lb.SetDown(c.addrs[c.index(victim)], false)
		}
		time.Sleep(500 * time.Millisecond) // play on a little
		stop()
		a, u := c.verify(players, checked, fmt.Sprintf("round %d", round))
		_, worst := medianMax(r.served)
		t.Logf("round %d: %s %s owning %d of %d games; played on after %v at worst; %d moves acknowledged in the current games",
			round, how, victim, len(hit), len(players), worst.Round(time.Millisecond), a)
		if !freeze {
			c.start(c.index(victim))
		}
		if round == rounds-1 {
			acked, unacked = a, u
		}
	}
	ended := 0
	for _, p := range players {
		ended += len(p.ended)
		for _, e := range p.ended {
			acked += len(e.acked)
		}
	}
	ms := func(d time.Duration) time.Duration { return d.Round(time.Millisecond) }
	for _, k := range []struct {
		how string
		r   recovery
	}{{"killed", killed}, {"frozen", frozen}} {
		sm, sx := medianMax(k.r.served)
		lm, lx := medianMax(k.r.leased)
		t.Logf("%s: %d games hit: first move acknowledged again after median %v, max %v; lease taken after median %v, max %v",
			k.how, len(k.r.served), ms(sm), ms(sx), ms(lm), ms(lx))
	}
	t.Logf("%d rounds, %d games (%d played to the end): %d moves acknowledged, every one stored once in its place; %d more stored unacknowledged (sent as a connection failed)",
		rounds, len(players)+ended, ended, acked, unacked)
	if _, sx := medianMax(killed.served); sx > 10*time.Second {
		t.Errorf("a takeover took %v; want within 10 s", sx)
	}
	if lm, _ := medianMax(killed.leased); lm < cluster.DefaultLeaseTTL/2 {
		t.Errorf("leases moved after %v, well inside their %v: were they renewed at all?", lm, cluster.DefaultLeaseTTL)
	}
}

// TestRollingRestartLosesNothing restarts each of three nodes in turn
// (SIGTERM, then start again) while games are played through the
// balancer: a node stopping gives up its leases, so its games move at
// once, far sooner than a dead node's, and nothing acknowledged is lost.
func TestRollingRestartLosesNothing(t *testing.T) {
	if testing.Short() {
		t.Skip("runs three wyrm processes on PostgreSQL")
	}
	c := startCluster(t, 3)
	players := c.newPlayers("dragon", "dragonchess", "dragon", "dragonchess", "dragon", "dragonchess")
	rng := newRand(7)
	checked := map[*failoverPlayer]int{}
	var all recovery
	stop := c.play(players, rng)
	for i, name := range c.names {
		time.Sleep(time.Second)
		hit, ids := c.hitBy(players, name)
		p := c.procs[i]
		t0 := time.Now()
		if err := p.cmd.Process.Signal(syscall.SIGTERM); err != nil {
			t.Fatal(err)
		}
		r := c.awaitRecovery(hit, ids, name, t0)
		if r.missing > 0 {
			t.Errorf("%d of %d games of %s not recovered 30 s after SIGTERM", r.missing, len(ids), name)
		}
		select {
		case <-p.exited:
		case <-time.After(15 * time.Second):
			t.Fatalf("%s still running 15 s after SIGTERM", name)
		}
		if p.err != nil {
			t.Errorf("%s exited with %v\n%s", name, p.err, p.stderr)
		}
		all.served = append(all.served, r.served...)
		all.leased = append(all.leased, r.leased...)
		c.start(i)
		_, worst := medianMax(r.served)
		t.Logf("%s restarted: %d games moved, played on after %v at worst", name, len(hit), worst.Round(time.Millisecond))
	}
	time.Sleep(time.Second)
	stop()
	acked, _ := c.verify(players, checked, "after the rolling restart")
	sm, sx := medianMax(all.served)
	lm, lx := medianMax(all.leased)
	t.Logf("rolling restart: %d games moved: first move acknowledged again after median %v, max %v; lease taken after median %v, max %v; %d moves acknowledged, all kept",
		len(all.served), sm.Round(time.Millisecond), sx.Round(time.Millisecond), lm.Round(time.Millisecond), lx.Round(time.Millisecond), acked)
	if sx >= cluster.DefaultLeaseTTL {
		t.Errorf("a game took %v to move from a node stopping; its lease was not given up", sx)
	}
}
