package main

import (
	"bufio"
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"net/http"
	"net/http/cookiejar"
	"net/http/httptest"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"wyrm/games"
	"wyrm/server"
	"wyrm/server/account"
	"wyrm/server/store"
)

// asWyrm names the variable that makes the test binary run as wyrm.
const asWyrm = "WYRM_TEST_AS_WYRM"

// botServer is a server with accounts and every game on a fresh SQLite
// file, whose clocks may be as short as a second.
func botServer(t *testing.T) string {
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
	srv, err := server.New(server.Config{Store: st, Games: games.All(), Accounts: acc, MinClock: time.Second})
	if err != nil {
		t.Fatal(err)
	}
	hs := httptest.NewServer(srv.Handler())
	t.Cleanup(func() { hs.Close(); srv.Close() })
	return hs.URL
}

// webClient is a signed-in browser session: cookies and the CSRF token.
type webClient struct {
	t    *testing.T
	base string
	hc   *http.Client
	csrf string
}

func (w *webClient) do(method, path, bearer string, body any) (int, map[string]any) {
	w.t.Helper()
	raw, _ := json.Marshal(body)
	req, _ := http.NewRequest(method, w.base+path, bytes.NewReader(raw))
	req.Header.Set("Content-Type", "application/json")
	hc := http.DefaultClient
	if bearer != "" {
		req.Header.Set("Authorization", "Bearer "+bearer)
	} else {
		req.Header.Set("X-CSRF-Token", w.csrf)
		hc = w.hc
	}
	resp, err := hc.Do(req)
	if err != nil {
		w.t.Fatal(err)
	}
	defer resp.Body.Close()
	var out map[string]any
	json.NewDecoder(resp.Body).Decode(&out)
	return resp.StatusCode, out
}

// newBot signs up name, makes it a bot and returns an API token of it.
func newBot(t *testing.T, base, name string) string {
	t.Helper()
	jar, _ := cookiejar.New(nil)
	w := &webClient{t: t, base: base, hc: &http.Client{Jar: jar}}
	code, out := w.do("POST", "/api/account/signup", "", map[string]string{"name": name, "password": "a long password"})
	if code != 200 {
		t.Fatalf("sign-up: %d %v", code, out)
	}
	w.csrf = out["csrf"].(string)
	if code, out := w.do("POST", "/api/account/bot", "", map[string]any{}); code != 200 {
		t.Fatalf("bot: %d %v", code, out)
	}
	code, out = w.do("POST", "/api/account/tokens", "", map[string]string{"label": "bridge"})
	if code != 201 {
		t.Fatalf("token: %d %v", code, out)
	}
	return out["token"].(string)
}

// events reads an account's event stream (NDJSON) with its token.
func events(t *testing.T, base, token string) <-chan map[string]any {
	t.Helper()
	ctx, cancel := context.WithCancel(context.Background())
	req, _ := http.NewRequestWithContext(ctx, "GET", base+"/api/stream/events", nil)
	req.Header.Set("Authorization", "Bearer "+token)
	req.Header.Set("Accept", "application/x-ndjson")
	resp, err := http.DefaultClient.Do(req)
	if err != nil || resp.StatusCode != 200 {
		cancel()
		t.Fatalf("event stream: %v %v", resp, err)
	}
	ch := make(chan map[string]any, 64)
	done := make(chan struct{})
	go func() {
		defer close(done)
		defer resp.Body.Close()
		sc := bufio.NewScanner(resp.Body)
		for sc.Scan() {
			var m map[string]any
			if json.Unmarshal(sc.Bytes(), &m) == nil {
				ch <- m
			}
		}
	}()
	t.Cleanup(func() { cancel(); <-done })
	return ch
}

// next returns the next event of type typ.
func next(t *testing.T, ch <-chan map[string]any, typ string) map[string]any {
	t.Helper()
	timeout := time.After(20 * time.Second)
	for {
		select {
		case m := <-ch:
			if m["type"] == typ {
				return m
			}
		case <-timeout:
			t.Fatalf("no %s within 20 s", typ)
		}
	}
}

// TestBotPlaysARatedGame: two `wyrm bot` bridges, each with `wyrm uci` as
// its engine, play a rated Dragon Chess game under a clock to its end on a
// local server: one declines a casual challenge (it takes rated games
// only) and accepts the rated one; both accounts' ratings change.
func TestBotPlaysARatedGame(t *testing.T) {
	if testing.Short() {
		t.Skip("plays a whole game")
	}
	base := botServer(t)
	alpha, beta := newBot(t, base, "alpha"), newBot(t, base, "beta")
	t.Setenv(asWyrm, "1") // the engines the bridges start are this binary as wyrm
	engine := os.Args[0] + " uci"
	type result struct {
		code int
		errb string
	}
	results := make(chan result, 2)
	for _, args := range [][]string{
		{"--token", alpha, "--accept", "rated", "--games", "dragon"},
		{"--accept", "rated,casual"}, // beta's token from the environment
	} {
		args = append([]string{"bot", "--server", base, "--engine", engine, "--exit-after", "1", "--movetime", "50ms"}, args...)
		if args[len(args)-1] == "rated,casual" {
			t.Setenv("WYRM_BOT_TOKEN", beta)
		}
		var errb syncBuffer
		go func() {
			code := run(args, strings.NewReader(""), &errb, &errb)
			results <- result{code, errb.String()}
		}()
		// Each bridge's token is read before the next one's is set.
		time.Sleep(200 * time.Millisecond)
	}
	// beta challenges alpha from a stream of its own, as a script would.
	ev := events(t, base, beta)
	secret := next(t, ev, "hello")["stream"].(string)
	w := &webClient{t: t, base: base}
	deadline := time.Now().Add(20 * time.Second)
	for {
		_, out := w.do("GET", "/api/online", beta, nil)
		if strings.Contains(fmt.Sprint(out["players"]), "alpha") {
			break
		}
		if time.Now().After(deadline) {
			t.Fatal("alpha's bridge never came online")
		}
		time.Sleep(50 * time.Millisecond)
	}
	challenge := map[string]any{"game": "dragon", "to": "alpha", "stream": secret, "clock": map[string]int{"initialMs": 5000}}
	if code, out := w.do("POST", "/api/challenges", beta, challenge); code != 201 {
		t.Fatalf("casual challenge: %d %v", code, out)
	}
	if d := next(t, ev, "challengeDeclined"); d["reason"] != "casual" && d["reason"] != "rated" {
		t.Fatalf("declined %v", d)
	} else if d["reason"] != "rated" {
		t.Fatalf("declined for %v, want rated", d["reason"])
	}
	challenge["rated"] = true
	if code, out := w.do("POST", "/api/challenges", beta, challenge); code != 201 {
		t.Fatalf("rated challenge: %d %v", code, out)
	}
	game := next(t, ev, "gameStart")["game"].(map[string]any)
	t.Logf("game %v", game["id"])
	for range 2 {
		select {
		case r := <-results:
			if r.code != 0 {
				t.Fatalf("wyrm bot: exit %d\n%s", r.code, r.errb)
			}
			if strings.Contains(r.errb, alpha) || strings.Contains(r.errb, beta) {
				t.Fatal("a bridge logged its token")
			}
			i := strings.Index(r.errb, "game over")
			if i < 0 {
				t.Fatalf("no game over in the log:\n%s", r.errb)
			}
			t.Logf("%d bytes of log; %s", len(r.errb), strings.SplitN(r.errb[i:], "\n", 2)[0])
		case <-time.After(3 * time.Minute):
			t.Fatal("the game did not end within 3 minutes")
		}
	}
	for _, name := range []string{"alpha", "beta"} {
		_, prof := w.do("GET", "/api/players/"+name, beta, nil)
		rs, _ := prof["ratings"].([]any)
		if len(rs) != 1 {
			t.Fatalf("%s's ratings: %v", name, prof["ratings"])
		}
		r := rs[0].(map[string]any)
		if r["game"] != "dragon" || r["games"].(float64) != 1 || r["rd"].(float64) >= 350 {
			t.Fatalf("%s's rating did not change: %v", name, r)
		}
		if prof["bot"] != true {
			t.Fatalf("%s is not shown as a bot", name)
		}
	}
}
