package main

import (
	"net/http"
	"strings"
	"testing"
	"time"
)

// Four `wyrm bot` bridges play a four-seat Dungeon Chess game to its end:
// each drafts and deploys through the bot API's setup (its engine's own
// choice, else the server's suggestion), then plays. It needs the server
// side of the bot API's setup; where the server has none it says so and
// skips.
func TestFourBridgesPlayDungeonChess(t *testing.T) {
	if testing.Short() {
		t.Skip("plays a whole game")
	}
	base := botServer(t)
	names := []string{"north", "east", "south", "west"}
	tokens := make([]string, len(names))
	for i, n := range names {
		if i >= 2 {
			// Tokens are made at a bounded rate from one address.
			time.Sleep(12 * time.Second)
		}
		tokens[i] = newBot(t, base, n)
	}
	t.Setenv(asWyrm, "1")
	type running struct {
		log  *syncBuffer
		done <-chan error
	}
	var bridges []running
	for _, tok := range tokens {
		log, stop, done := bridge(t, base, tok, t.TempDir())
		t.Cleanup(stop)
		bridges = append(bridges, running{log, done})
	}
	ev := events(t, base, tokens[0])
	secret := next(t, ev, "hello")["stream"].(string)
	w := &webClient{t: t, base: base}
	code, out := w.do("POST", "/api/challenges", tokens[0], map[string]any{"game": "dungeon", "options": map[string]string{"players": "4"},
		"stream": secret, "clock": map[string]int{"initialMs": 60000}})
	if why, _ := out["error"].(string); code == http.StatusBadRequest && (strings.Contains(why, "setup") || strings.Contains(why, "two players")) {
		t.Skipf("the server cannot seat four bots in a Dungeon Chess game by a seek (%q): its side of the bot API's setup is not here", why)
	}
	if code != 201 {
		t.Fatalf("seek: %d %v", code, out)
	}
	seek := out["challenge"].(map[string]any)["id"].(string)
	for _, tok := range tokens[1:] {
		if code, out := w.do("POST", "/api/challenges/"+seek+"/accept", tok, map[string]any{}); code != 200 {
			t.Fatalf("accept: %d %v", code, out)
		}
	}
	id := next(t, ev, "gameStart")["game"].(map[string]any)["id"].(string)
	if code, _ := w.do("GET", "/api/bot/game/"+id+"/setup/suggest", tokens[0], nil); code == http.StatusNotFound {
		t.Skip("the server answers 404 to /api/bot/game/{id}/setup/suggest: its side of the bot API's setup is not here")
	}
	for i, b := range bridges {
		select {
		case err := <-b.done:
			if l := b.log.String(); err != nil || !strings.Contains(l, "game over") || !strings.Contains(l, "setup chosen") {
				t.Fatalf("%s's bridge: %v\n%s", names[i], err, l)
			}
		case <-time.After(6 * time.Minute):
			t.Fatalf("%s's bridge: the game did not end within 6 minutes:\n%s", names[i], b.log.String())
		}
	}
}
