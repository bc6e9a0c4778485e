package loadtest

import (
	"slices"
	"sync"
	"time"
)

// recorder collects move round trips and counts for one measuring window.
type recorder struct {
	mu      sync.Mutex
	rtts    []time.Duration
	errors  map[string]int
	started int // games started in the window
	ended   int // games finished in the window
	since   time.Time
}

func newRecorder() *recorder { return &recorder{errors: map[string]int{}, since: time.Now()} }

func (r *recorder) move(d time.Duration) {
	r.mu.Lock()
	r.rtts = append(r.rtts, d)
	r.mu.Unlock()
}

func (r *recorder) fail(kind string) {
	r.mu.Lock()
	r.errors[kind]++
	r.mu.Unlock()
}

func (r *recorder) game(start bool) {
	r.mu.Lock()
	if start {
		r.started++
	} else {
		r.ended++
	}
	r.mu.Unlock()
}

// Window is what one measuring window saw.
type Window struct {
	Games    int           // games being played
	Elapsed  time.Duration // length of the window
	Moves    int           // moves acknowledged
	PerSec   float64       // moves acknowledged per second
	P50, P90 time.Duration // move round trip percentiles
	P99, Max time.Duration
	Errors   map[string]int // by kind
	Started  int            // games started
	Finished int            // games ended (result or move cap)
}

// ErrorCount is the total of Errors.
func (w Window) ErrorCount() int {
	n := 0
	for _, v := range w.Errors {
		n += v
	}
	return n
}

// Sample is the raw record of one window: every round trip, so that
// windows of several load generator processes merge into exact
// percentiles.
type Sample struct {
	RTTs     []time.Duration
	Errors   map[string]int
	Started  int
	Finished int
	Elapsed  time.Duration
	States   int64 // state messages received
	// Reconnects counts seats connected again after the server closed
	// their connection (their game moved to another node).
	Reconnects int64
	// ClientCPU is the CPU time the load generator's process used.
	ClientCPU time.Duration
}

// takeSample closes the window and starts a new one.
func (r *recorder) takeSample() Sample {
	r.mu.Lock()
	defer r.mu.Unlock()
	s := Sample{RTTs: r.rtts, Errors: r.errors, Started: r.started, Finished: r.ended, Elapsed: time.Since(r.since)}
	r.rtts, r.errors, r.started, r.ended, r.since = nil, map[string]int{}, 0, 0, time.Now()
	return s
}

// take closes the window and starts a new one.
func (r *recorder) take(games int) Window { return r.takeSample().window(games) }

// merge adds o's moves, errors and games to s; the window lasts as long
// as the longer of the two, since they ran side by side.
func (s *Sample) merge(o Sample) {
	s.RTTs = append(s.RTTs, o.RTTs...)
	if s.Errors == nil {
		s.Errors = map[string]int{}
	}
	for k, v := range o.Errors {
		s.Errors[k] += v
	}
	s.Started += o.Started
	s.Finished += o.Finished
	s.States += o.States
	s.Reconnects += o.Reconnects
	s.ClientCPU += o.ClientCPU
	s.Elapsed = max(s.Elapsed, o.Elapsed)
}

// window sums up the sample (sorting its round trips).
func (s Sample) window(games int) Window {
	w := Window{Games: games, Elapsed: s.Elapsed, Moves: len(s.RTTs), Errors: s.Errors, Started: s.Started, Finished: s.Finished}
	if w.Errors == nil {
		w.Errors = map[string]int{}
	}
	if w.Elapsed > 0 {
		w.PerSec = float64(w.Moves) / w.Elapsed.Seconds()
	}
	if rtts := s.RTTs; len(rtts) > 0 {
		slices.Sort(rtts)
		w.P50, w.P90, w.P99 = percentile(rtts, 50), percentile(rtts, 90), percentile(rtts, 99)
		w.Max = rtts[len(rtts)-1]
	}
	return w
}

// percentile of sorted durations by the nearest-rank method.
func percentile(sorted []time.Duration, p float64) time.Duration {
	if len(sorted) == 0 {
		return 0
	}
	rank := int(p/100*float64(len(sorted))+0.999999) - 1
	return sorted[min(max(rank, 0), len(sorted)-1)]
}
