package main

import (
	"context"
	"encoding/json"
	"strings"
	"testing"
	"time"

	"wyrm/game"
	"wyrm/games"
)

// message is any message a job sends, decoded loosely enough for all.
type message struct {
	Type     string          `json:"type"`
	Depth    int             `json:"depth"`
	Nodes    uint64          `json:"nodes"`
	ToMove   int             `json:"toMove"`
	Lines    []lineMsg       `json:"lines"`
	Stopped  bool            `json:"stopped"`
	Best     string          `json:"best"`
	BestPV   string          `json:"bestPV"`
	Index    int             `json:"index"`
	Position string          `json:"position"`
	Over     bool            `json:"over"`
	Reason   string          `json:"reason"`
	Results  []string        `json:"results"`
	Count    int             `json:"count"`
	Error    string          `json:"error"`
	Time     int64           `json:"time"`
	CPU      int64           `json:"cpu"` // added by testdata/worker-node.mjs
	Raw      json.RawMessage `json:"-"`
}

// collect returns an emit function and the channel its messages arrive on.
func collect(t *testing.T) (func([]byte), chan message) {
	ch := make(chan message, 1000)
	return func(b []byte) {
		var m message
		if err := json.Unmarshal(b, &m); err != nil {
			t.Errorf("message %s: %v", b, err)
		}
		m.Raw = append(json.RawMessage(nil), b...)
		ch <- m
	}, ch
}

// untilDone reads a job's messages up to its "done".
func untilDone(t *testing.T, ch chan message) []message {
	t.Helper()
	var out []message
	timeout := time.After(30 * time.Second)
	for {
		select {
		case m := <-ch:
			out = append(out, m)
			if m.Type == "done" {
				return out
			}
		case <-timeout:
			t.Fatalf("no done within 30s after %d messages", len(out))
		}
	}
}

func mustStart(t *testing.T, name string, opts game.Options) game.Position {
	t.Helper()
	g, err := games.Lookup(name)
	if err != nil {
		t.Fatal(err)
	}
	p, err := g.Start(opts)
	if err != nil {
		t.Fatal(err)
	}
	return p
}

// checkLine checks a line against the position it starts from: its moves
// replay legally, its readable PV names the same moves (SAN where the game
// has it), and its arrow is the first move's description.
func checkLine(t *testing.T, what string, pos game.Position, l lineMsg) {
	t.Helper()
	if len(l.Moves) == 0 || len(l.PV) != len(l.Moves) || l.Arrow == nil {
		t.Fatalf("%s: line %+v", what, l)
	}
	p := pos.Clone()
	for i, text := range l.Moves {
		m, err := p.ParseMove(text)
		if err != nil {
			t.Fatalf("%s: move %d %q: %v", what, i+1, text, err)
		}
		if want := game.Notation(p, m); l.PV[i] != want {
			t.Errorf("%s: pv move %d %q, want %q", what, i+1, l.PV[i], want)
		}
		if i == 0 {
			v := p.DescribeMove(m)
			if l.Arrow.From != v.From || l.Arrow.To != v.To || l.Arrow.Target != v.Target {
				t.Errorf("%s: arrow %+v for %s, which goes %d-%d", what, *l.Arrow, text, v.From, v.To)
			}
		}
		p.Play(m)
	}
}

func TestAnalyseReportsEveryLine(t *testing.T) {
	r := newRunner(nil, 0)
	cases := []struct {
		game  string
		opts  game.Options
		depth int
	}{
		{"dragon", nil, 5}, {"dragonchess", nil, 3}, {"dungeon", nil, 4}, {"dungeon", game.Options{"players": "3"}, 3},
	}
	for _, c := range cases {
		req, _ := json.Marshal(request{Game: c.game, Options: c.opts, MultiPV: 3, Depth: c.depth})
		emit, ch := collect(t)
		if err := r.analyse(req, emit); err != nil {
			t.Fatal(err)
		}
		msgs := untilDone(t, ch)
		pos := mustStart(t, c.game, c.opts)
		done := msgs[len(msgs)-1]
		if len(msgs) != c.depth+1 || done.Stopped || done.Depth != c.depth {
			t.Fatalf("%s %v: %d messages, done %s", c.game, c.opts, len(msgs), done.Raw)
		}
		for _, m := range msgs {
			if len(m.Lines) != 3 || m.ToMove != 0 && m.Type == "info" {
				t.Fatalf("%s %v: %s", c.game, c.opts, m.Raw)
			}
			seen := map[string]bool{}
			for k, l := range m.Lines {
				checkLine(t, c.game, pos, l)
				if l.MultiPV != k+1 || seen[l.Moves[0]] || k > 0 && l.Score.Kind == "cp" && m.Lines[k-1].Score.Kind == "cp" && l.Score.Value > m.Lines[k-1].Score.Value {
					t.Errorf("%s %v depth %d: lines %s", c.game, c.opts, m.Depth, m.Raw)
				}
				seen[l.Moves[0]] = true
			}
		}
		if done.Best != done.Lines[0].Moves[0] || done.BestPV != done.Lines[0].PV[0] {
			t.Errorf("%s: best %s (%s), first line %v", c.game, done.Best, done.BestPV, done.Lines[0].Moves)
		}
	}
}

func TestSANInDragonChessPV(t *testing.T) {
	r := newRunner(nil, 0)
	emit, ch := collect(t)
	// 1.e4 e5 2.Qh5 Nc6 3.Bc4 Nf6: Qxf7 is mate.
	req := `{"game":"dragon","moves":["e2e4","e7e5","Qh5","Nc6","Bc4","Nf6"],"depth":3}`
	if err := r.analyse([]byte(req), emit); err != nil {
		t.Fatal(err)
	}
	done := untilDone(t, ch)
	last := done[len(done)-1]
	if last.BestPV != "Qxf7#" || last.Best != "h5f7" || last.Lines[0].Score != (scoreMsg{Kind: "mate", Value: 1}) {
		t.Fatalf("got %s", last.Raw)
	}
}

func TestStopEndsAnAnalysis(t *testing.T) {
	yields := 0
	r := newRunner(func() { yields++ }, time.Millisecond)
	emit, ch := collect(t)
	if err := r.analyse([]byte(`{"game":"dungeon","options":{"players":"4"}}`), emit); err != nil {
		t.Fatal(err)
	}
	if m := <-ch; m.Type != "info" {
		t.Fatalf("first message %s", m.Raw)
	}
	time.Sleep(50 * time.Millisecond)
	start := time.Now()
	r.stop()
	msgs := untilDone(t, ch)
	done := msgs[len(msgs)-1]
	if !done.Stopped || done.Best == "" || time.Since(start) > 2*time.Second {
		t.Fatalf("after %v: %s", time.Since(start), done.Raw)
	}
	if yields == 0 {
		t.Error("the search never yielded")
	}
}

func TestNewJobEndsTheRunningOne(t *testing.T) {
	r := newRunner(nil, 0)
	emit1, ch1 := collect(t)
	if err := r.analyse([]byte(`{"game":"dragon"}`), emit1); err != nil {
		t.Fatal(err)
	}
	<-ch1 // running
	emit2, ch2 := collect(t)
	if err := r.analyse([]byte(`{"game":"dragonchess","depth":2}`), emit2); err != nil {
		t.Fatal(err)
	}
	first, second := untilDone(t, ch1), untilDone(t, ch2)
	if d := first[len(first)-1]; !d.Stopped {
		t.Errorf("first job: %s", d.Raw)
	}
	if d := second[len(second)-1]; d.Stopped || d.Depth != 2 {
		t.Errorf("second job: %s", d.Raw)
	}
}

func TestEvaluateAGame(t *testing.T) {
	r := newRunner(nil, 0)
	emit, ch := collect(t)
	moves := []string{"e4", "e5", "Qh5", "Nc6", "Bc4", "Nf6", "Qxf7#"}
	req, _ := json.Marshal(request{Game: "dragon", Moves: moves, Depth: 3, MultiPV: 2})
	if err := r.evaluate(req, emit); err != nil {
		t.Fatal(err)
	}
	msgs := untilDone(t, ch)
	if len(msgs) != len(moves)+2 || msgs[len(msgs)-1].Count != len(moves)+1 {
		t.Fatalf("%d messages for %d positions: last %s", len(msgs), len(moves)+1, msgs[len(msgs)-1].Raw)
	}
	p := mustStart(t, "dragon", nil)
	for i, m := range msgs[:len(moves)+1] {
		if m.Type != "evaluation" || m.Index != i || m.Position != p.String() {
			t.Fatalf("position %d: %s, want %s", i, m.Raw, p.String())
		}
		if i < len(moves) {
			if len(m.Lines) != 2 || m.ToMove != i%2 || m.Depth != 3 {
				t.Fatalf("position %d: %s", i, m.Raw)
			}
			checkLine(t, "evaluate", p, m.Lines[0])
			mv, err := p.ParseMove(moves[i])
			if err != nil {
				t.Fatal(err)
			}
			p.Play(mv)
		} else if !m.Over || m.Reason != "checkmate" || strings.Join(m.Results, " ") != "win loss" || m.ToMove != -1 {
			t.Fatalf("mated position: %s", m.Raw)
		}
	}
	// The position before the mate: White mates in one.
	if s := msgs[len(moves)-1].Lines[0].Score; s != (scoreMsg{Kind: "mate", Value: 1}) {
		t.Errorf("before Qxf7#: score %+v", s)
	}
	// Unrelated positions, one by one.
	emit, ch = collect(t)
	req, _ = json.Marshal(request{Game: "dungeon", Positions: []string{msgs[0].Position, msgs[1].Position}, Nodes: 2000})
	if err := r.evaluate(req, emit); err == nil {
		t.Fatal("dragon positions accepted as dungeon ones")
	}
	start := mustStart(t, "dungeon", nil).String()
	req, _ = json.Marshal(request{Game: "dungeon", Positions: []string{start, start}, Nodes: 2000})
	if err := r.evaluate(req, emit); err != nil {
		t.Fatal(err)
	}
	if msgs := untilDone(t, ch); len(msgs) != 3 || msgs[1].Index != 1 || len(msgs[1].Lines) != 1 {
		t.Fatalf("two positions: %d messages, second %s", len(msgs), msgs[1].Raw)
	}
}

func TestBadRequestsAreRefused(t *testing.T) {
	r := newRunner(nil, 0)
	emit := func([]byte) { t.Error("a refused request ran") }
	for _, c := range []struct{ req, want string }{
		{`{"game":"chess"}`, "unknown game"},
		{`{"game":"dragon","moves":["e2e5"]}`, `move 1 "e2e5"`},
		{`{"game":"dragon","position":"nonsense"}`, "dragon"},
		{`{"game":"dragon","multipv":1000}`, "multipv"},
		{`{"game":"dragon","multiPlayer":"coalition"}`, "multiPlayer"},
		{`{"game":"dragon","positions":["x"]}`, "positions"},
		{`{"game":"dragon","depth":-1}`, "negative"},
		{`{"game":"dungeon","options":{"players":"9"}}`, "players"},
		{`not json`, "request"},
	} {
		if err := r.analyse([]byte(c.req), emit); err == nil || !strings.Contains(err.Error(), c.want) {
			t.Errorf("analyse %s: error %v, want one about %q", c.req, err, c.want)
		}
	}
	if err := r.evaluate([]byte(`{"game":"dragon"}`), emit); err == nil || !strings.Contains(err.Error(), "movetime, depth or nodes") {
		t.Errorf("evaluate without a limit: %v", err)
	}
}

func TestFinishedPositionIsDoneAtOnce(t *testing.T) {
	r := newRunner(nil, 0)
	emit, ch := collect(t)
	if err := r.analyse([]byte(`{"game":"dragon","moves":["f3","e5","g4","Qh4#"]}`), emit); err != nil {
		t.Fatal(err)
	}
	if msgs := untilDone(t, ch); len(msgs) != 1 || !msgs[0].Over || msgs[0].Reason != "checkmate" || msgs[0].Best != "" {
		t.Fatalf("%d messages, last %s", len(msgs), msgs[len(msgs)-1].Raw)
	}
}

func TestGamesList(t *testing.T) {
	b, err := json.Marshal(gamesList())
	if err != nil {
		t.Fatal(err)
	}
	var got gamesMsg
	if err := json.Unmarshal(b, &got); err != nil {
		t.Fatal(err)
	}
	all := games.All()
	if len(got.Games) != len(all) || got.Engine.MaxMultiPV != maxMultiPV || len(got.Engine.MultiPlayer) != 2 {
		t.Fatalf("%s", b)
	}
	for i, g := range got.Games {
		public := 0
		for _, o := range all[i].Options() {
			if !o.Internal {
				public++
			}
		}
		if g.Name != all[i].Info().Name || len(g.Options) != public || g.Start != mustStart(t, g.Name, nil).String() {
			t.Errorf("game %d: %+v", i, g)
		}
		if !strings.Contains(string(b), `"kind":"`) {
			t.Errorf("option kinds are not written by name: %s", b)
		}
	}
}

func TestYieldingContextYieldsOnTime(t *testing.T) {
	n := 0
	ctx := withYield(context.Background(), func() { n++ }, 20*time.Millisecond)
	for i := 0; i < 5; i++ {
		if ctx.Err() != nil {
			t.Fatal("cancelled")
		}
	}
	if n != 0 {
		t.Fatalf("%d yields before the interval", n)
	}
	time.Sleep(25 * time.Millisecond)
	ctx.Err()
	ctx.Err()
	if n != 1 {
		t.Fatalf("%d yields after one interval, want 1", n)
	}
	parent, cancel := context.WithCancel(context.Background())
	cancel()
	if withYield(parent, func() {}, time.Hour).Err() == nil {
		t.Fatal("the parent's cancellation is lost")
	}
}
