package life

import (
	"bytes"
	"log/slog"
	"strings"
	"sync/atomic"
	"testing"
	"time"
)

func TestGroup(t *testing.T) {
	var logged bytes.Buffer
	g := New(slog.New(slog.NewTextHandler(&logged, nil)))
	var ticks atomic.Int64
	g.Go(func() { g.Every(time.Millisecond, func() { ticks.Add(1) }) })
	g.Go(func() { panic("boom") })
	for ticks.Load() < 3 {
		time.Sleep(time.Millisecond)
	}
	g.Stop()
	g.Wait()
	if g.Context().Err() == nil || !g.Stopping() {
		t.Fatal("a stopped group's context goes on")
	}
	n := ticks.Load()
	ran := false
	g.Go(func() { ran = true })
	g.Wait()
	time.Sleep(5 * time.Millisecond)
	if ran || ticks.Load() != n {
		t.Fatal("a stopped group still runs work")
	}
	if !strings.Contains(logged.String(), "boom") {
		t.Fatalf("the panic was not logged: %q", logged.String())
	}
}
