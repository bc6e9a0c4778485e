package server

import (
	"bytes"
	"context"
	"encoding/json"
	"net/http"
	"net/http/cookiejar"
	"strings"
	"testing"
	"time"

	"github.com/coder/websocket"

	"wyrm/internal/toysetup"
	"wyrm/server/account"
	"wyrm/server/chat"
	"wyrm/server/play"
	"wyrm/server/table"
)

// browser is an HTTP client with its own cookies and CSRF token.
type browserClient struct {
	t    *testing.T
	base string
	hc   *http.Client
	csrf string
}

func newBrowserClient(t *testing.T, base string) *browserClient {
	jar, _ := cookiejar.New(nil)
	return &browserClient{t: t, base: base, hc: &http.Client{Jar: jar}}
}

func (b *browserClient) post(path string, body any) (int, map[string]any) {
	b.t.Helper()
	code, out, _ := b.postFull(path, body)
	return code, out
}

// postFull is browserClient.post that also returns the answer's headers.
func (b *browserClient) postFull(path string, body any) (int, map[string]any, http.Header) {
	b.t.Helper()
	raw, _ := json.Marshal(body)
	req, _ := http.NewRequest("POST", b.base+path, bytes.NewReader(raw))
	req.Header.Set("Content-Type", "application/json")
	if b.csrf != "" {
		req.Header.Set(account.CSRFHeader, b.csrf)
	}
	resp, err := b.hc.Do(req)
	if err != nil {
		b.t.Fatal(err)
	}
	defer resp.Body.Close()
	var out map[string]any
	json.NewDecoder(resp.Body).Decode(&out)
	if c, ok := out["csrf"].(string); ok {
		b.csrf = c
	}
	return resp.StatusCode, out, resp.Header
}

// signUp makes an account on the server at base and returns its browser,
// signed in.
func signUp(t *testing.T, base, name string) *browserClient {
	t.Helper()
	b := newBrowserClient(t, base)
	if code, out := b.post("/api/account/signup", map[string]string{"name": name, "password": "a long password"}); code != 200 {
		t.Fatalf("%s's sign-up: %d %v", name, code, out)
	}
	return b
}

// userID is the signed-in account's id.
func (b *browserClient) userID() int64 {
	b.t.Helper()
	code, me := b.get("/api/account/me")
	id, ok := me["id"].(float64)
	if code != 200 || !ok {
		b.t.Fatalf("/api/account/me: %d %v", code, me)
	}
	return int64(id)
}

func (b *browserClient) get(path string) (int, map[string]any) {
	b.t.Helper()
	resp, err := b.hc.Get(b.base + path)
	if err != nil {
		b.t.Fatal(err)
	}
	defer resp.Body.Close()
	var out map[string]any
	json.NewDecoder(resp.Body).Decode(&out)
	return resp.StatusCode, out
}

// openTestAccounts opens accounts of cfg on c's store, with password hashes
// cheap enough for tests, closed when the test ends.
func openTestAccounts(t testing.TB, c *Config, cfg account.Config) {
	t.Helper()
	cfg.Params = account.Params{Time: 1, MemoryKiB: 8 << 10, Threads: 1, SaltLen: 16, KeyLen: 32}
	acc, err := account.Open(context.Background(), c.Store, cfg)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { acc.Close() })
	c.Accounts = acc
}

// openTestChat opens the chat rooms on c's store, closed when the test
// ends.
func openTestChat(t testing.TB, c *Config) {
	t.Helper()
	ch, err := chat.Open(context.Background(), c.Store)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { ch.Close() })
	c.Chat = chat.Config{Store: ch}
}

func newAccountsHarness(t *testing.T) *harness {
	return newHarnessWith(t, "", func(c *Config) {
		openTestAccounts(t, c, account.Config{})
	}, toysetup.Game{})
}

func TestAccountsSignInCSRFAndRatedGames(t *testing.T) {
	h := newAccountsHarness(t)
	alice, bob := newBrowserClient(t, h.http.URL), newBrowserClient(t, h.http.URL)
	if code, out := alice.post("/api/account/signup", map[string]string{"name": "alice", "password": "correct horse"}); code != 200 || out["signedIn"] != true {
		t.Fatalf("sign-up: %d %v", code, out)
	}
	if code, _ := bob.post("/api/account/signup", map[string]string{"name": "Alice", "password": "another one"}); code != 409 {
		t.Fatalf("a name taken in another case: %d", code)
	}
	if code, _ := bob.post("/api/account/signup", map[string]string{"name": "bob", "password": "battery staple"}); code != 200 {
		t.Fatal("bob's sign-up")
	}
	if _, me := alice.get("/api/account/me"); me["name"] != "alice" {
		t.Fatalf("me: %v", me)
	}
	// A post on the session's behalf without the CSRF token is refused.
	token := alice.csrf
	alice.csrf = ""
	if code, _ := alice.post("/api/games", play.CreateRequest{Game: "toy", Seats: []table.Seat{{Kind: table.SeatLocal}, {Kind: table.SeatOpen}}}); code != 403 {
		t.Fatalf("post without the CSRF token: %d", code)
	}
	alice.csrf = token
	if code, out := alice.post("/api/games", play.CreateRequest{Game: "toy", Rated: true, Seats: []table.Seat{{Kind: table.SeatLocal}, {Kind: table.SeatComputer, Level: 1}}}); code != 400 {
		t.Fatalf("a rated game against the computer: %d %v", code, out)
	}
	guest := newBrowserClient(t, h.http.URL)
	if code, _ := guest.post("/api/games", play.CreateRequest{Game: "toy", Rated: true, Seats: []table.Seat{{Kind: table.SeatLocal}, {Kind: table.SeatOpen}}}); code != 403 {
		t.Fatalf("a guest's rated game: %d", code)
	}
	code, cr := alice.post("/api/games", play.CreateRequest{Game: "toy", Rated: true, Seats: []table.Seat{{Kind: table.SeatLocal}, {Kind: table.SeatOpen}}})
	if code != 201 {
		t.Fatalf("rated game: %d %v", code, cr)
	}
	id := cr["id"].(string)
	if code, out := bob.post("/api/games/"+id+"/join", map[string]int{"seat": 1}); code != 200 {
		t.Fatalf("bob joins: %d %v", code, out)
	}
	// Signed in, each player's seat follows them without a token.
	dial := func(b *browserClient) *wsClient {
		u := strings.Replace(h.http.URL, "http", "ws", 1)
		hdr := http.Header{}
		req, _ := http.NewRequest("GET", h.http.URL, nil)
		for _, c := range b.hc.Jar.Cookies(req.URL) {
			hdr.Add("Cookie", c.Name+"="+c.Value)
		}
		ctx, cancel := context.WithTimeout(context.Background(), 5*time.Second)
		defer cancel()
		conn, _, err := websocket.Dial(ctx, u+"/ws/"+id, &websocket.DialOptions{HTTPHeader: hdr})
		if err != nil {
			t.Fatal(err)
		}
		t.Cleanup(func() { conn.CloseNow() })
		return &wsClient{t: t, conn: conn}
	}
	a, bb := dial(alice), dial(bob)
	if st := a.waitState(func(s play.State) bool { return len(s.You) == 1 }); st.You[0] != 0 {
		t.Fatalf("alice holds %v", st.You)
	}
	bb.waitState(func(s play.State) bool { return len(s.You) == 1 && s.You[0] == 1 })
	for i, mv := range []string{"c1c2", "c5c4"} {
		c := []*wsClient{a, bb}[i]
		c.send(map[string]any{"type": "move", "move": mv})
		c.expect("ack")
	}
	bb.send(map[string]any{"type": "resign"})
	bb.expect("ack")
	_, prof := alice.get("/api/players/alice")
	ratings, _ := prof["ratings"].([]any)
	if len(ratings) != 1 {
		t.Fatalf("alice's profile: %v", prof)
	}
	r := ratings[0].(map[string]any)
	if r["rating"].(float64) <= 1500 || r["games"].(float64) != 1 || r["speed"] != "correspondence" {
		t.Fatalf("alice's rating after a win: %v", r)
	}
	// The history and the recent games are in the API's camelCase keys.
	hist, _ := prof["history"].(map[string]any)["toy/correspondence"].([]any)
	if len(hist) != 1 || hist[0].(map[string]any)["gameId"] == nil || hist[0].(map[string]any)["rating"] != r["rating"] {
		t.Fatalf("alice's history: %v", prof["history"])
	}
	games, _ := prof["games"].([]any)
	if len(games) != 1 {
		t.Fatalf("alice's games: %v", prof["games"])
	}
	g := games[0].(map[string]any)
	seat := g["players"].([]any)[0].(map[string]any)
	if g["id"] == nil || g["rated"] != true || seat["place"] == nil || seat["before"].(map[string]any)["rating"] != 1500.0 ||
		seat["after"].(map[string]any)["vol"] == nil || g["GameID"] != nil {
		t.Fatalf("alice's recent game: %v", g)
	}
	_, bprof := bob.get("/api/players/bob")
	if br := bprof["ratings"].([]any)[0].(map[string]any); br["rating"].(float64) >= 1500 {
		t.Fatalf("bob's rating after a loss: %v", br)
	}
	if code, _ := alice.post("/api/account/logout", map[string]any{}); code != 200 {
		t.Fatal("sign-out")
	}
	if _, me := alice.get("/api/account/me"); me["signedIn"] == true {
		t.Fatal("still signed in after signing out")
	}
}
