package server

import (
	"strings"
	"sync/atomic"
	"testing"
	"time"

	"wyrm/server/challenge"
)

// Puppet accounts cannot fill a player's queue of challenges: a new
// account (under a day old, or with no rated game) has one challenge
// waiting at a time; and a player may refuse challenges from anyone they
// have never played (finding 8 of issue 32).
func TestNewAccountsAndStrangersMayNotFloodChallenges(t *testing.T) {
	var ahead atomic.Int64 // how far the server's clock runs ahead
	h := newChallengeHarness(t, func(c *Config) {
		c.Now = func() time.Time { return time.Now().Add(time.Duration(ahead.Load())) }
	})
	to := func(name string) func(*challenge.Request) { return func(r *challenge.Request) { r.To = name } }
	names := []string{"target", "friend", "puppet", "veteran", "rival", "stranger"}
	b := map[string]*browserClient{}
	for _, n := range names {
		b[n] = signUp(t, h.http.URL, n)
	}

	// A new account: one challenge waiting, not two.
	ps := openStream(t, b["puppet"], h.http.URL)
	if code, out := b["puppet"].post("/api/challenges", seekBody(ps, to("target"))); code != 201 {
		t.Fatalf("the puppet's first challenge: %d %v", code, out)
	}
	code, out := b["puppet"].post("/api/challenges", seekBody(ps, to("friend")))
	if msg, _ := out["error"].(string); code != 429 || !strings.Contains(msg, "new account") {
		t.Errorf("a new account's second challenge waiting: %d %v, want 429 naming the rule", code, out)
	}

	// A day on, with a rated game, the account is no longer new.
	ahead.Store(int64(25 * time.Hour))
	recordToy(t, h, "g1", true, h.srv.now(), []int64{b["veteran"].userID(), b["rival"].userID()}, 1, 2)
	vs := openStream(t, b["veteran"], h.http.URL)
	for _, n := range []string{"friend", "stranger"} {
		if code, out := b["veteran"].post("/api/challenges", seekBody(vs, to(n))); code != 201 {
			t.Errorf("an established account challenges %s: %d %v", n, code, out)
		}
	}

	// The target refuses strangers: the rival, who played the veteran but
	// never the target, is refused; the friend, who played the target (a
	// casual game is enough), is not.
	if code, out := b["target"].post("/api/account/settings", map[string]any{"refuseStrangers": true}); code != 200 || out["refuseStrangers"] != true {
		t.Fatalf("the setting: %d %v", code, out)
	}
	if _, me := b["target"].get("/api/account/me"); me["refuseStrangers"] != true {
		t.Errorf("the setting is not kept: %v", me)
	}
	recordToy(t, h, "g2", false, h.srv.now(), []int64{b["target"].userID(), b["friend"].userID()}, 1, 2)
	rs := openStream(t, b["rival"], h.http.URL)
	code, out = b["rival"].post("/api/challenges", seekBody(rs, to("target")))
	if msg, _ := out["error"].(string); code != 403 || !strings.Contains(msg, "played") {
		t.Errorf("a stranger challenges the target: %d %v, want 403", code, out)
	}
	fs := openStream(t, b["friend"], h.http.URL)
	if code, out := b["friend"].post("/api/challenges", seekBody(fs, to("target"))); code != 201 {
		t.Errorf("a player the target played challenges: %d %v", code, out)
	}
	if code, out := b["target"].post("/api/account/settings", map[string]any{"refuseStrangers": false}); code != 200 || out["refuseStrangers"] != false {
		t.Fatalf("the setting off: %d %v", code, out)
	}
	if code, out := b["rival"].post("/api/challenges", seekBody(rs, to("target"))); code != 201 {
		t.Errorf("with the setting off, the stranger: %d %v", code, out)
	}
}
