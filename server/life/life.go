// Package life keeps a server's background work: goroutines that the
// server's Close waits for, whose panics are logged rather than fatal, and
// loops that tick until the server stops. The root server and its
// features (the challenge hub, the cluster node) share one Group, so that
// stopping the server stops them all and waits for each.
package life

import (
	"context"
	"fmt"
	"log/slog"
	"runtime/debug"
	"sync"
	"sync/atomic"
	"time"
)

// Group is the background work of one server. Its zero value is not
// ready: make it with New.
type Group struct {
	ctx     context.Context
	cancel  context.CancelFunc
	wg      sync.WaitGroup
	log     *slog.Logger
	stopped atomic.Bool
}

// New returns a running group that logs panics to log.
func New(log *slog.Logger) *Group {
	g := &Group{log: log}
	g.ctx, g.cancel = context.WithCancel(context.Background())
	return g
}

// Context ends when the group stops.
func (g *Group) Context() context.Context { return g.ctx }

// Stopping reports whether Stop has been called.
func (g *Group) Stopping() bool { return g.stopped.Load() }

// Go runs f in a goroutine that Wait waits for, and logs its panic
// instead of ending the process. Once the group stops it starts nothing.
func (g *Group) Go(f func()) {
	if g.Stopping() {
		return
	}
	g.wg.Add(1)
	go func() {
		defer g.wg.Done()
		defer func() {
			if r := recover(); r != nil {
				g.log.Error("panic", "value", fmt.Sprint(r), "stack", string(debug.Stack()))
			}
		}()
		f()
	}()
}

// Every runs f every d until the group stops; it returns then. Run it
// with Go.
func (g *Group) Every(d time.Duration, f func()) {
	t := time.NewTicker(d)
	defer t.Stop()
	for {
		select {
		case <-t.C:
			f()
		case <-g.ctx.Done():
			return
		}
	}
}

// Stop tells the group's work to end: the context is done and Go starts
// nothing more.
func (g *Group) Stop() {
	g.stopped.Store(true)
	g.cancel()
}

// Wait waits for every goroutine started with Go.
func (g *Group) Wait() { g.wg.Wait() }
