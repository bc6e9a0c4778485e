package loadtest

import (
	"context"
	"io"
	"os"
	"strings"
	"testing"
	"time"
)

// TestSpreadOverWorkers runs two workers (in this process, over pipes, as
// the command runs them as processes) and checks that the coordinator's
// step counts both: every game connected, moves from both, no errors.
func TestSpreadOverWorkers(t *testing.T) {
	addr := startServer(t)
	cfg := Config{Addr: addr, Games: 12, Duration: 2 * time.Second, Think: 100 * time.Millisecond,
		MaxPlies: 8, Seed: 3, ServerPID: os.Getpid(), ClientHeader: "X-Forwarded-For"}
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	var workers []Worker
	done := make(chan error, 2)
	moves := make([]int, 2)
	for i, share := range []int{5, 7} {
		toWorker, fromCoordinator := io.Pipe()
		toCoordinator, fromWorker := io.Pipe()
		wcfg := cfg
		wcfg.Games, wcfg.ClientBase, wcfg.Seed = share, int64(i+1)*WorkerBase, cfg.Seed+uint64(i+1)
		// Count each worker's own moves on the way through.
		counted := &sampleTap{w: fromWorker, moves: &moves[i]}
		go func() {
			err := Work(ctx, wcfg, toWorker, counted, io.Discard)
			fromWorker.Close()
			done <- err
		}()
		workers = append(workers, Worker{In: fromCoordinator, Out: toCoordinator})
	}
	var progress strings.Builder
	st, err := Spread(ctx, cfg, workers, &progress)
	if err != nil {
		t.Fatal(err)
	}
	t.Log(progress.String())
	for _, w := range workers {
		w.In.Close()
	}
	for range 2 {
		if err := <-done; err != nil {
			t.Errorf("worker: %v", err)
		}
	}
	if st.Connected != 12 || st.Workers != 2 || st.Games != 12 {
		t.Errorf("connected %d of 12 over %d workers (games %d)", st.Connected, st.Workers, st.Games)
	}
	if st.ErrorCount() != 0 {
		t.Errorf("errors: %v", st.Errors)
	}
	if moves[0] == 0 || moves[1] == 0 || st.Moves != moves[0]+moves[1] {
		t.Errorf("step has %d moves; the workers reported %d and %d", st.Moves, moves[0], moves[1])
	}
	if !(st.P50 > 0 && st.P50 <= st.P99 && st.P99 <= st.Max) || st.Memory.RSS == 0 || st.ClientCPU <= 0 {
		t.Errorf("percentiles %v %v %v, memory %v, load generator's CPU %v", st.P50, st.P99, st.Max, st.Memory, st.ClientCPU)
	}
}

// sampleTap passes a worker's output on and counts the round trips in the
// Sample line it writes.
type sampleTap struct {
	w     io.Writer
	moves *int
}

func (s *sampleTap) Write(b []byte) (int, error) {
	if i := strings.Index(string(b), `"RTTs":[`); i >= 0 {
		rest := string(b[i+len(`"RTTs":[`):])
		if j := strings.IndexByte(rest, ']'); j > 0 {
			*s.moves = strings.Count(rest[:j], ",") + 1
		}
	}
	return s.w.Write(b)
}

// TestSampleMerge checks that merged samples keep every round trip and
// error, and last as long as the longer.
func TestSampleMerge(t *testing.T) {
	a := Sample{RTTs: []time.Duration{3, 1}, Errors: map[string]int{"x": 1}, Started: 1, Elapsed: 2 * time.Second, States: 5}
	b := Sample{RTTs: []time.Duration{2}, Errors: map[string]int{"x": 2, "y": 1}, Finished: 2, Elapsed: time.Second, States: 1}
	var all Sample
	all.merge(a)
	all.merge(b)
	w := all.window(4)
	if w.Moves != 3 || w.P50 != 2 || w.Max != 3 || w.Errors["x"] != 3 || w.Errors["y"] != 1 ||
		w.Started != 1 || w.Finished != 2 || w.Elapsed != 2*time.Second || w.PerSec != 1.5 || all.States != 6 {
		t.Errorf("merged window %+v, states %d", w, all.States)
	}
}
