package loadtest

import (
	"context"
	"fmt"
	"io"
	"math/rand/v2"
	"net/http"
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
	// Nodes is the number of server nodes played against.
	Nodes int
	// ServerCPU and DatabaseCPU are the CPU time the server processes and
	// the database used in the window (zero without their PIDs).
	ServerCPU, DatabaseCPU time.Duration
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
	cfg.defaults()
	if len(levels) == 0 {
		return nil, fmt.Errorf("no levels")
	}
	top := 0
	for _, n := range levels {
		top = max(top, n)
	}
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
	hc := &http.Client{Transport: &http.Transport{MaxIdleConnsPerHost: 64}, Timeout: 30 * time.Second}
	defer hc.CloseIdleConnections()
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
	ctx, cancel := context.WithCancel(ctx)
	defer cancel()
	f := &fleet{cfg: cfg, bases: bases, named: named, g: g, hc: hc, rec: newRecorder(), setup: make(chan struct{}, cfg.Setup),
		seeds: rand.New(rand.NewPCG(cfg.Seed, 1))}
	var wg sync.WaitGroup
	defer wg.Wait()
	defer cancel()
	running := 0
	var steps []Step
	for _, n := range levels {
		if n <= running {
			continue
		}
		f.cfg.Games = n
		f.think = f.cfg.thinkTime()
		setupStart := time.Now()
		var started sync.WaitGroup
		for ; running < n; running++ {
			started.Add(1)
			wg.Add(1)
			seed := f.seeds.Uint64()
			go func() {
				defer wg.Done()
				f.play(ctx, seed, started.Done)
			}()
		}
		// A server that cannot take more games must not hang the ramp:
		// measure whatever got connected after a generous wait.
		all := make(chan struct{})
		go func() { started.Wait(); close(all) }()
		select {
		case <-all:
		case <-time.After(max(time.Minute, time.Duration(n)*20*time.Millisecond)):
			fmt.Fprintf(progress, "setup incomplete: %d of %d games connected\n", f.ready.Load(), n)
		case <-ctx.Done():
		}
		if ctx.Err() != nil {
			return steps, ctx.Err()
		}
		st := Step{Setup: time.Since(setupStart), Connected: int(f.ready.Load()), Nodes: len(bases)}
		fmt.Fprintf(progress, "%d games connected in %v (think %v); measuring for %v\n", f.ready.Load(), st.Setup.Round(time.Millisecond), f.think, cfg.Duration)
		before, _ := scrapeAll(ctx, hc, bases)
		cpu0, db0 := cpuTotal(cfg.serverPIDs(), false), cpuTotal(cfg.DatabasePIDs, true)
		f.rec.take(n) // start the window now
		states0 := f.states.Load()
		sleep(ctx, cfg.Duration)
		if ctx.Err() != nil {
			return steps, ctx.Err()
		}
		st.Window = f.rec.take(n)
		st.States = f.states.Load() - states0
		if len(cfg.serverPIDs()) > 0 {
			st.ServerCPU = cpuTotal(cfg.serverPIDs(), false) - cpu0
		}
		if len(cfg.DatabasePIDs) > 0 {
			st.DatabaseCPU = cpuTotal(cfg.DatabasePIDs, true) - db0
		}
		if after, err := scrapeAll(ctx, hc, bases); err == nil && before != nil {
			st.Connections = after["wyrm_ws_connections"]
			st.Forwarded = after["wyrm_forwarded_total"]
			st.ForwardedSockets = after["wyrm_forwarded_websockets_total"]
			st.SaveP99, _ = histQuantile(before, after, "wyrm_store_append_seconds", 0.99)
			st.ActionP99, _ = histQuantile(before, after, "wyrm_ws_action_seconds", 0.99)
		}
		for _, pid := range cfg.serverPIDs() {
			m, _ := readMemory(pid)
			st.Memory.RSS += m.RSS
			st.Memory.Peak += m.Peak
		}
		steps = append(steps, st)
		fmt.Fprintln(progress, st.String())
		failed := float64(st.ErrorCount()) > 0.01*float64(max(st.Moves, 1)) || st.Connected < n
		if (slo > 0 && st.P99 > slo) || failed {
			fmt.Fprintf(progress, "breaks at %d games: p99 %v (target %v), %d errors\n", n, st.P99, slo, st.ErrorCount())
			break
		}
	}
	return steps, nil
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
	if s.Nodes > 1 {
		line += fmt.Sprintf(" on %d nodes, %.0f requests forwarded (%.0f websockets)", s.Nodes, s.Forwarded, s.ForwardedSockets)
	}
	if s.SaveP99 != 0 {
		line += fmt.Sprintf(", store append p99 <= %s, message p99 <= %s", bound(s.SaveP99), bound(s.ActionP99))
	}
	if s.Memory.RSS > 0 {
		line += fmt.Sprintf(", RSS %.0f MiB (peak %.0f MiB)", float64(s.Memory.RSS)/(1<<20), float64(s.Memory.Peak)/(1<<20))
	}
	if c := s.CostPerMove(); c > 0 {
		line += fmt.Sprintf("\n  CPU per move %s (servers %.1fs, database %.1fs in the window)", ms(c), s.ServerCPU.Seconds(), s.DatabaseCPU.Seconds())
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
