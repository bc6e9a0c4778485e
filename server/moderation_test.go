package server

import (
	"context"
	"encoding/json"
	"fmt"
	"io"
	"net/http"
	"strings"
	"testing"
	"testing/fstest"
	"time"

	"wyrm/internal/toysetup"
	"wyrm/server/account"
	"wyrm/server/play"
)

// grant makes name a moderator, as `wyrm mod grant` does.
func grant(t *testing.T, h *harness, name string) {
	t.Helper()
	if err := h.srv.accounts.SetModerator(context.Background(), name, true, account.Actor{Moderator: "operator"}); err != nil {
		t.Fatal(err)
	}
}

// raw answers a request of b (nil: a guest) with its status and body.
func raw(t *testing.T, h *harness, b *browserClient, method, path string) (int, string) {
	t.Helper()
	req, _ := http.NewRequest(method, h.http.URL+path, strings.NewReader("{}"))
	req.Header.Set("Content-Type", "application/json")
	hc := http.DefaultClient
	if b != nil {
		hc = b.hc
		req.Header.Set(account.CSRFHeader, b.csrf)
	}
	resp, err := hc.Do(req)
	if err != nil {
		t.Fatal(err)
	}
	defer resp.Body.Close()
	body, _ := io.ReadAll(resp.Body)
	return resp.StatusCode, string(body)
}

// The moderators' routes answer a guest, a player and an API token as a
// path under /api/mod/ that nothing serves answers: 404, the same body,
// for reads and posts alike.
func TestModerationHiddenFromOthers(t *testing.T) {
	// With the web app's files, as served (whose "GET /" takes every other
	// read).
	h := newHarnessWith(t, "", func(c *Config) {
		openTestAccounts(t, c, account.Config{})
		openTestChat(t, c)
		c.Assets = fstest.MapFS{"index.html": {Data: []byte("<!doctype html><title>app</title>")}}
	}, toysetup.Game{})
	player := signUp(t, h.http.URL, "player")
	mod := signUp(t, h.http.URL, "keeper")
	grant(t, h, "keeper")

	token, _, err := h.srv.accounts.CreateAPIToken(context.Background(), mod.userID(), "script")
	if err != nil {
		t.Fatal(err)
	}
	for _, r := range []struct{ method, path string }{
		{"GET", "/api/mod/reports"}, {"GET", "/api/mod/log"}, {"GET", "/api/mod/accounts/player"},
		{"POST", "/api/mod/accounts/player/close"}, {"POST", "/api/mod/accounts/player/mute"}, {"POST", "/api/mod/accounts/player/mark"},
	} {
		noCode, none := raw(t, h, nil, r.method, "/api/mod/nothing-here")
		if noCode != 404 {
			t.Fatalf("%s of a path nothing serves: %d", r.method, noCode)
		}
		for who, b := range map[string]*browserClient{"a guest": nil, "a player": player} {
			if code, body := raw(t, h, b, r.method, r.path); code != noCode || body != none {
				t.Errorf("%s %s by %s: %d %q, want %d %q", r.method, r.path, who, code, body, noCode, none)
			}
		}
		req, _ := http.NewRequest(r.method, h.http.URL+r.path, strings.NewReader("{}"))
		req.Header.Set("Authorization", "Bearer "+token)
		req.Header.Set("Content-Type", "application/json")
		if resp, err := http.DefaultClient.Do(req); err != nil || resp.StatusCode != noCode {
			t.Errorf("%s %s with a moderator's API token: %v %v", r.method, r.path, resp.StatusCode, err)
		} else {
			resp.Body.Close()
		}
	}
	if code, _ := mod.get("/api/mod/reports"); code != 200 {
		t.Errorf("the moderator reads the queue: %d", code)
	}
	if _, st, _ := h.srv.accounts.UserAnyByName(context.Background(), "player"); !st.Closed.IsZero() {
		t.Error("a refused close closed the account")
	}
}

// A moderator reads a report with the chat around it and its game, mutes
// its author (whose messages are refused, saying until when), marks it a
// cheat (its rated opponent gets back what it lost; it leaves the
// leaderboard; its profile shows the mark) and closes it (its session
// ends, its seat resigns, its profile is gone); the log lists each action.
func TestModeratorActions(t *testing.T) {
	h := newChatHarness(t, "", nil)
	ct := newChatTable(t, h)
	mod := signUp(t, h.http.URL, "keeper")
	grant(t, h, "keeper")
	ct.alice.mustSay("players", "good luck")
	ct.alice.mustSay("players", "you play like a potato")
	ct.alice.mustSay("players", "bye")
	ct.guest.read(func(m map[string]any) bool { return m["type"] == "chat" && len(ct.guest.seen) == 3 })
	if m := ct.guest.ask(map[string]any{"type": "chat-report", "message": ct.guest.seen[1].ID}); m["type"] != "ack" {
		t.Fatalf("report: %v", m)
	}
	var q struct {
		Reports []struct {
			GameID  string
			Message struct{ Text, Name string }
			Context []struct {
				Text     string
				Reported bool
			}
		}
	}
	if code, _ := getJSONAs(t, mod, "/api/mod/reports", &q); code != 200 || len(q.Reports) != 1 {
		t.Fatalf("queue: %d %+v", code, q)
	}
	rep := q.Reports[0]
	if rep.GameID != ct.id || rep.Message.Name != "alice" || len(rep.Context) != 3 || !rep.Context[1].Reported || rep.Context[2].Text != "bye" {
		t.Fatalf("report in context: %+v", rep)
	}

	// Mute: refused with the time it ends; bad durations change nothing.
	if code, out := mod.post("/api/mod/accounts/alice/mute", map[string]any{"minutes": 60 * 24 * 400, "reason": "too long"}); code != 400 {
		t.Errorf("a mute of 400 days: %d %v", code, out)
	}
	ct.alice.mustSay("players", "still here")
	if code, out := mod.post("/api/mod/accounts/alice/mute", map[string]any{"minutes": 30, "reason": "insults"}); code != 200 {
		t.Fatalf("mute: %d %v", code, out)
	}
	if m := ct.alice.say("players", "again"); m["code"] != "forbidden" || !strings.Contains(fmt.Sprint(m["message"]), "muted you until") {
		t.Errorf("a muted account's message: %v", m)
	}
	for _, line := range ct.guest.history().texts() {
		if strings.HasSuffix(line, ": again") {
			t.Errorf("a refused message was kept: %q", line)
		}
	}

	// Mark: a rated game alice won from bob is refunded to bob.
	bobs, ids := signUpAll(t, h, "bob")
	_ = bobs
	alice := ct.aliceB.userID()
	now := time.Now()
	recordToy(t, h, "r1", true, now.Add(-time.Hour), []int64{alice, ids[0]}, 1, 2)
	var before, after struct{ Ratings []struct{ Rating float64 } }
	getJSON(t, h, "/api/players/bob", &before)
	if code, out := mod.post("/api/mod/accounts/alice/mark", map[string]any{"mark": "cheat", "reason": "engine"}); code != 200 || out["refunds"] != 1.0 {
		t.Fatalf("mark: %d %v", code, out)
	}
	getJSON(t, h, "/api/players/bob", &after)
	if len(after.Ratings) != 1 || after.Ratings[0].Rating != 1500 || before.Ratings[0].Rating >= 1500 {
		t.Errorf("bob's rating %v -> %v, want back to 1500", before.Ratings, after.Ratings)
	}
	var prof map[string]any
	if getJSON(t, h, "/api/players/alice", &prof); prof["mark"] != "cheat" {
		t.Errorf("alice's profile: %v", prof)
	}
	if code, out := mod.post("/api/mod/accounts/alice/mark", map[string]any{"mark": "cheat", "reason": "again"}); code != 200 || out["refunds"] != 0.0 {
		t.Errorf("marked again: %d %v", code, out)
	}

	// Close: the session ends, the seat resigns, the profile is gone, and
	// alice leaves the players online.
	openStream(t, ct.aliceB, h.http.URL)
	online := func() string { _, out := mod.get("/api/online"); return fmt.Sprint(out["players"]) }
	for deadline := time.Now().Add(5 * time.Second); !strings.Contains(online(), "alice"); time.Sleep(20 * time.Millisecond) {
		if time.Now().After(deadline) {
			t.Fatalf("alice not online: %s", online())
		}
	}
	if code, out := mod.post("/api/mod/accounts/alice/close", map[string]any{"reason": "abuse"}); code != 200 || out["resigned"] != 1.0 {
		t.Fatalf("close: %d %v", code, out)
	}
	if s := ct.guest.waitState(func(s play.State) bool { return s.Outcome.Over }); s.Outcome.Winner != 1 {
		t.Errorf("after closing: %+v", s.Outcome)
	}
	if _, me := ct.aliceB.get("/api/account/me"); me["signedIn"] != false {
		t.Errorf("alice still signed in: %v", me)
	}
	for deadline := time.Now().Add(5 * time.Second); strings.Contains(online(), "alice"); time.Sleep(20 * time.Millisecond) {
		if time.Now().After(deadline) {
			t.Fatalf("a closed account is still online: %s", online())
		}
	}
	if code, _ := getJSON(t, h, "/api/players/alice", &prof); code != 404 {
		t.Errorf("a closed account's profile: %d", code)
	}
	if code, out := mod.post("/api/mod/accounts/alice/close", map[string]any{"reason": "twice"}); code != 409 {
		t.Errorf("closed twice: %d %v", code, out)
	}
	var st map[string]any
	if code, _ := getJSONAs(t, mod, "/api/mod/accounts/alice", &st); code != 200 || st["closedBy"] != "keeper" || st["mark"] != "cheat" {
		t.Errorf("standing: %d %v", code, st)
	}
	var log struct {
		Log []struct{ Moderator, Action, Target, Reason string }
	}
	getJSONAs(t, mod, "/api/mod/log", &log)
	var acts []string
	for _, e := range log.Log {
		acts = append(acts, e.Action+":"+e.Target+":"+e.Reason)
	}
	want := "close:alice:abuse mark cheat:alice:again mark cheat:alice:engine mute:alice:insults grant moderator:keeper:"
	if strings.Join(acts, " ") != want {
		t.Errorf("log %q, want %q", strings.Join(acts, " "), want)
	}
}

// getJSONAs reads path as b into v and returns the status.
func getJSONAs(t *testing.T, b *browserClient, path string, v any) (int, error) {
	t.Helper()
	resp, err := b.hc.Get(b.base + path)
	if err != nil {
		t.Fatal(err)
	}
	defer resp.Body.Close()
	return resp.StatusCode, json.NewDecoder(resp.Body).Decode(v)
}

// An account closed elsewhere (another node of a cluster, or the command
// line) loses its seats in this node's games at the node's next sweep.
func TestClosedElsewhereResignsHere(t *testing.T) {
	h := newHarnessWith(t, "", func(c *Config) {
		openTestAccounts(t, c, account.Config{})
		openTestChat(t, c)
		c.RecheckEvery = 50 * time.Millisecond
	}, toysetup.Game{})
	ct := newChatTable(t, h)
	u, err := h.srv.accounts.UserByName(context.Background(), "alice")
	if err != nil {
		t.Fatal(err)
	}
	if err := h.srv.accounts.CloseAccount(context.Background(), u, account.Actor{Moderator: "keeper", Reason: "elsewhere"}); err != nil {
		t.Fatal(err)
	}
	if s := ct.guest.waitState(func(s play.State) bool { return s.Outcome.Over }); s.Outcome.Winner != 1 {
		t.Errorf("after closing elsewhere: %+v", s.Outcome)
	}
}
