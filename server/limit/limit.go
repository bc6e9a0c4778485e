// Package limit keeps the play server's per-client limits: token buckets
// for how often a client may do something, and counters for how many of a
// thing a client holds at once. Keys are client addresses (or accounts);
// memory stays bounded however many clients come and go.
package limit

import (
	"math"
	"sync"
	"time"
)

// maxKeys bounds the clients remembered at once; past it, clients whose
// buckets are full again (they would be allowed anyway) are forgotten.
const maxKeys = 100_000

// Rate allows each key Burst actions at once and PerSecond after that.
type Rate struct {
	PerSecond float64
	Burst     float64

	mu   sync.Mutex
	keys map[string]*bucket
}

type bucket struct {
	tokens float64
	at     time.Time
}

// NewRate returns a limit of perMinute actions a minute with bursts of
// burst.
func NewRate(perMinute, burst int) *Rate {
	return &Rate{PerSecond: float64(perMinute) / 60, Burst: float64(burst), keys: map[string]*bucket{}}
}

// NewRateOr is NewRate for a setting that may be left out: a perMinute
// or burst of 0 or less takes its default, and a burst is never more than
// a minute's worth, so that lowering a rate lowers its burst with it.
func NewRateOr(perMinute, burst, defPerMinute, defBurst int) *Rate {
	if perMinute <= 0 {
		perMinute = defPerMinute
	}
	if burst <= 0 {
		burst = defBurst
	}
	return NewRate(perMinute, min(burst, perMinute))
}

// Allow takes one token of key's bucket at now. When none is left it
// returns false and how long until one is.
func (r *Rate) Allow(key string, now time.Time) (bool, time.Duration) {
	if r == nil {
		return true, 0
	}
	r.mu.Lock()
	defer r.mu.Unlock()
	b, ok := r.keys[key]
	if !ok {
		if len(r.keys) >= maxKeys {
			r.sweep(now)
		}
		b = &bucket{tokens: r.Burst, at: now}
		r.keys[key] = b
	}
	b.tokens = math.Min(r.Burst, b.tokens+now.Sub(b.at).Seconds()*r.PerSecond)
	b.at = now
	if b.tokens < 1 {
		wait := time.Duration((1 - b.tokens) / r.PerSecond * float64(time.Second))
		return false, max(wait, time.Second)
	}
	b.tokens--
	return true, 0
}

// sweep forgets keys whose buckets have filled up again.
func (r *Rate) sweep(now time.Time) {
	for k, b := range r.keys {
		if b.tokens+now.Sub(b.at).Seconds()*r.PerSecond >= r.Burst {
			delete(r.keys, k)
		}
	}
}

// Keys is the number of clients remembered (for tests and metrics).
func (r *Rate) Keys() int {
	r.mu.Lock()
	defer r.mu.Unlock()
	return len(r.keys)
}

// Count allows each key at most Max things at once.
type Count struct {
	Max int

	mu sync.Mutex
	n  map[string]int
}

// NewCount returns a limit of max things a key.
func NewCount(max int) *Count { return &Count{Max: max, n: map[string]int{}} }

// Acquire takes one for key, or reports false when key holds Max already.
func (c *Count) Acquire(key string) bool {
	if c == nil {
		return true
	}
	c.mu.Lock()
	defer c.mu.Unlock()
	if c.n[key] >= c.Max {
		return false
	}
	c.n[key]++
	return true
}

// Release gives one back.
func (c *Count) Release(key string) {
	if c == nil {
		return
	}
	c.mu.Lock()
	defer c.mu.Unlock()
	if c.n[key] <= 1 {
		delete(c.n, key)
		return
	}
	c.n[key]--
}

// Held is how many key holds.
func (c *Count) Held(key string) int {
	c.mu.Lock()
	defer c.mu.Unlock()
	return c.n[key]
}
