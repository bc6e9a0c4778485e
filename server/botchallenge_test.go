package server

import (
	"testing"
)

// A bot challenges a player and posts a seek with its token alone: no
// event stream, no secret. The colour it asks for is the seat it gets.
func TestBotChallengesWithItsTokenAlone(t *testing.T) {
	h := newChallengeHarness(t, nil)
	alice := signUp(t, h.http.URL, "alice")
	_, bot := makeBot(t, h.http.URL, "robo")
	code, out := bot.do("POST", "/api/challenges", map[string]any{"game": "toy", "to": "alice", "color": "black",
		"clock": map[string]any{"initialMs": 180000, "incrementMs": 2000}})
	if code != 201 {
		t.Fatalf("challenge with a token: %d %v", code, out)
	}
	id := out["challenge"].(map[string]any)["id"].(string)
	if seat := out["challenge"].(map[string]any)["seat"]; seat != 1.0 {
		t.Fatalf("black is the second seat, got %v", seat)
	}
	_, list := alice.get("/api/challenges")
	if in := list["incoming"].([]any); len(in) != 1 || in[0].(map[string]any)["id"] != id {
		t.Fatalf("alice's incoming challenges: %v", list)
	}
	code, out = alice.post("/api/challenges/"+id+"/accept", map[string]any{})
	if code != 200 || out["seat"] != 0.0 {
		t.Fatalf("accept: %d %v", code, out)
	}
	// A seek by token is listed like any other, and its author may cancel it.
	code, out = bot.do("POST", "/api/challenges", map[string]any{"game": "toy", "color": "random"})
	if code != 201 {
		t.Fatalf("seek with a token: %d %v", code, out)
	}
	seek := out["challenge"].(map[string]any)["id"].(string)
	// The seeks' index hears of a new seek through the store's events.
	waitFor(t, "the seek listed", func() bool { ids := seekIDs(alice); return len(ids) == 1 && ids[0] == seek })
	if code, out := bot.do("POST", "/api/challenges/"+seek+"/cancel", map[string]any{}); code != 200 {
		t.Fatalf("cancel: %d %v", code, out)
	}
	// A body of the wrong shape is named, in the server's words.
	code, out = bot.do("POST", "/api/challenges", map[string]any{"game": "toy", "options": []string{"x"}})
	if code != 400 || out["error"] != `malformed request: field "options" must be an object, not a list` {
		t.Fatalf("malformed body: %d %v", code, out)
	}
}
