package loadtest

import (
	"context"
	"fmt"
	"io"
	"math/rand/v2"
	"net/http"
	"os"
	"sync"
	"time"

	"wyrm/games"
)

// Step is one measured load level.
type Step struct {
	Window
	// Setup is how long creating and connecting the games took.
	Setup time.Duration
	// Connected is how many game slots got their first game connected.
	Connected int
	// Memory of the server at the end of the step (zero without a PID).
	Memory Memory
	// Connections is the server's open websocket gauge at the end.
	Connections float64
	// SaveP99 is the server's own p99 time to store an action (upper
	// bucket bound, seconds; -1 above the last bucket).
	SaveP99 float64
	// ActionP99 is the server's p99 time to handle a websocket message.
	ActionP99 float64
	// States is the number of state messages the clients received.
	States int64
	// Reconnects counts seats that connected again after the server
	// closed their connection, as when a game moves to another node.
	Reconnects int64
	// Nodes is the number of server nodes played against.
	Nodes int
	// Workers is the number of load generator processes (0 or 1: this one).
	Workers int
	// ServerCPU and DatabaseCPU are the CPU time the server processes and
	// the database used in the window (zero without their PIDs).
	ServerCPU, DatabaseCPU time.Duration
	// ClientCPU is the CPU time the load generator's worker processes
	// used in the window (zero when the load came from this process).
	ClientCPU time.Duration
	// Forwarded is how many requests (websockets included) the nodes have
	// forwarded to another node since they started.
	Forwarded float64
	// ForwardedSockets is how many of those were websockets.
	ForwardedSockets float64
}

// CostPerMove is the CPU time the servers and the database spent per
// acknowledged move, 0 when not measured.
func (s Step) CostPerMove() time.Duration {
	if s.Moves == 0 {
		return 0
	}
	return (s.ServerCPU + s.DatabaseCPU) / time.Duration(s.Moves)
}

// Run plays cfg.Games games for cfg.Duration and reports the step.
func Run(ctx context.Context, cfg Config, progress io.Writer) (Step, error) {
	steps, err := Ramp(ctx, cfg, []int{cfg.Games}, 0, progress)
	if len(steps) == 0 {
		return Step{}, err
	}
	return steps[0], err
}

// Ramp plays at each number of games in levels in turn (keeping the
// games of the previous level and adding more), for cfg.Duration each,
// and stops after the first level whose p99 round trip exceeds slo (when
// slo > 0) or where more than 1% of moves fail. cfg.Games is ignored.
func Ramp(ctx context.Context, cfg Config, levels []int, slo time.Duration, progress io.Writer) ([]Step, error) {
	if progress == nil {
		progress = io.Discard
	}
	if len(levels) == 0 {
		return nil, fmt.Errorf("no levels")
	}
	top := 0
	for _, n := range levels {
		top = max(top, n)
	}
	ctx, cancel := context.WithCancel(ctx)
	defer cancel()
	f, err := newFleet(ctx, cfg, top)
	if err != nil {
		return nil, err
	}
	defer f.hc.CloseIdleConnections()
	defer f.wg.Wait()
	defer cancel()
	var steps []Step
	for _, n := range levels {
		if n <= f.running {
			continue
		}
		setup := f.grow(ctx, n, progress)
		if ctx.Err() != nil {
			return steps, ctx.Err()
		}
		st := Step{Setup: setup, Connected: int(f.ready.Load()), Nodes: len(f.bases)}
		fmt.Fprintf(progress, "%d games connected in %v (think %v); measuring for %v\n", f.ready.Load(), st.Setup.Round(time.Millisecond), f.think, cfg.Duration)
		m := startMeter(ctx, f.hc, f.cfg, f.bases)
		s, err := f.measure(ctx)
		if err != nil {
			return steps, err
		}
		st.Window = s.window(n)
		st.States, st.Reconnects = s.States, s.Reconnects
		m.finish(ctx, &st)
		steps = append(steps, st)
		fmt.Fprintln(progress, st.String())
		if st.missed(n, slo) {
			fmt.Fprintf(progress, "breaks at %d games: p99 %v (target %v), %d errors\n", n, st.P99, slo, st.ErrorCount())
			break
		}
	}
	return steps, nil
}

// missed says whether a step of n games failed its target: p99 above slo
// (when slo > 0), more than 1% of moves failing, or games not connected.
func (s Step) missed(n int, slo time.Duration) bool {
	failed := float64(s.ErrorCount()) > 0.01*float64(max(s.Moves, 1)) || s.Connected < n
	return (slo > 0 && s.P99 > slo) || failed
}

// newFleet checks cfg for up to top games, waits until every node
// answers, and returns a fleet with no games yet.
func newFleet(ctx context.Context, cfg Config, top int) (*fleet, error) {
	cfg.defaults()
	check := cfg
	check.Games = top
	if err := check.check(); err != nil {
		return nil, err
	}
	var bases []string
	for _, a := range cfg.addrs() {
		b, _ := BaseURL(a)
		bases = append(bases, b)
	}
	g, err := games.Lookup(cfg.Game)
	if err != nil {
		return nil, err
	}
	hc := newHTTPClient()
	named := map[string]string{}
	for _, base := range bases {
		name, err := waitHealthy(ctx, hc, base, 10*time.Second)
		if err != nil {
			return nil, err
		}
		if name != "" {
			named[name] = base
		}
	}
	if cfg.Direct && len(named) != len(bases) {
		return nil, fmt.Errorf("direct routing needs every node to name itself (X-Wyrm-Node); %d of %d did", len(named), len(bases))
	}
	f := &fleet{cfg: cfg, bases: bases, named: named, g: g, hc: hc, rec: newRecorder(), setup: make(chan struct{}, cfg.Setup),
		seeds: rand.New(rand.NewPCG(cfg.Seed, 1))}
	f.client.Store(cfg.ClientBase)
	return f, nil
}

// newHTTPClient is the client for the API calls (not the websockets).
func newHTTPClient() *http.Client {
	return &http.Client{Transport: &http.Transport{MaxIdleConnsPerHost: 64}, Timeout: 30 * time.Second}
}

// grow starts game slots until n are running and waits until they are
// connected (or a generous time has passed, so that a server that cannot
// take more games does not hang the run). It returns how long that took.
func (f *fleet) grow(ctx context.Context, n int, progress io.Writer) time.Duration {
	f.cfg.Games = n
	f.think = f.cfg.ThinkTime()
	start := time.Now()
	var started sync.WaitGroup
	for ; f.running < n; f.running++ {
		started.Add(1)
		f.wg.Add(1)
		seed := f.seeds.Uint64()
		go func() {
			defer f.wg.Done()
			f.play(ctx, seed, started.Done)
		}()
	}
	all := make(chan struct{})
	go func() { started.Wait(); close(all) }()
	select {
	case <-all:
	case <-time.After(max(time.Minute, time.Duration(n)*20*time.Millisecond)):
		fmt.Fprintf(progress, "setup incomplete: %d of %d games connected\n", f.ready.Load(), n)
	case <-ctx.Done():
	}
	return time.Since(start)
}

// measure records one window of f.cfg.Duration from now: the moves, the
// states received, the seats reconnected, and this process's CPU time.
func (f *fleet) measure(ctx context.Context) (Sample, error) {
	f.rec.take(f.cfg.Games) // start the window now
	states0, reconnects0 := f.states.Load(), f.reconnects.Load()
	cpu0 := cpuTotal([]int{os.Getpid()}, false)
	sleep(ctx, f.cfg.Duration)
	if ctx.Err() != nil {
		return Sample{}, ctx.Err()
	}
	s := f.rec.takeSample()
	s.States = f.states.Load() - states0
	s.Reconnects = f.reconnects.Load() - reconnects0
	s.ClientCPU = cpuTotal([]int{os.Getpid()}, false) - cpu0
	return s, nil
}

// meter takes the servers' and the database's counters at the start of a
// window, to subtract at its end.
type meter struct {
	hc       *http.Client
	cfg      Config
	bases    []string
	before   map[string]float64
	cpu0     time.Duration
	database time.Duration
}

func startMeter(ctx context.Context, hc *http.Client, cfg Config, bases []string) meter {
	before, _ := scrapeAll(ctx, hc, bases)
	return meter{hc: hc, cfg: cfg, bases: bases, before: before,
		cpu0: cpuTotal(cfg.serverPIDs(), false), database: cpuTotal(cfg.DatabasePIDs, true)}
}

// finish fills in st what the servers and the database did in the window,
// and the servers' memory now.
func (m meter) finish(ctx context.Context, st *Step) {
	if len(m.cfg.serverPIDs()) > 0 {
		st.ServerCPU = cpuTotal(m.cfg.serverPIDs(), false) - m.cpu0
	}
	if len(m.cfg.DatabasePIDs) > 0 {
		st.DatabaseCPU = cpuTotal(m.cfg.DatabasePIDs, true) - m.database
	}
	if after, err := scrapeAll(ctx, m.hc, m.bases); err == nil && m.before != nil {
		st.Connections = after["wyrm_ws_connections"]
		st.Forwarded = after["wyrm_forwarded_total"]
		st.ForwardedSockets = after["wyrm_forwarded_websockets_total"]
		st.SaveP99, _ = histQuantile(m.before, after, "wyrm_store_append_seconds", 0.99)
		st.ActionP99, _ = histQuantile(m.before, after, "wyrm_ws_action_seconds", 0.99)
	}
	for _, pid := range m.cfg.serverPIDs() {
		mem, _ := readMemory(pid)
		st.Memory.RSS += mem.RSS
		st.Memory.Peak += mem.Peak
	}
}

// String is one line per step for people.
func (s Step) String() string {
	line := fmt.Sprintf("games %d: %d moves in %.1fs = %.0f moves/s; round trip p50 %v p90 %v p99 %v max %v; errors %d",
		s.Games, s.Moves, s.Elapsed.Seconds(), s.PerSec, ms(s.P50), ms(s.P90), ms(s.P99), ms(s.Max), s.ErrorCount())
	for k, v := range s.Errors {
		line += fmt.Sprintf("\n  error %dx: %s", v, k)
	}
	line += fmt.Sprintf("\n  games connected %d, started %d, finished %d; setup %v; states received %d; server: %.0f websockets",
		s.Connected, s.Started, s.Finished, s.Setup.Round(time.Millisecond), s.States, s.Connections)
	if s.Reconnects > 0 {
		line += fmt.Sprintf(" (%d seats reconnected after their game moved)", s.Reconnects)
	}
	if s.Nodes > 1 {
		line += fmt.Sprintf(" on %d nodes, %.0f requests forwarded (%.0f websockets)", s.Nodes, s.Forwarded, s.ForwardedSockets)
	}
	if s.SaveP99 != 0 {
		line += fmt.Sprintf(", store append p99 <= %s, message p99 <= %s", bound(s.SaveP99), bound(s.ActionP99))
	}
	if s.Memory.RSS > 0 {
		line += fmt.Sprintf(", RSS %.0f MiB (peak %.0f MiB)", float64(s.Memory.RSS)/(1<<20), float64(s.Memory.Peak)/(1<<20))
	}
	if s.Workers > 1 {
		line += fmt.Sprintf("; load from %d processes", s.Workers)
	}
	if c := s.CostPerMove(); c > 0 {
		line += fmt.Sprintf("\n  CPU per move %s (servers %.1fs, database %.1fs in the window)", ms(c), s.ServerCPU.Seconds(), s.DatabaseCPU.Seconds())
		if s.ClientCPU > 0 {
			line += fmt.Sprintf("; the load generator used %.1fs more", s.ClientCPU.Seconds())
		}
	}
	return line
}

func ms(d time.Duration) string { return fmt.Sprintf("%.1fms", float64(d.Microseconds())/1000) }

func bound(s float64) string {
	if s < 0 {
		return ">2.5s"
	}
	return fmt.Sprintf("%gs", s)
}
