package server

import (
	"testing"
)

// state reads the next gameState of a game stream.
func (n *ndjson) state() map[string]any {
	n.t.Helper()
	return n.next("gameState")
}

// Two bots play a game that begins with a setup stage, challenged with a
// token alone: each reads the stage from its stream, asks the game for a
// choice and submits it; then they offer and decline a draw, take a move
// back, chat and finish the game by resignation.
func TestBotsPlayASetupGame(t *testing.T) {
	h := newChatHarness(t, "", nil)
	_, south := makeBot(t, h.http.URL, "south")
	_, north := makeBot(t, h.http.URL, "north")
	code, out := south.do("POST", "/api/challenges", map[string]any{"game": "toy", "to": "north", "color": "white",
		"options": map[string]string{"setup": "true"}})
	if code != 201 {
		t.Fatalf("a setup game between bots: %d %v", code, out)
	}
	code, out = north.do("POST", "/api/challenges/"+out["challenge"].(map[string]any)["id"].(string)+"/accept", map[string]any{})
	if code != 200 {
		t.Fatalf("accept: %d %v", code, out)
	}
	id := out["game"].(string)
	ss, ns := south.stream("/api/bot/game/"+id+"/stream"), north.stream("/api/bot/game/"+id+"/stream")
	full := ss.next("gameFull")
	st := full["state"].(map[string]any)
	setup, _ := st["setup"].(map[string]any)
	if st["status"] != "setup" || setup == nil || setup["stage"] == "" || setup["help"] == nil || len(setup["toChoose"].([]any)) == 0 {
		t.Fatalf("gameFull in setup: %v", full)
	}
	if p := full["white"].(map[string]any); p["name"] != "south" || p["title"] != "BOT" || p["rating"] != 1500.0 {
		t.Fatalf("white: %v", full["white"])
	}
	ns.next("gameFull")
	if code, out := south.do("POST", "/api/bot/game/"+id+"/move/a1a2", nil); code != 409 {
		t.Fatalf("a move in setup: %d %v", code, out)
	}
	if code, out := south.do("POST", "/api/bot/game/"+id+"/setup", map[string]string{"choice": "nonsense"}); code != 400 {
		t.Fatalf("a bad choice: %d %v", code, out)
	}
	// Each bot chooses while its seat must; the game's suggestion is valid.
	for _, b := range []*apiClient{south, north} {
		code, sug := b.do("GET", "/api/bot/game/"+id+"/setup/suggest", nil)
		if code == 409 {
			continue // this seat has nothing to choose now
		}
		if code != 200 || sug["choice"] == "" {
			t.Fatalf("suggest: %d %v", code, sug)
		}
		if code, out := b.do("POST", "/api/bot/game/"+id+"/setup", map[string]any{"choice": sug["choice"]}); code != 200 {
			t.Fatalf("setup: %d %v", code, out)
		}
	}
	for st["status"] != "started" {
		st = ss.state()
	}
	if code, _ := south.do("GET", "/api/bot/game/"+id+"/setup/suggest", nil); code != 409 {
		t.Fatalf("suggest in play: %d", code)
	}
	if st["wtime"] == nil || st["drawOffers"] == nil {
		t.Fatalf("state in play: %v", st)
	}
	// A draw offered shows on the stream, and is declined.
	if code, out := south.do("POST", "/api/bot/game/"+id+"/draw/yes", nil); code != 200 {
		t.Fatalf("offer a draw: %d %v", code, out)
	}
	if st = ss.state(); len(st["drawOffers"].([]any)) != 1 || st["drawOffers"].([]any)[0] != 0.0 {
		t.Fatalf("the offer: %v", st)
	}
	if code, out := north.do("POST", "/api/bot/game/"+id+"/draw/no", nil); code != 200 {
		t.Fatalf("decline: %d %v", code, out)
	}
	if st = ss.state(); len(st["drawOffers"].([]any)) != 0 {
		t.Fatalf("after declining: %v", st)
	}
	if code, _ := south.do("POST", "/api/bot/game/"+id+"/draw/yes", nil); code != 409 {
		t.Fatalf("a second offer in one position: %d", code)
	}
	// A move taken back with the other's consent.
	moves := st["moves"].([]any)
	toMove := []*apiClient{south, north}[int(st["toMove"].(float64))]
	if code, out := toMove.do("GET", "/api/bot/game/"+id+"/setup/suggest", nil); code != 409 {
		t.Fatalf("suggest: %d %v", code, out)
	}
	mv := firstLegal(t, toMove, id)
	if st = ss.state(); len(st["moves"].([]any)) != len(moves)+1 {
		t.Fatalf("after %s: %v", mv, st)
	}
	if code, out := toMove.do("POST", "/api/bot/game/"+id+"/takeback/yes", nil); code != 200 {
		t.Fatalf("ask a takeback: %d %v", code, out)
	}
	if st = ss.state(); st["takeback"] == nil {
		t.Fatalf("the takeback asked: %v", st)
	}
	other := map[*apiClient]*apiClient{south: north, north: south}[toMove]
	if code, out := other.do("POST", "/api/bot/game/"+id+"/takeback/yes", nil); code != 200 {
		t.Fatalf("agree: %d %v", code, out)
	}
	if st = ss.state(); len(st["moves"].([]any)) != len(moves) || st["takeback"] != nil {
		t.Fatalf("after the takeback: %v", st)
	}
	if code, out := north.do("POST", "/api/bot/game/"+id+"/chat", map[string]string{"room": "player", "text": "good luck"}); code != 200 {
		t.Fatalf("chat: %d %v", code, out)
	}
	if code, out := north.do("POST", "/api/bot/game/"+id+"/resign", nil); code != 200 {
		t.Fatalf("resign: %d %v", code, out)
	}
	st = ss.state()
	if st["status"] != "over" || st["winner"] != 0.0 || st["reason"] != "resignation" || len(st["placings"].([]any)) != 2 {
		t.Fatalf("the end: %v", st)
	}
}

// firstLegal plays the first of a few toy moves that the game takes.
func firstLegal(t *testing.T, b *apiClient, id string) string {
	t.Helper()
	for _, from := range []string{"a", "b", "c", "d", "e"} {
		for _, mv := range []string{from + "1" + from + "2", from + "5" + from + "4", from + "2" + from + "3", from + "4" + from + "3"} {
			if code, _ := b.do("POST", "/api/bot/game/"+id+"/move/"+mv, nil); code == 200 {
				return mv
			}
		}
	}
	t.Fatal("no legal move found")
	return ""
}
