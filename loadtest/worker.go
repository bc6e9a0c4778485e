package loadtest

import (
	"bufio"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"strconv"
	"strings"
	"sync"
	"time"
)

// One process can hold only as many websockets as its open-file limit
// allows, two per game. A larger run is spread over worker processes:
// each plays its share of the games, and all measure the same window
// when the coordinating process says so. The conversation is by lines:
//
//	worker → "ready N"      its N games are connected
//	coordinator → "measure"  start the window now
//	worker → one JSON Sample after Duration
//
// and the worker stops when its input closes.

// WorkerBase is how far apart the workers number their players'
// addresses (see Config.ClientBase).
const WorkerBase = 1 << 20

// Work plays cfg.Games games as one worker of a spread run, talking to
// its coordinator over in and out. It returns when in is closed or ctx
// is done.
func Work(ctx context.Context, cfg Config, in io.Reader, out io.Writer, progress io.Writer) error {
	if progress == nil {
		progress = io.Discard
	}
	ctx, cancel := context.WithCancel(ctx)
	defer cancel()
	f, err := newFleet(ctx, cfg, cfg.Games)
	if err != nil {
		return err
	}
	defer f.hc.CloseIdleConnections()
	defer f.wg.Wait()
	defer cancel()
	f.grow(ctx, cfg.Games, progress)
	if ctx.Err() != nil {
		return ctx.Err()
	}
	if _, err := fmt.Fprintf(out, "ready %d\n", f.ready.Load()); err != nil {
		return err
	}
	lines := bufio.NewScanner(in)
	for lines.Scan() {
		if lines.Text() != "measure" {
			return fmt.Errorf("worker: unexpected %q from the coordinator", lines.Text())
		}
		s, err := f.measure(ctx)
		if err != nil {
			return err
		}
		b, err := json.Marshal(s)
		if err != nil {
			return err
		}
		if _, err := fmt.Fprintf(out, "%s\n", b); err != nil {
			return err
		}
	}
	return lines.Err()
}

// Worker is a running worker process as the coordinator sees it: its
// standard input and output.
type Worker struct {
	In  io.WriteCloser
	Out io.Reader
}

// Spread plays cfg.Games games spread over workers (already started, each
// told its share) and measures one window of cfg.Duration, as Run does.
// The servers' and database's counters are read here.
func Spread(ctx context.Context, cfg Config, workers []Worker, progress io.Writer) (Step, error) {
	if progress == nil {
		progress = io.Discard
	}
	if len(workers) == 0 {
		return Step{}, errors.New("no workers")
	}
	cfg.defaults()
	if err := cfg.check(); err != nil {
		return Step{}, err
	}
	var bases []string
	for _, a := range cfg.addrs() {
		b, _ := BaseURL(a)
		bases = append(bases, b)
	}
	readers := make([]*bufio.Reader, len(workers))
	for i, w := range workers {
		readers[i] = bufio.NewReaderSize(w.Out, 1<<16)
	}
	start := time.Now()
	st := Step{Nodes: len(bases), Workers: len(workers)}
	// Each worker gives up on its own setup after a while; wait for all.
	readies, err := eachWorker(ctx, readers, func(line string) (int, error) {
		n, ok := strings.CutPrefix(line, "ready ")
		if !ok {
			return 0, fmt.Errorf("expected ready, got %q", shorten(line))
		}
		return strconv.Atoi(n)
	})
	if err != nil {
		return st, err
	}
	for _, n := range readies {
		st.Connected += n
	}
	st.Setup = time.Since(start)
	fmt.Fprintf(progress, "%d games connected by %d processes in %v; measuring for %v\n", st.Connected, len(workers), st.Setup.Round(time.Millisecond), cfg.Duration)
	hc := newHTTPClient()
	defer hc.CloseIdleConnections()
	m := startMeter(ctx, hc, cfg, bases)
	for i, w := range workers {
		if _, err := io.WriteString(w.In, "measure\n"); err != nil {
			return st, fmt.Errorf("worker %d: %v", i+1, err)
		}
	}
	samples, err := eachWorker(ctx, readers, func(line string) (Sample, error) {
		var s Sample
		err := json.Unmarshal([]byte(line), &s)
		return s, err
	})
	if err != nil {
		return st, err
	}
	var all Sample
	for _, s := range samples {
		all.merge(s)
	}
	st.Window = all.window(cfg.Games)
	st.States, st.Reconnects, st.ClientCPU = all.States, all.Reconnects, all.ClientCPU
	m.finish(ctx, &st)
	fmt.Fprintln(progress, st.String())
	return st, nil
}

// eachWorker reads one line from every worker at once and parses it.
func eachWorker[T any](ctx context.Context, readers []*bufio.Reader, parse func(string) (T, error)) ([]T, error) {
	out := make([]T, len(readers))
	errs := make([]error, len(readers))
	var wg sync.WaitGroup
	for i, r := range readers {
		wg.Go(func() {
			line, err := r.ReadString('\n')
			if err != nil {
				errs[i] = fmt.Errorf("worker %d: %v", i+1, err)
				return
			}
			if out[i], err = parse(strings.TrimSuffix(line, "\n")); err != nil {
				errs[i] = fmt.Errorf("worker %d: %v", i+1, err)
			}
		})
	}
	done := make(chan struct{})
	go func() { wg.Wait(); close(done) }()
	select {
	case <-done:
	case <-ctx.Done():
		return nil, ctx.Err()
	}
	return out, errors.Join(errs...)
}
