//go:build unix

package main

import (
	"flag"
	"math"
	"syscall"
	"testing"
	"time"
)

var speed = flag.Bool("wasm.speed", false, "measure the WebAssembly engine's nodes/s against the native engine's")

// speedCases are searched by TestWasmSpeed: the start positions of "wyrm
// bench", a little deeper so that each takes long enough to time.
var speedCases = []request{
	{Game: "dragon", Depth: 11},
	{Game: "dragonchess", Depth: 6},
	{Game: "dungeon", Depth: 11},
	{Game: "dungeon", Options: map[string]string{"players": "3"}, Depth: 7},
	{Game: "dungeon", Options: map[string]string{"players": "4"}, Depth: 6},
}

// cpuTime is the CPU time this process has used.
func cpuTime(t *testing.T) time.Duration {
	var ru syscall.Rusage
	if err := syscall.Getrusage(syscall.RUSAGE_SELF, &ru); err != nil {
		t.Fatal(err)
	}
	return time.Duration(ru.Utime.Nano() + ru.Stime.Nano())
}

// TestWasmSpeed compares the WebAssembly engine's nodes per second under
// Node with the native engine's on the same searches, which must visit the
// same nodes. Each search is timed by the CPU time of its process, capped
// by the time that passed, so that other work on a shared machine counts
// less. Only with -wasm.speed, as it takes a minute.
func TestWasmSpeed(t *testing.T) {
	if !*speed {
		t.Skip("run with -wasm.speed")
	}
	w := startWorker(t)
	// Let the JavaScript engine compile the hot WebAssembly of every game
	// with its optimising compiler first, which it does in other threads.
	for _, req := range speedCases {
		w.send(analysis{Type: "analyse", ID: -1, request: request{Game: req.Game, Options: req.Options, Nodes: 500_000}})
		w.until("done")
	}
	time.Sleep(time.Second)
	w.send(analysis{Type: "analyse", ID: -1, request: request{Game: "dragon", Depth: 1}})
	before := w.until("done")[0].CPU
	ratios, n := 1.0, 0
	for i, req := range speedCases {
		req.NewGame = true
		c := cpuTime(t)
		native := nativeSearch(t, req)
		// The search's thread used at most the process's CPU time and
		// at most the time that passed.
		nativeCPU := min(cpuTime(t)-c, native.Time)
		w.send(analysis{Type: "analyse", ID: i, request: req})
		msgs := w.until("done")
		done := msgs[len(msgs)-1]
		wasmCPU := min(time.Duration(done.CPU-before)*time.Microsecond, time.Duration(done.Time)*time.Millisecond)
		before = done.CPU
		if done.Nodes != native.Nodes {
			t.Errorf("%s %v: %d nodes native, %d WebAssembly", req.Game, req.Options, native.Nodes, done.Nodes)
		}
		nps := func(d time.Duration) float64 { return float64(native.Nodes) / d.Seconds() }
		ratio := nps(wasmCPU) / nps(nativeCPU)
		ratios *= ratio
		n++
		label := req.Game
		if p := req.Options["players"]; p != "" {
			label += " " + p + "p"
		}
		t.Logf("%-14s depth %2d %8d nodes  native %8.0f  wasm %8.0f nodes/s  %3.0f%%  (wall: native %v, wasm %v)",
			label, req.Depth, native.Nodes, nps(nativeCPU), nps(wasmCPU), 100*ratio,
			native.Time.Round(time.Millisecond), time.Duration(done.Time)*time.Millisecond)
	}
	// The speed is logged, not checked: it depends on the machine and
	// its load, and on Node's WebAssembly compiler.
	t.Logf("geometric mean: WebAssembly at %.0f%% of native nodes/s (the target is 35%%)", 100*math.Pow(ratios, 1/float64(n)))
}
