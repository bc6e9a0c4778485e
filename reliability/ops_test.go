package reliability

import (
	"bufio"
	"encoding/json"
	"strconv"
	"strings"
	"testing"
)

// TestHealthEndpoint answers 200 {"ok":true} while serving and 503 once
// the server is closing, so a load balancer stops sending players.
func TestHealthEndpoint(t *testing.T) {
	e := startServer(t)
	code, body := e.do("GET", "/healthz", "", nil)
	var h map[string]any
	if code != 200 || json.Unmarshal([]byte(body), &h) != nil || h["ok"] != true {
		t.Fatalf("healthz: %d %s", code, body)
	}
	e.srv.Close()
	if code, body := e.do("GET", "/healthz", "", nil); code != 503 {
		t.Errorf("healthz while closing: %d %s, want 503", code, body)
	}
}

// TestMetricsCountWhatHappens checks each Prometheus series against what
// the test did: games, moves, connections, messages, refusals and the
// latency histograms.
func TestMetricsCountWhatHappens(t *testing.T) {
	e := startServer(t)
	m0 := e.metrics()
	for _, name := range []string{"wyrm_games", "wyrm_moves_total", "wyrm_ws_connections", "wyrm_ws_messages_total",
		"wyrm_ws_rejected_total", "wyrm_ws_rate_limited_total", "wyrm_engine_thinking", "wyrm_ws_action_seconds_count",
		"wyrm_store_append_seconds_count", "wyrm_http_request_seconds_count"} {
		if _, ok := m0[name]; !ok {
			t.Errorf("metric %s missing", name)
		}
	}
	g1 := e.create("dragon", "local", "local")
	e.create("dragonchess", "local", "local")
	a := e.dial(g1.ID, g1.Tokens[0])
	b := e.dial(g1.ID, g1.Tokens[1])
	w := e.dial(g1.ID)
	for ply := range 6 {
		c := []*client{a, b}[ply%2]
		c.waitVersion(ply)
		c.playFirstLegal(ply + 2)
	}
	w.send(map[string]any{"type": "move", "move": "e2e4"}) // refused: a spectator
	w.expectError()
	m := e.metrics()
	want := map[string]float64{
		"wyrm_games":                      m0["wyrm_games"] + 2,
		"wyrm_moves_total":                m0["wyrm_moves_total"] + 6,
		"wyrm_ws_connections":             3,
		"wyrm_ws_messages_total":          m0["wyrm_ws_messages_total"] + 2 + 6 + 1, // two hellos, six moves, one refusal
		"wyrm_ws_rejected_total":          m0["wyrm_ws_rejected_total"] + 1,
		"wyrm_ws_action_seconds_count":    m0["wyrm_ws_action_seconds_count"] + 9,
		"wyrm_store_append_seconds_count": m0["wyrm_store_append_seconds_count"] + 6,
	}
	for name, v := range want {
		if m[name] != v {
			t.Errorf("%s = %v, want %v", name, m[name], v)
		}
	}
	if m["wyrm_http_request_seconds_count"] <= m0["wyrm_http_request_seconds_count"] {
		t.Error("HTTP requests not counted")
	}
	a.conn.CloseNow()
	b.conn.CloseNow()
	w.conn.CloseNow()
	waitFor(t, func() bool { return e.metric("wyrm_ws_connections") == 0 }, "connections gauge back to 0")
}

// TestMetricsExposition checks the text format: HELP and TYPE for every
// family, histogram buckets cumulative and ending in +Inf equal to _count.
func TestMetricsExposition(t *testing.T) {
	e := startServer(t)
	e.create("dragon", "local", "local")
	code, body := e.do("GET", "/metrics", "", nil)
	if code != 200 {
		t.Fatal(code)
	}
	types := map[string]string{}
	var lastBucket float64
	var lastFamily string
	sc := bufio.NewScanner(strings.NewReader(body))
	for sc.Scan() {
		line := sc.Text()
		if strings.HasPrefix(line, "# TYPE ") {
			f := strings.Fields(line)
			types[f[2]] = f[3]
			continue
		}
		if strings.HasPrefix(line, "#") || line == "" {
			continue
		}
		f := strings.Fields(line)
		if len(f) != 2 {
			t.Errorf("bad sample line %q", line)
			continue
		}
		v, err := strconv.ParseFloat(f[1], 64)
		if err != nil {
			t.Errorf("bad value in %q", line)
		}
		name := f[0]
		if i := strings.IndexByte(name, '{'); i >= 0 {
			name = name[:i]
		}
		family := strings.TrimSuffix(strings.TrimSuffix(strings.TrimSuffix(name, "_bucket"), "_sum"), "_count")
		if types[family] == "" && types[name] == "" {
			t.Errorf("sample %s has no # TYPE", name)
		}
		if strings.HasSuffix(name, "_bucket") {
			if family != lastFamily {
				lastFamily, lastBucket = family, 0
			}
			if v < lastBucket {
				t.Errorf("%s: buckets not cumulative at %q", family, line)
			}
			lastBucket = v
		}
		if strings.HasSuffix(name, "_count") && types[family] == "histogram" {
			if inf, ok := sample(body, family+`_bucket{le="+Inf"}`); !ok || inf != v {
				t.Errorf("%s: +Inf bucket %v, count %v", family, inf, v)
			}
		}
	}
	for fam, typ := range types {
		if strings.HasSuffix(fam, "_total") && typ != "counter" {
			t.Errorf("%s is a %s; _total names counters", fam, typ)
		}
	}
}

// TestStructuredLogs: every log line is one JSON object with time, level
// and msg; game creation and each action are logged with their ids; seat
// tokens never reach the log.
func TestStructuredLogs(t *testing.T) {
	e := startServer(t)
	g := e.create("dragon", "local", "invite")
	code, body := e.do("POST", "/api/games/"+g.ID+"/join", "application/json", strings.NewReader(g.joinBody(1)))
	if code != 200 {
		t.Fatal(code, body)
	}
	var join struct{ Token string }
	_ = json.Unmarshal([]byte(body), &join)
	a := e.dial(g.ID, g.Tokens[0])
	mv := a.playFirstLegal(2)
	logs := e.logs.String()
	var created, moved bool
	for _, line := range strings.Split(strings.TrimSpace(logs), "\n") {
		var rec map[string]any
		if err := json.Unmarshal([]byte(line), &rec); err != nil {
			t.Errorf("log line is not JSON: %q", line)
			continue
		}
		for _, k := range []string{"time", "level", "msg"} {
			if rec[k] == nil {
				t.Errorf("log line without %s: %s", k, line)
			}
		}
		if rec["msg"] == "game created" && rec["game"] == g.ID && rec["kind"] == "dragon" {
			created = true
		}
		if rec["msg"] == "action" && rec["game"] == g.ID && rec["kind"] == "move" && rec["data"] == mv &&
			rec["seq"] == float64(1) && rec["seat"] == float64(0) {
			moved = true
		}
	}
	if !created || !moved {
		t.Errorf("log lacks the creation (%v) or the move %s (%v):\n%s", created, mv, moved, logs)
	}
	for _, tok := range []string{g.Tokens[0], join.Token} {
		if tok == "" || strings.Contains(logs, tok) {
			t.Errorf("a seat token (%q) is in the log", tok)
		}
	}
}
