package server

import (
	"testing"

	"wyrm/internal/pgtest"
	"wyrm/server/challenge"
)

// A bot works through any node: its token, made on one, signs it in on
// the other; a person's challenge posted on one reaches its stream on the
// other; its game's stream, moves and resignation are forwarded to the
// node that holds the game; a token revoked on one node is dead on both.
func TestClusterBotPlaysThroughAnyNode(t *testing.T) {
	url := pgtest.NewDB(t)
	a, b := startAccountNode(t, url, "a"), startAccountNode(t, url, "b")
	alice := signUp(t, a.http.URL, "alice")
	robo, bot := makeBot(t, a.http.URL, "robo")
	viaB := &apiClient{t: t, base: b.http.URL, token: bot.token}
	events := viaB.stream("/api/stream/events")
	events.next("hello")
	as := openStream(t, alice, a.http.URL)
	if code, out := alice.post("/api/challenges", seekBody(as, func(r *challenge.Request) { r.To, r.Seat = "robo", intp(0) })); code != 201 {
		t.Fatalf("challenge: %d %v", code, out)
	}
	ch := events.next("challenge")["challenge"].(map[string]any)
	if code, out := viaB.do("POST", "/api/challenges/"+ch["id"].(string)+"/accept", map[string]any{}); code != 200 {
		t.Fatalf("accept through b: %d %v", code, out)
	}
	id := events.next("gameStart")["game"].(map[string]any)["id"].(string)
	// The game is on one node; the bot talks to the other.
	other := viaB
	if b.srv.session(id) != nil {
		other = &apiClient{t: t, base: a.http.URL, token: bot.token}
	}
	gs := other.stream("/api/bot/game/" + id + "/stream")
	if full := gs.next("gameFull"); full["id"] != id || full["seat"].(float64) != 1 {
		t.Fatalf("gameFull through the other node: %v", full)
	}
	ws := dialAs(t, alice, other.base, id)
	ws.send(map[string]any{"type": "move", "move": "a1a2", "id": 1})
	ws.expect("ack")
	if st := gs.next("gameState"); len(st["moves"].([]any)) != 1 {
		t.Fatalf("state %v", st)
	}
	if code, out := other.do("POST", "/api/bot/game/"+id+"/move/a5a4", nil); code != 200 {
		t.Fatalf("move through the other node: %d %v", code, out)
	}
	if code, out := other.do("POST", "/api/bot/game/"+id+"/resign", nil); code != 200 {
		t.Fatalf("resign through the other node: %d %v", code, out)
	}
	for st := gs.next("gameState"); st["status"] != "over"; st = gs.next("gameState") {
	}
	if !gs.ended() {
		t.Fatal("the stream stayed open after the game")
	}
	_, list := robo.get("/api/account/tokens")
	tokID := list["tokens"].([]any)[0].(map[string]any)["id"].(string)
	if code, _ := robo.post("/api/account/tokens/"+tokID+"/revoke", map[string]any{}); code != 200 {
		t.Fatal("revoke")
	}
	for _, base := range []string{a.http.URL, b.http.URL} {
		c := &apiClient{t: t, base: base, token: bot.token}
		if code, _ := c.do("GET", "/api/account/me", nil); code != 401 {
			t.Fatalf("a revoked token on %s: %d", base, code)
		}
	}
}
