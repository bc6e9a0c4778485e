package main

import (
	"context"
	"errors"
	"flag"
	"fmt"
	"io"
	"log/slog"
	"net"
	"os"
	"os/exec"
	"os/signal"
	"path/filepath"
	"strconv"
	"strings"
	"syscall"
	"time"

	"wyrm/games"
	"wyrm/loadtest"
	"wyrm/server"
	"wyrm/server/store"
)

func runLoadtest(args []string, _ io.Reader, stdout, stderr io.Writer) int {
	fs := flag.NewFlagSet("loadtest", flag.ContinueOnError)
	fs.SetOutput(stderr)
	var addrs []string
	fs.Func("addr", "server URL on loopback, e.g. http://127.0.0.1:8080 (or use -spawn / -inprocess); several nodes of one cluster: repeat it or give a comma-separated list", func(v string) error {
		for _, a := range strings.Split(v, ",") {
			if a = strings.TrimSpace(a); a != "" {
				addrs = append(addrs, a)
			}
		}
		return nil
	})
	n := fs.Int("games", 100, "games played at once")
	dur := fs.Duration("duration", 30*time.Second, "measuring time (per level with -ramp)")
	rate := fs.Float64("rate", 0, "total moves per second over all games (0: use -think)")
	think := fs.Duration("think", time.Second, "mean think time per move when -rate is 0")
	kind := fs.String("game", "dragon", "game to play: "+strings.Join(games.Names(), ", "))
	ramp := fs.String("ramp", "", "comma-separated numbers of games to step through, stopping where -slo is missed")
	slo := fs.Duration("slo", 50*time.Millisecond, "p99 move round trip target for -ramp")
	spawn := fs.Bool("spawn", false, "start \"wyrm serve\" on a free loopback port and a fresh database, and report its memory")
	direct := fs.Bool("direct", false, "with several nodes: send each game's websockets to the node its answers name (X-Wyrm-Node), as a proxy routing on the ?node= hint does, rather than round robin")
	nodes := fs.Int("nodes", 1, "with -spawn: how many nodes to start on the -db PostgreSQL database")
	db := fs.String("db", "", "with -spawn: the database, a postgres:// URL (default: a fresh SQLite file)")
	dbPIDs := fs.String("db-pid", "", "comma-separated processes of the database (a PostgreSQL postmaster) whose CPU time, with their children's, counts in the cost per move")
	inproc := fs.Bool("inprocess", false, "run the server inside this process (for -cpuprofile)")
	cpuprofile := fs.String("cpuprofile", "", "write a CPU profile of this process to the file; with -spawn, of each node instead, to the file with .nodeN added")
	pids := fs.String("pid", "", "server process to report the memory and CPU time of (comma-separated for several nodes)")
	seed := fs.Uint64("seed", 1, "seed for the choice of moves")
	leaseTTL := fs.Duration("lease-ttl", 0, "with -spawn and several nodes: the nodes' lease time (0: wyrm serve's default)")
	workers := fs.Int("workers", 1, "load generator processes to spread the games over (each holds two websockets a game, within its own open-file limit)")
	worker := fs.Int("worker", 0, "internal: run as worker N of a -workers run, talking to the coordinator on standard input and output")
	clientHeader := fs.String("client-header", "X-Forwarded-For", "header giving each simulated player an address of its own, so per-client limits apply to each as to a real player (with -addr, start the server with the same -proxy-header); empty: all players share this machine's address")
	if err := fs.Parse(args); err != nil {
		return 2
	}
	if fs.NArg() > 0 {
		fmt.Fprintln(stderr, "wyrm loadtest: unexpected arguments:", strings.Join(fs.Args(), " "))
		return 2
	}
	if *workers < 1 || *workers > 16 {
		fmt.Fprintln(stderr, "wyrm loadtest: -workers must be 1 to 16")
		return 2
	}
	var levels []int
	if *ramp != "" {
		for _, s := range strings.Split(*ramp, ",") {
			v, err := strconv.Atoi(strings.TrimSpace(s))
			if err != nil || v < 1 {
				fmt.Fprintf(stderr, "wyrm loadtest: bad -ramp level %q\n", s)
				return 2
			}
			levels = append(levels, v)
		}
	}
	if *workers > 1 && (*inproc || *ramp != "" || *cpuprofile != "" && !*spawn) {
		fmt.Fprintln(stderr, "wyrm loadtest: -workers goes with -addr or -spawn, without -ramp, and profiles only the spawned nodes")
		return 2
	}
	if (len(addrs) > 0) == (*spawn || *inproc) || (*spawn && *inproc) {
		fmt.Fprintln(stderr, "wyrm loadtest: give exactly one of -addr, -spawn or -inprocess")
		return 2
	}
	if *nodes < 1 || *nodes > 1 && !(*spawn && store.IsPostgres(*db)) {
		fmt.Fprintln(stderr, "wyrm loadtest: -nodes above 1 needs -spawn and a -db postgres:// URL")
		return 2
	}
	serverPIDs, err := pidList(*pids)
	if err != nil {
		fmt.Fprintln(stderr, "wyrm loadtest: -pid:", err)
		return 2
	}
	databasePIDs, err := pidList(*dbPIDs)
	if err != nil {
		fmt.Fprintln(stderr, "wyrm loadtest: -db-pid:", err)
		return 2
	}
	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt, syscall.SIGTERM)
	defer stop()
	cfg := loadtest.Config{Addrs: addrs, Game: *kind, Games: *n, Duration: *dur, Rate: *rate, Think: *think, Seed: *seed,
		ServerPIDs: serverPIDs, DatabasePIDs: databasePIDs, ClientHeader: *clientHeader, Direct: *direct}
	for _, a := range addrs {
		if _, err := loadtest.BaseURL(a); err != nil {
			fmt.Fprintln(stderr, "wyrm loadtest:", err)
			return 2
		}
	}
	if *worker > 0 {
		cfg.ClientBase = int64(*worker) * loadtest.WorkerBase
		cfg.Seed += uint64(*worker)
		if err := loadtest.Work(ctx, cfg, os.Stdin, stdout, stderr); err != nil && !errors.Is(err, context.Canceled) {
			fmt.Fprintln(stderr, "wyrm loadtest: worker:", err)
			return 1
		}
		return 0
	}
	dir, err := os.MkdirTemp("", "wyrm-loadtest-")
	if err != nil {
		fmt.Fprintln(stderr, "wyrm loadtest:", err)
		return 1
	}
	defer os.RemoveAll(dir)
	switch {
	case *spawn:
		target := *db
		if target == "" {
			target = filepath.Join(dir, "load.db")
		}
		for i := range *nodes {
			prof := ""
			if *cpuprofile != "" {
				prof = fmt.Sprintf("%s.node%d", *cpuprofile, i+1)
			}
			p, a, err := spawnServer(target, i+1, *nodes, *clientHeader, prof, *leaseTTL, stderr)
			if err != nil {
				fmt.Fprintln(stderr, "wyrm loadtest:", err)
				return 1
			}
			defer func() {
				p.Process.Signal(syscall.SIGTERM)
				p.Wait()
			}()
			cfg.Addrs = append(cfg.Addrs, a)
			cfg.ServerPIDs = append(cfg.ServerPIDs, p.Process.Pid)
		}
	case *inproc:
		a, stopServer, err := inProcessServer(filepath.Join(dir, "load.db"), *clientHeader)
		if err != nil {
			fmt.Fprintln(stderr, "wyrm loadtest:", err)
			return 1
		}
		defer stopServer()
		cfg.Addrs, cfg.ServerPID = []string{a}, os.Getpid()
	}
	if *cpuprofile != "" && !*spawn {
		stopProfile, err := startCPUProfile(*cpuprofile)
		if err != nil {
			fmt.Fprintln(stderr, "wyrm loadtest:", err)
			return 1
		}
		defer stopProfile()
	}
	fmt.Fprintf(stdout, "wyrm loadtest against %s: %s\n", strings.Join(cfg.Addrs, ", "), cfg.Game)
	var steps []loadtest.Step
	if *workers > 1 {
		var st loadtest.Step
		st, err = spreadRun(ctx, cfg, *workers, stdout, stderr)
		if err == nil {
			steps = append(steps, st)
		}
	} else if levels != nil {
		steps, err = loadtest.Ramp(ctx, cfg, levels, *slo, stdout)
	} else {
		var st loadtest.Step
		st, err = loadtest.Run(ctx, cfg, stdout)
		if err == nil {
			steps = append(steps, st)
		}
	}
	if err != nil && !errors.Is(err, context.Canceled) {
		fmt.Fprintln(stderr, "wyrm loadtest:", err)
		return 1
	}
	for _, st := range steps {
		if st.ErrorCount() > 0 && levels == nil {
			return 1
		}
	}
	return 0
}

// freeLoopback returns a loopback address nobody listens on now.
func freeLoopback() (string, error) {
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		return "", err
	}
	defer ln.Close()
	return ln.Addr().String(), nil
}

// pidList reads a comma-separated list of process ids.
func pidList(s string) ([]int, error) {
	var out []int
	for _, f := range strings.Split(s, ",") {
		if f = strings.TrimSpace(f); f == "" {
			continue
		}
		pid, err := strconv.Atoi(f)
		if err != nil || pid <= 0 {
			return nil, fmt.Errorf("bad process id %q", f)
		}
		out = append(out, pid)
	}
	return out, nil
}

// spawnServer starts this binary's "serve" on a free loopback port and
// db; node i of n when there are several.
func spawnServer(db string, i, n int, proxyHeader, cpuprofile string, leaseTTL time.Duration, stderr io.Writer) (*exec.Cmd, string, error) {
	exe, err := os.Executable()
	if err != nil {
		return nil, "", err
	}
	addr, err := freeLoopback()
	if err != nil {
		return nil, "", err
	}
	args := []string{"serve", "--addr", addr, "--db", db, "--log-level", "warn", "--proxy-header", proxyHeader}
	if n > 1 {
		args = append(args, "--node", fmt.Sprintf("load%d", i), "--advertise", "http://"+addr)
		if leaseTTL > 0 {
			args = append(args, "--lease-ttl", leaseTTL.String())
		}
	}
	if cpuprofile != "" {
		args = append(args, "--cpuprofile", cpuprofile)
	}
	cmd := exec.Command(exe, args...)
	cmd.Stderr = stderr
	if err := cmd.Start(); err != nil {
		return nil, "", err
	}
	return cmd, "http://" + addr, nil
}

// inProcessServer serves a fresh database on a free loopback port.
func inProcessServer(db, proxyHeader string) (string, func(), error) {
	st, err := store.Open(db)
	if err != nil {
		return "", nil, err
	}
	srv, err := server.New(server.Config{Store: st, Games: games.All(), Log: slog.New(slog.DiscardHandler), ProxyHeader: proxyHeader})
	if err != nil {
		st.Close()
		return "", nil, err
	}
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		srv.Close()
		st.Close()
		return "", nil, err
	}
	hs := server.HTTPServer(srv.Handler(), 0)
	go hs.Serve(ln)
	return "http://" + ln.Addr().String(), func() {
		ctx, cancel := context.WithTimeout(context.Background(), 5*time.Second)
		defer cancel()
		hs.Shutdown(ctx)
		srv.Close()
		st.Close()
	}, nil
}

// spreadRun starts n worker processes of this binary, each playing its
// share of cfg's games against cfg's nodes, and measures them together.
func spreadRun(ctx context.Context, cfg loadtest.Config, n int, stdout, stderr io.Writer) (loadtest.Step, error) {
	exe, err := os.Executable()
	if err != nil {
		return loadtest.Step{}, err
	}
	if cfg.Games < n {
		return loadtest.Step{}, fmt.Errorf("%d games cannot be spread over %d processes", cfg.Games, n)
	}
	think := cfg.ThinkTime()
	var ws []loadtest.Worker
	for i := range n {
		share := cfg.Games / n
		if i < cfg.Games%n {
			share++
		}
		args := []string{"loadtest", "-worker", strconv.Itoa(i + 1), "-addr", strings.Join(cfg.Addrs, ","),
			"-game", cfg.Game, "-games", strconv.Itoa(share), "-think", think.String(), "-duration", cfg.Duration.String(),
			"-seed", strconv.FormatUint(cfg.Seed, 10), "-client-header", cfg.ClientHeader}
		if cfg.Direct {
			args = append(args, "-direct")
		}
		cmd := exec.CommandContext(ctx, exe, args...)
		cmd.Stderr = stderr
		in, err := cmd.StdinPipe()
		if err != nil {
			return loadtest.Step{}, err
		}
		out, err := cmd.StdoutPipe()
		if err != nil {
			return loadtest.Step{}, err
		}
		if err := cmd.Start(); err != nil {
			return loadtest.Step{}, err
		}
		// Closing its input tells a worker to stop.
		defer func() {
			in.Close()
			cmd.Wait()
		}()
		ws = append(ws, loadtest.Worker{In: in, Out: out})
	}
	return loadtest.Spread(ctx, cfg, ws, stdout)
}
