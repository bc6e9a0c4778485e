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

// take closes the window and starts a new one.
func (r *recorder) take(games int) Window {
	r.mu.Lock()
	rtts, errs, started, ended, since := r.rtts, r.errors, r.started, r.ended, r.since
	r.rtts, r.errors, r.started, r.ended, r.since = nil, map[string]int{}, 0, 0, time.Now()
	r.mu.Unlock()
	w := Window{Games: games, Elapsed: time.Since(since), Moves: len(rtts), Errors: errs, Started: started, Finished: ended}
	if w.Elapsed > 0 {
		w.PerSec = float64(w.Moves) / w.Elapsed.Seconds()
	}
	if len(rtts) > 0 {
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
