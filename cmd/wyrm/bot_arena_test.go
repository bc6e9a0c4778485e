package main

import (
	"context"
	"fmt"
	"net/http/httptest"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"wyrm/games"
	"wyrm/server"
	"wyrm/server/account"
	"wyrm/server/store"
)

// arenaServer is a server with accounts and every game whose arenas may be
// as short as a minute and clocks as short as a second; it returns its
// address and the accounts.
func arenaServer(t *testing.T) (string, *account.Accounts) {
	t.Helper()
	st, err := store.Open(filepath.Join(t.TempDir(), "w.db"))
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { st.Close() })
	acc, err := account.Open(context.Background(), st, account.Config{Params: account.Params{Time: 1, MemoryKiB: 8 << 10, Threads: 1, SaltLen: 16, KeyLen: 32}})
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { acc.Close() })
	srv, err := server.New(server.Config{Store: st, Games: games.All(), Accounts: acc, MinClock: time.Second,
		Tournaments: server.TournamentsConfig{MinMinutes: 1}})
	if err != nil {
		t.Fatal(err)
	}
	hs := httptest.NewServer(srv.Handler())
	t.Cleanup(func() { hs.Close(); srv.Close() })
	return hs.URL, acc
}

// botToken makes a bot account name and an API token of it, straight in
// the accounts (the API's limits on sign-ups and tokens from one address
// would make eight bots wait a minute).
func botToken(t *testing.T, acc *account.Accounts, name string) string {
	t.Helper()
	ctx := context.Background()
	u, _, err := acc.SignUp(ctx, name, "a long password", "127.0.0.1")
	if err != nil {
		t.Fatal(err)
	}
	if _, err := acc.MakeBot(ctx, u.ID); err != nil {
		t.Fatal(err)
	}
	tok, _, err := acc.CreateAPIToken(ctx, u.ID, "bridge")
	if err != nil {
		t.Fatal(err)
	}
	return tok
}

// Eight `wyrm bot` bridges play a rated four-seat Dungeon Chess arena to
// its end: tables of four filled from the bots who wait, each game scored
// by placing (4, 2, 1, 0), the standings by those points.
func TestEightBotsPlayAFourSeatArena(t *testing.T) {
	if testing.Short() {
		t.Skip("plays a whole arena")
	}
	base, acc := arenaServer(t)
	var tokens []string
	for i := range 8 {
		tokens = append(tokens, botToken(t, acc, fmt.Sprintf("bot%d", i+1)))
	}
	t.Setenv(asWyrm, "1")
	var logs []*syncBuffer
	for _, tok := range tokens {
		log, stop, _ := bridgeFor(t, base, tok, 0)
		t.Cleanup(stop)
		logs = append(logs, log)
	}
	w := &webClient{t: t, base: base}
	code, out := w.do("POST", "/api/tournaments", tokens[0], map[string]any{"kind": "arena", "name": "Eight bots",
		"game": "dungeon", "options": map[string]string{"players": "4"}, "rated": true, "bots": true,
		"clock": map[string]int{"initialMs": 15000}, "minutes": 1, "startsAt": time.Now().Add(2 * time.Second).UnixMilli()})
	if code != 201 {
		t.Fatalf("create: %d %v", code, out)
	}
	id := out["id"].(string)
	for _, tok := range tokens {
		if code, out := w.do("POST", "/api/tournaments/"+id+"/join", tok, nil); code != 200 {
			t.Fatalf("join: %d %v", code, out)
		}
	}
	deadline := time.Now().Add(8 * time.Minute)
	var v map[string]any
	for {
		_, v = w.do("GET", "/api/tournaments/"+id, tokens[0], nil)
		if v["status"] == "finished" {
			break
		}
		if time.Now().After(deadline) {
			var all []string
			for i, l := range logs {
				all = append(all, fmt.Sprintf("bot%d:\n%s", i+1, l.String()))
			}
			t.Fatalf("the arena did not end: %v\n%s", v, strings.Join(all, "\n"))
		}
		time.Sleep(time.Second)
	}
	games := v["games"].([]any)
	if len(games) < 2 {
		t.Fatalf("%d games", len(games))
	}
	points := map[string]int{}
	for _, g := range games {
		g := g.(map[string]any)
		players, placings, pts := g["players"].([]any), g["placings"].([]any), g["points"].([]any)
		if len(players) != 4 || len(placings) != 4 {
			t.Fatalf("a table of %d: %v", len(players), g)
		}
		for i, p := range players {
			got, place := int(pts[i].(float64)), int(placings[i].(float64))
			// 4, 2, 1, 0 by place (shared places share their points); a
			// streak doubles them.
			if base := map[int]int{1: 4, 2: 2, 3: 1, 4: 0}[place]; got != base && got != 2*base && got > 4 {
				t.Errorf("%v: place %d scored %d", p, place, got)
			}
			points[p.(string)] += got
		}
	}
	standings := v["standings"].([]any)
	if len(standings) != 8 {
		t.Fatalf("%d in the standings", len(standings))
	}
	prev := 1 << 30
	for _, s := range standings {
		s := s.(map[string]any)
		score := int(s["score"].(float64))
		if score > prev {
			t.Errorf("the standings are not by score: %v", standings)
		}
		prev = score
		if name := s["name"].(string); points[name] != score {
			t.Errorf("%s: score %d, the games give %d", name, score, points[name])
		}
	}
	// The games were rated by placing: every bot has a Dungeon Chess rating.
	for i := range 8 {
		_, p := w.do("GET", fmt.Sprintf("/api/players/bot%d", i+1), tokens[0], nil)
		if !strings.Contains(fmt.Sprint(p["ratings"]), "dungeon") {
			t.Errorf("bot%d has no dungeon rating: %v", i+1, p["ratings"])
		}
	}
}
