//go:build !(js && wasm)

package main

import (
	"bufio"
	"context"
	"encoding/json"
	"fmt"
	"io"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"wyrm/search"
)

// worker is engine-worker.js running in Node (testdata/worker-node.mjs)
// on the engine built from the current source.
type worker struct {
	t   *testing.T
	in  io.WriteCloser
	out chan message
}

func startWorker(t *testing.T) *worker {
	node := nodePath(t)
	dir := built(t)
	cmd := exec.Command(node, filepath.Join("testdata", "worker-node.mjs"), filepath.Join(dir, "engine-worker.js"))
	in, err := cmd.StdinPipe()
	if err != nil {
		t.Fatal(err)
	}
	stdout, err := cmd.StdoutPipe()
	if err != nil {
		t.Fatal(err)
	}
	var stderr strings.Builder
	cmd.Stderr = &stderr
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	w := &worker{t: t, in: in, out: make(chan message, 10000)}
	go func() {
		sc := bufio.NewScanner(stdout)
		sc.Buffer(make([]byte, 1<<20), 1<<24)
		for sc.Scan() {
			var m message
			if err := json.Unmarshal(sc.Bytes(), &m); err != nil {
				m = message{Type: "unreadable", Error: sc.Text()}
			}
			m.Raw = append(json.RawMessage(nil), sc.Bytes()...)
			w.out <- m
		}
		close(w.out)
	}()
	t.Cleanup(func() {
		in.Close()
		if err := cmd.Wait(); err != nil {
			t.Errorf("node: %v\n%s", err, stderr.String())
		}
	})
	if m := w.next(); m.Type != "ready" {
		t.Fatalf("first message %s, want ready", m.Raw)
	}
	return w
}

func (w *worker) send(msg any) {
	w.t.Helper()
	b, err := json.Marshal(msg)
	if err != nil {
		w.t.Fatal(err)
	}
	if _, err := w.in.Write(append(b, '\n')); err != nil {
		w.t.Fatal(err)
	}
}

func (w *worker) next() message {
	w.t.Helper()
	select {
	case m, ok := <-w.out:
		if !ok {
			w.t.Fatal("the worker ended")
		}
		return m
	case <-time.After(60 * time.Second):
		w.t.Fatal("no message from the worker within 60s")
	}
	return message{}
}

// until reads messages up to one of type typ.
func (w *worker) until(typ string) []message {
	w.t.Helper()
	var out []message
	for {
		m := w.next()
		out = append(out, m)
		if m.Type == typ {
			return out
		}
		if m.Type == "error" || m.Type == "unreadable" {
			w.t.Fatalf("waiting for %s: %s", typ, m.Raw)
		}
	}
}

// analysis is an analyse message.
type analysis struct {
	Type string `json:"type"`
	ID   int    `json:"id"`
	request
}

// nativeSearch is what the engine built for the host finds for the same
// request on a fresh engine.
func nativeSearch(t *testing.T, req request) search.Result {
	t.Helper()
	_, s, err := decodeRequest(mustJSON(t, req))
	if err != nil {
		t.Fatal(err)
	}
	line, err := gameLine(s.game, req.Options, req.Position, req.Moves)
	if err != nil {
		t.Fatal(err)
	}
	return search.New(1).Search(context.Background(), line[len(line)-1].pos, s.lim, nil)
}

func mustJSON(t *testing.T, v any) []byte {
	b, err := json.Marshal(v)
	if err != nil {
		t.Fatal(err)
	}
	return b
}

// TestWorkerInNode runs the worker script on the WebAssembly engine as a
// page would: it lists the games, analyses every game with three lines
// and searches exactly the tree the native engine searches, stops an
// analysis without a limit, evaluates a game and refuses what it cannot do.
func TestWorkerInNode(t *testing.T) {
	w := startWorker(t)
	// Warming up answers nothing, even when the request is bad: the
	// next message is the games list.
	w.send(map[string]string{"type": "warm", "game": "dragonchess"})
	w.send(map[string]string{"type": "warm", "game": "chess"})
	w.send(map[string]string{"type": "games"})
	if g := w.until("games"); !strings.Contains(string(g[0].Raw), `"name":"dungeon"`) {
		t.Fatalf("games: %s", g[0].Raw)
	}
	cases := []request{
		{Game: "dragon", Depth: 6},
		{Game: "dragonchess", Depth: 3},
		{Game: "dungeon", Depth: 5},
		{Game: "dungeon", Options: map[string]string{"players": "4"}, Depth: 3},
	}
	for i, req := range cases {
		req.MultiPV, req.NewGame = 3, true
		w.send(analysis{Type: "analyse", ID: i, request: req})
		msgs := w.until("done")
		done := msgs[len(msgs)-1]
		want := nativeSearch(t, req)
		pos := mustStart(t, req.Game, req.Options)
		if done.Depth != req.Depth || done.Nodes != want.Nodes || done.Best != want.BestText || len(done.Lines) != 3 || len(msgs) != req.Depth+1 {
			t.Fatalf("%s %v: native best %s in %d nodes; WebAssembly %s", req.Game, req.Options, want.BestText, want.Nodes, done.Raw)
		}
		seen := map[string]bool{}
		for _, l := range done.Lines {
			checkLine(t, req.Game, pos, l)
			if seen[l.Moves[0]] {
				t.Errorf("%s: two lines start with %s", req.Game, l.Moves[0])
			}
			seen[l.Moves[0]] = true
		}
		if !strings.Contains(string(done.Raw), fmt.Sprintf(`"id":%d`, i)) {
			t.Errorf("done without its id: %s", done.Raw)
		}
	}

	// Without a limit the analysis runs until stopped: the worker must
	// read "stop" while the engine searches.
	w.send(analysis{Type: "analyse", ID: 10, request: request{Game: "dragonchess"}})
	w.until("info")
	time.Sleep(300 * time.Millisecond)
	start := time.Now()
	w.send(map[string]string{"type": "stop"})
	msgs := w.until("done")
	if d := msgs[len(msgs)-1]; !d.Stopped || d.Best == "" || time.Since(start) > 3*time.Second {
		t.Fatalf("stop took %v: %s", time.Since(start), d.Raw)
	}

	w.send(analysis{Type: "evaluate", ID: 11, request: request{Game: "dragon", Moves: []string{"f3", "e5", "g4", "Qh4#"}, Depth: 4}})
	msgs = w.until("done")
	if len(msgs) != 6 || !msgs[4].Over || msgs[3].Lines[0].Score != (scoreMsg{Kind: "mate", Value: 1}) || msgs[5].Count != 5 {
		t.Fatalf("evaluate: %d messages, fourth %s", len(msgs), msgs[3].Raw)
	}

	w.send(analysis{Type: "analyse", ID: 12, request: request{Game: "chess"}})
	if m := w.next(); m.Type != "error" || !strings.Contains(m.Error+string(m.Raw), "unknown game") {
		t.Fatalf("unknown game: %s", m.Raw)
	}
	w.send(map[string]string{"type": "ponder"})
	if m := w.next(); m.Type != "error" {
		t.Fatalf("unknown message type: %s", m.Raw)
	}
}
