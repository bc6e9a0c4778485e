package main

import (
	"bufio"
	"context"
	"encoding/json"
	"net/http"
	"testing"
	"time"
)

// challengeBot has the bot of token from challenge the bot to (whose
// token is toToken) to a game with body's terms, accepts it as to, and
// returns the game's id. Both bots' event streams stay open for the test.
func challengeBot(t *testing.T, base, from, to, toToken string, body map[string]any, accept bool) string {
	t.Helper()
	ev := events(t, base, from)
	secret := next(t, ev, "hello")["stream"].(string)
	toEv := events(t, base, toToken)
	next(t, toEv, "hello")
	w := &webClient{t: t, base: base}
	body["to"], body["stream"] = to, secret
	code, out := w.do("POST", "/api/challenges", from, body)
	if code != 201 {
		t.Fatalf("challenge: %d %v", code, out)
	}
	id := out["challenge"].(map[string]any)["id"].(string)
	if !accept {
		return next(t, ev, "gameStart")["game"].(map[string]any)["id"].(string)
	}
	if code, out := w.do("POST", "/api/challenges/"+id+"/accept", toToken, map[string]any{}); code != 200 {
		t.Fatalf("accept: %d %v", code, out)
	}
	return next(t, ev, "gameStart")["game"].(map[string]any)["id"].(string)
}

// gameFullOf reads the first line of the bot's stream of game id.
func gameFullOf(t *testing.T, base, token, id string) map[string]any {
	t.Helper()
	ctx, cancel := context.WithTimeout(context.Background(), 20*time.Second)
	defer cancel()
	req, _ := http.NewRequestWithContext(ctx, "GET", base+"/api/bot/game/"+id+"/stream", nil)
	req.Header.Set("Authorization", "Bearer "+token)
	resp, err := http.DefaultClient.Do(req)
	if err != nil {
		t.Fatal(err)
	}
	defer resp.Body.Close()
	sc := bufio.NewScanner(resp.Body)
	sc.Buffer(make([]byte, 64<<10), 8<<20)
	for sc.Scan() {
		var m map[string]any
		if json.Unmarshal(sc.Bytes(), &m) == nil && m["type"] == "gameFull" {
			return m
		}
	}
	t.Fatalf("no gameFull on game %s's stream (%d)", id, resp.StatusCode)
	return nil
}
