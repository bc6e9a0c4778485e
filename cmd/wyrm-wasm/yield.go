package main

import (
	"context"
	"time"
)

// yieldingContext gives the JavaScript event loop a turn during a search.
// In the browser Go runs on the worker's only thread and JavaScript gets
// it back only when every goroutine waits, so without a pause a "stop"
// message would not even be read before the search ended. The search polls
// Err every few thousand nodes; every interval that poll pauses (yield).
type yieldingContext struct {
	context.Context
	yield    func()
	interval time.Duration
	next     time.Time
}

func withYield(ctx context.Context, yield func(), interval time.Duration) context.Context {
	if yield == nil {
		return ctx
	}
	return &yieldingContext{Context: ctx, yield: yield, interval: interval, next: time.Now().Add(interval)}
}

// Err yields if the interval has passed, then reports the parent's error.
func (c *yieldingContext) Err() error {
	if now := time.Now(); !now.Before(c.next) {
		c.yield()
		c.next = time.Now().Add(c.interval)
	}
	return c.Context.Err()
}
