package server

import (
	"strings"
	"testing"

	"wyrm/server/bots"
	"wyrm/server/challenge"
)

// A person challenges a bot from its profile; the bot hears it on its
// event stream (with its token, as NDJSON), accepts, hears the game start,
// opens the game's stream and plays: moves checked by the game, turns
// kept, states streamed, a resignation ends the stream. Only bots may use
// the bot endpoints, and only in their own games.
func TestBotPlaysThroughTheBotAPI(t *testing.T) {
	h := newChallengeHarness(t, nil)
	alice := signUp(t, h.http.URL, "alice")
	_, bot := makeBot(t, h.http.URL, "robo")
	if code, prof := alice.get("/api/players/robo"); code != 200 || prof["bot"] != true {
		t.Fatalf("profile: %d %v", code, prof)
	}
	events := bot.stream("/api/stream/events")
	events.next("hello")
	as := openStream(t, alice, h.http.URL)
	// A game that begins with setup stages may be offered to a bot (the
	// bot API plays setup); the bot declines this one with a reason.
	code, out := alice.post("/api/challenges", seekBody(as, func(r *challenge.Request) {
		r.To, r.Options = "robo", map[string]string{"setup": "true"}
	}))
	if code != 201 {
		t.Fatalf("a setup game to a bot: %d %v", code, out)
	}
	setupCh := events.next("challenge")["challenge"].(map[string]any)
	if code, out := bot.do("POST", "/api/challenges/"+setupCh["id"].(string)+"/decline", map[string]any{"reason": "options"}); code != 200 {
		t.Fatalf("decline: %d %v", code, out)
	}
	code, out = alice.post("/api/challenges", seekBody(as, func(r *challenge.Request) { r.To, r.Rated, r.Seat = "robo", true, intp(0) }))
	if code != 201 {
		t.Fatalf("challenge: %d %v", code, out)
	}
	ch := events.next("challenge")["challenge"].(map[string]any)
	if code, out := bot.do("POST", "/api/challenges/"+ch["id"].(string)+"/accept", map[string]any{}); code != 200 {
		t.Fatalf("accept: %d %v", code, out)
	}
	game := events.next("gameStart")["game"].(map[string]any)
	id := game["id"].(string)
	if game["seat"].(float64) != 1 {
		t.Fatalf("the bot's seat: %v", game)
	}
	// People may not use the bot endpoints, nor bots another's game.
	if code, out := alice.post("/api/bot/game/"+id+"/move/a1a2", map[string]any{}); code != 403 || !contains(out["error"], "bot accounts") {
		t.Fatalf("a person's bot move: %d %v", code, out)
	}
	_, other := makeBot(t, h.http.URL, "other")
	if code, out := other.do("POST", "/api/bot/game/"+id+"/resign", nil); code != 403 {
		t.Fatalf("another bot's resignation: %d %v", code, out)
	}
	if code, _ := bot.do("POST", "/api/bot/game/nosuchgame/resign", nil); code != 404 {
		t.Fatalf("no game: %d", code)
	}

	gs := bot.stream("/api/bot/game/" + id + "/stream")
	full := gs.next("gameFull")
	state := full["state"].(map[string]any)
	if full["id"] != id || full["game"] != "toy" || full["rated"] != true || full["seat"].(float64) != 1 || full["startpos"] != true ||
		full["start"] == "" || len(state["moves"].([]any)) != 0 || state["toMove"].(float64) != 0 || state["status"] != "started" {
		t.Fatalf("gameFull %v", full)
	}
	players := full["players"].([]any)
	if players[0].(map[string]any)["name"] != "alice" || players[1].(map[string]any)["bot"] != true {
		t.Fatalf("players %v", players)
	}
	for _, c := range []struct {
		move string
		code int
	}{
		{"a5a4", 409},    // not the bot's turn
		{"a1%20a2", 400}, // a space
		{strings.Repeat("z", bots.MaxMove+1), 400}, // too long
	} {
		if code, out := bot.do("POST", "/api/bot/game/"+id+"/move/"+c.move, nil); code != c.code {
			t.Errorf("move %q: %d %v, want %d", c.move, code, out, c.code)
		}
	}
	ws := dialAs(t, alice, h.http.URL, id) // her seat follows her account
	ws.send(map[string]any{"type": "move", "move": "a1a2", "id": 1})
	ws.expect("ack")
	st := gs.next("gameState")
	if mv := st["moves"].([]any); len(mv) != 1 || mv[0] != "a1a2" || st["toMove"].(float64) != 1 {
		t.Fatalf("state after alice's move: %v", st)
	}
	if code, out := bot.do("POST", "/api/bot/game/"+id+"/move/a1a1", nil); code != 400 {
		t.Fatalf("an illegal move: %d %v", code, out)
	}
	if code, out := bot.do("POST", "/api/bot/game/"+id+"/move/a5a4", nil); code != 200 {
		t.Fatalf("the bot's move: %d %v", code, out)
	}
	if st := gs.next("gameState"); len(st["moves"].([]any)) != 2 || st["toMove"].(float64) != 0 {
		t.Fatalf("state after the bot's move: %v", st)
	}
	if code, out := bot.do("POST", "/api/bot/game/"+id+"/resign", nil); code != 200 {
		t.Fatalf("resign: %d %v", code, out)
	}
	st = gs.next("gameState")
	if st["status"] != "over" || st["results"].([]any)[1] != "loss" {
		t.Fatalf("final state %v", st)
	}
	if !gs.ended() {
		t.Fatal("the game stream stayed open after the game")
	}
	if code, _ := bot.do("POST", "/api/bot/game/"+id+"/resign", nil); code != 409 {
		t.Fatalf("resigning a finished game: %d", code)
	}
	// Both ratings changed: the game was rated.
	for _, name := range []string{"alice", "robo"} {
		_, prof := alice.get("/api/players/" + name)
		if r := prof["ratings"].([]any); len(r) != 1 || r[0].(map[string]any)["rating"].(float64) == 1500 {
			t.Fatalf("%s's ratings: %v", name, r)
		}
	}
}

func intp(i int) *int { return &i }

// contains reports whether v is a string holding s.
func contains(v any, s string) bool {
	str, ok := v.(string)
	return ok && strings.Contains(str, s)
}
