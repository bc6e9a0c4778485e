package server

import (
	"context"
	"encoding/json"
	"io"
	"net/http"
	"strings"
	"testing"
	"time"

	"wyrm/server/play"
)

// A player downloads everything kept about them: the account, its rated
// games and ratings, what they said in chat and the reports they made;
// nothing of another player's, no password hash. A program with their API
// token cannot.
func TestExportOwnData(t *testing.T) {
	h := newChatHarness(t, "", nil)
	ct := newChatTable(t, h)
	ct.alice.mustSay("players", "hello north")
	ct.guest.mustSay("players", "guest speaking")
	ct.alice.read(func(m map[string]any) bool { return m["type"] == "chat" && ct.alice.heard("guest speaking") })
	_, ids := signUpAll(t, h, "bob")
	alice := ct.aliceB.userID()
	recordToy(t, h, "r1", true, time.Now().Add(-time.Hour), []int64{alice, ids[0]}, 1, 2)
	if m := ct.alice.ask(map[string]any{"type": "chat-report", "message": ct.alice.seen[len(ct.alice.seen)-1].ID}); m["type"] != "ack" {
		t.Fatalf("report: %v", m)
	}
	var out struct {
		Account       map[string]any
		Games         []map[string]any
		Ratings       []map[string]any
		RatingHistory []map[string]any
		ChatMessages  []map[string]any
		ReportsMade   []map[string]any
	}
	resp, err := ct.aliceB.hc.Get(h.http.URL + "/api/account/export")
	if err != nil {
		t.Fatal(err)
	}
	body, _ := io.ReadAll(resp.Body)
	resp.Body.Close()
	if err := json.Unmarshal(body, &out); err != nil || resp.StatusCode != 200 {
		t.Fatalf("export: %d %v %s", resp.StatusCode, err, body)
	}
	if !strings.HasPrefix(resp.Header.Get("Content-Disposition"), "attachment") {
		t.Errorf("not offered as a file: %q", resp.Header.Get("Content-Disposition"))
	}
	if out.Account["name"] != "alice" || len(out.Games) != 1 || out.Games[0]["game_id"] != "r1" || len(out.Ratings) != 1 || len(out.RatingHistory) != 1 {
		t.Errorf("account and games: %+v", out)
	}
	if len(out.ChatMessages) != 1 || out.ChatMessages[0]["body"] != "hello north" {
		t.Errorf("chat: %+v", out.ChatMessages)
	}
	if len(out.ReportsMade) != 1 || out.ReportsMade[0]["body"] != "guest speaking" {
		t.Errorf("reports made: %+v", out.ReportsMade)
	}
	if s := string(body); strings.Contains(s, "argon2") || strings.Contains(s, "bob") {
		t.Errorf("the export holds a hash or another player: %s", s)
	}
	token, _, err := h.srv.accounts.CreateAPIToken(context.Background(), alice, "script")
	if err != nil {
		t.Fatal(err)
	}
	req, _ := http.NewRequest("GET", h.http.URL+"/api/account/export", nil)
	req.Header.Set("Authorization", "Bearer "+token)
	if resp, err := http.DefaultClient.Do(req); err != nil || resp.StatusCode != 403 {
		t.Errorf("export with a token: %v %v", resp.StatusCode, err)
	}
	if code, _ := h.get("/api/account/export"); code != 403 {
		t.Errorf("a guest's export: %d", code)
	}
}

// A player closes their own account with their password: a wrong one
// changes nothing; then its seat resigns, it is signed out, its profile is
// gone, its games stay under "deleted account", and the name is not taken
// again.
func TestCloseOwnAccount(t *testing.T) {
	h := newChatHarness(t, "", nil)
	ct := newChatTable(t, h)
	_, ids := signUpAll(t, h, "bob")
	alice := ct.aliceB.userID()
	recordToy(t, h, "r1", true, time.Now().Add(-time.Hour), []int64{alice, ids[0]}, 1, 2)
	if code, out := ct.aliceB.post("/api/account/close", map[string]any{"password": "not my password"}); code != 403 {
		t.Fatalf("a wrong password: %d %v", code, out)
	}
	if _, me := ct.aliceB.get("/api/account/me"); me["signedIn"] != true {
		t.Fatal("a refused close signed alice out")
	}
	if code, out := ct.aliceB.post("/api/account/close", map[string]any{"password": "a long password"}); code != 200 || out["resigned"] != 1.0 {
		t.Fatalf("close: %d %v", code, out)
	}
	if s := ct.guest.waitState(func(s play.State) bool { return s.Outcome.Over }); s.Outcome.Winner != 1 {
		t.Errorf("after closing: %+v", s.Outcome)
	}
	if _, me := ct.aliceB.get("/api/account/me"); me["signedIn"] != false {
		t.Errorf("still signed in: %v", me)
	}
	var prof map[string]any
	if code, _ := getJSON(t, h, "/api/players/alice", &prof); code != 404 {
		t.Errorf("a closed account's profile: %d", code)
	}
	var games gamesAnswer
	if code, _ := getJSON(t, h, "/api/players/bob/games", &games); code != 200 || len(games.Games) != 1 {
		t.Fatalf("bob's games: %d %+v", code, games)
	}
	if b, _ := json.Marshal(games.Games[0]); !strings.Contains(string(b), `"deleted account"`) || strings.Contains(string(b), "alice") {
		t.Errorf("bob's game against the closed account: %s", b)
	}
	b := newBrowserClient(t, h.http.URL)
	if code, out := b.post("/api/account/signup", map[string]string{"name": "Alice", "password": "a long password"}); code != 409 {
		t.Errorf("the name taken again: %d %v", code, out)
	}
	if code, out := b.post("/api/account/login", map[string]string{"name": "alice", "password": "a long password"}); code != 403 {
		t.Errorf("signing in to a closed account: %d %v", code, out)
	}
}
