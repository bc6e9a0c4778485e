package server

import (
	"testing"

	"wyrm/internal/pgtest"
)

// The events of a bot's game reach it across nodes: a challenge made on
// one node and accepted on the other starts a game whose gameStart (with
// the opponent rated in the game's pool) reaches both players' streams,
// each on its own node; both nodes list the game among each account's
// games in progress; and a resignation sent through the node that does
// not hold the game ends it with a gameFinish on both streams.
func TestClusterBotEventsStartAndFinish(t *testing.T) {
	url := pgtest.NewDB(t)
	a, b := startAccountNode(t, url, "a"), startAccountNode(t, url, "b")
	alice := newAPIToken(t, signUp(t, a.http.URL, "alice"), "script")
	_, bot := makeBot(t, a.http.URL, "robo")
	bot.base = b.http.URL // the bot talks to node b only
	aliceEvents := alice.stream("/api/stream/events")
	aliceEvents.next("hello")
	events := bot.stream("/api/stream/events")
	events.next("hello")
	if code, out := alice.do("POST", "/api/challenges", map[string]any{"game": "toy", "to": "robo", "color": "white", "rated": true}); code != 201 {
		t.Fatalf("challenge through a: %d %v", code, out)
	}
	ch := events.next("challenge")["challenge"].(map[string]any)
	if code, out := bot.do("POST", "/api/challenges/"+ch["id"].(string)+"/accept", map[string]any{}); code != 200 {
		t.Fatalf("accept through b: %d %v", code, out)
	}
	g := events.next("gameStart")["game"].(map[string]any)
	id, _ := g["id"].(string)
	if opp, _ := g["opponent"].(map[string]any); id == "" || g["seat"] != 1.0 || opp == nil || opp["username"] != "alice" || opp["rating"] != 1500.0 {
		t.Fatalf("the bot's gameStart on b: %v", g)
	}
	if s := aliceEvents.next("gameStart")["game"].(map[string]any); s["id"] != id || s["seat"] != 0.0 || s["opponent"].(map[string]any)["bot"] != true {
		t.Fatalf("alice's gameStart on a: %v", s)
	}
	// Each account's games in progress, asked of either node.
	for _, base := range []string{a.http.URL, b.http.URL} {
		for who, c := range map[string]*apiClient{"alice": {t: t, base: base, token: alice.token}, "robo": {t: t, base: base, token: bot.token}} {
			waitFor(t, who+"'s game in progress through "+base, func() bool {
				_, out := c.do("GET", "/api/account/playing", nil)
				list, _ := out["nowPlaying"].([]any)
				return len(list) == 1 && list[0].(map[string]any)["gameId"] == id
			})
		}
	}
	// Resign through the node that does not hold the game.
	other := &apiClient{t: t, base: a.http.URL, token: bot.token}
	if a.srv.session(id) != nil {
		other = bot
	}
	if code, out := other.do("POST", "/api/bot/game/"+id+"/resign", nil); code != 200 {
		t.Fatalf("resign through the other node: %d %v", code, out)
	}
	for who, n := range map[string]*ndjson{"robo on b": events, "alice on a": aliceEvents} {
		f := n.next("gameFinish")["game"].(map[string]any)
		if f["id"] != id || f["status"] != "over" || f["reason"] != "resignation" || f["winner"] != 0.0 {
			t.Fatalf("%s: gameFinish %v", who, f)
		}
	}
	for _, base := range []string{a.http.URL, b.http.URL} {
		c := &apiClient{t: t, base: base, token: bot.token}
		waitFor(t, "the game gone from the games in progress through "+base, func() bool {
			_, out := c.do("GET", "/api/account/playing", nil)
			list, _ := out["nowPlaying"].([]any)
			return list != nil && len(list) == 0
		})
	}
}
