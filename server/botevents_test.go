package server

import (
	"testing"
)

// A bot's event stream tells it enough of a game that starts to set its
// engine up (the game, its options, the opponent rated in the game's pool,
// its seat and colour, the start), and tells every account at the table
// how the game ended.
func TestBotEventsStartAndFinish(t *testing.T) {
	h := newChallengeHarness(t, nil)
	alice := newAPIToken(t, signUp(t, h.http.URL, "alice"), "script")
	_, bot := makeBot(t, h.http.URL, "robo")
	events := bot.stream("/api/stream/events")
	events.next("hello")
	aliceEvents := alice.stream("/api/stream/events")
	aliceEvents.next("hello")
	code, out := alice.do("POST", "/api/challenges", map[string]any{"game": "toy", "to": "robo", "color": "white", "rated": true})
	if code != 201 {
		t.Fatalf("challenge: %d %v", code, out)
	}
	ch := events.next("challenge")["challenge"].(map[string]any)
	if code, out := bot.do("POST", "/api/challenges/"+ch["id"].(string)+"/accept", map[string]any{}); code != 200 {
		t.Fatalf("accept: %d %v", code, out)
	}
	g := events.next("gameStart")["game"].(map[string]any)
	id, _ := g["id"].(string)
	opp, _ := g["opponent"].(map[string]any)
	switch {
	case g["gameId"] != id || g["challenge"] != ch["id"] || g["game"] != "toy" || g["rated"] != true:
		t.Fatalf("the game's terms: %v", g)
	case g["seat"] != 1.0 || g["color"] != "black" || g["isMyTurn"] != false:
		t.Fatalf("the bot's seat: %v", g)
	case opp == nil || opp["username"] != "alice" || opp["rating"] != 1500.0 || opp["provisional"] != true:
		t.Fatalf("the opponent: %v", g)
	case g["fen"] == "" || g["fen"] != g["start"]:
		t.Fatalf("the start: %v", g)
	}
	if _, ok := g["options"].(map[string]any); !ok {
		t.Fatalf("the options: %v", g)
	}
	if a := aliceEvents.next("gameStart")["game"].(map[string]any); a["seat"] != 0.0 || a["isMyTurn"] != true ||
		a["opponent"].(map[string]any)["bot"] != true {
		t.Fatalf("the author's gameStart: %v", a)
	}
	// Both accounts list the game among theirs in progress, with the
	// opponent named once the game has read its players' accounts.
	waitFor(t, "the players read", func() bool {
		_, out := bot.do("GET", "/api/account/playing", nil)
		list, _ := out["nowPlaying"].([]any)
		return len(list) == 1 && list[0].(map[string]any)["opponent"].(map[string]any)["name"] == "alice"
	})
	for who, c := range map[string]*apiClient{"robo": bot, "alice": alice} {
		code, out := c.do("GET", "/api/account/playing", nil)
		list, _ := out["nowPlaying"].([]any)
		if code != 200 || len(list) != 1 {
			t.Fatalf("%s's games in progress: %d %v", who, code, out)
		}
		p := list[0].(map[string]any)
		opp, _ := p["opponent"].(map[string]any)
		mine := who == "alice"
		if p["gameId"] != id || p["game"] != "toy" || p["isMyTurn"] != mine || (p["color"] == "white") != mine || opp == nil {
			t.Fatalf("%s's game in progress: %v", who, p)
		}
		if name := map[bool]string{true: "robo", false: "alice"}[mine]; opp["name"] != name || (opp["bot"] == true) != mine {
			t.Fatalf("%s's opponent: %v", who, opp)
		}
	}
	if code, out := bot.do("POST", "/api/bot/game/"+id+"/resign", nil); code != 200 {
		t.Fatalf("resign: %d %v", code, out)
	}
	for who, n := range map[string]*ndjson{"robo": events, "alice": aliceEvents} {
		f := n.next("gameFinish")["game"].(map[string]any)
		if f["id"] != id || f["status"] != "over" || f["reason"] != "resignation" || f["winner"] != 0.0 {
			t.Fatalf("%s's gameFinish: %v", who, f)
		}
	}
	if code, out := bot.do("GET", "/api/account/playing", nil); code != 200 || len(out["nowPlaying"].([]any)) != 0 {
		t.Fatalf("a game over is no longer in progress: %d %v", code, out)
	}
}
