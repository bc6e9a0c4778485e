package main

import (
	"context"
	"encoding/json"
	"net/http/httptest"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"wyrm/games"
	"wyrm/server"
	"wyrm/server/account"
	"wyrm/server/httpkit"
	"wyrm/server/store"
)

// Two minibots play each other through a real server: one challenges the
// other, which accepts; both follow the game with random legal moves until
// it ends, and stop once their event streams say it finished. Each game
// of the registry is played, Dungeon Chess through its setup stages.
func TestMinibotPlaysAGameToItsEnd(t *testing.T) {
	for _, name := range games.Names() {
		t.Run(name, func(t *testing.T) { playOneGame(t, name) })
	}
}

func playOneGame(t *testing.T, gameName string) {
	st, err := store.Open(filepath.Join(t.TempDir(), "w.db"))
	if err != nil {
		t.Fatal(err)
	}
	defer st.Close()
	ctx, cancel := context.WithTimeout(context.Background(), time.Minute)
	defer cancel()
	acc, err := account.Open(ctx, st, account.Config{Params: account.Params{Time: 1, MemoryKiB: 64, Threads: 1, SaltLen: 16, KeyLen: 32}})
	if err != nil {
		t.Fatal(err)
	}
	defer acc.Close()
	// Random games are long, and both bots share one address.
	srv, err := server.New(server.Config{Store: st, Games: games.All(), Accounts: acc,
		Limits: httpkit.Limits{APIPerMinute: 1 << 20, APIBurst: 1 << 20}})
	if err != nil {
		t.Fatal(err)
	}
	defer srv.Close()
	web := httptest.NewServer(srv.Handler())
	defer web.Close()
	defer web.CloseClientConnections()
	tokens := map[string]string{}
	for _, name := range []string{"minione", "minitwo"} {
		u, _, err := acc.SignUp(ctx, name, "a long password", "127.0.0.1")
		if err != nil {
			t.Fatal(err)
		}
		if _, err := acc.MakeBot(ctx, u.ID); err != nil {
			t.Fatal(err)
		}
		if tokens[name], _, err = acc.CreateAPIToken(ctx, u.ID, "minibot"); err != nil {
			t.Fatal(err)
		}
	}
	done := make(chan error, 2)
	for _, name := range []string{"minione", "minitwo"} {
		go func() { done <- run(ctx, web.URL, tokens[name], 1) }()
	}
	// The challenge waits until the target's stream is open; a challenge
	// posted before then is still shown to it when it connects.
	two := bot{web.URL, tokens["minitwo"]}
	rc, err := two.call(ctx, "POST", "/api/challenges", `{"game":"`+gameName+`","to":"minione","color":"random"}`)
	if err != nil {
		t.Fatal(err)
	}
	rc.Close()
	for range 2 {
		select {
		case err := <-done:
			if err != nil {
				t.Fatal(err)
			}
		case <-ctx.Done():
			t.Fatal("the game did not end in time")
		}
	}
	// The game was played to an end by its rules, not given up.
	body, err := two.call(ctx, "GET", "/api/games?list=finished", "")
	if err != nil {
		t.Fatal(err)
	}
	defer body.Close()
	var list struct {
		Games []struct {
			Result, Stage string
			Plies         int
		}
	}
	if err := json.NewDecoder(body).Decode(&list); err != nil || len(list.Games) != 1 {
		t.Fatalf("the finished games: %v %+v", err, list)
	}
	if g := list.Games[0]; g.Plies < 2 || strings.HasPrefix(g.Result, "aborted") || g.Result == "resignation" {
		t.Fatalf("the game ended so: %+v", g)
	}
	t.Logf("%s: %d plies, %s", gameName, list.Games[0].Plies, list.Games[0].Result)
}
