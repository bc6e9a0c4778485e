package bots

import (
	"bufio"
	"context"
	"encoding/json"
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"

	"wyrm/server/account"
	"wyrm/server/apierr"
	"wyrm/server/httpkit"
)

func TestCheckMove(t *testing.T) {
	cases := map[string]bool{
		"e2e4": true, "P@e1": true, "a1a2/b": true, strings.Repeat("a", MaxMove): true,
		"": false, " ": false, "e2 e4": false, "e2e4\x00": false, "é": false, strings.Repeat("a", MaxMove+1): false,
	}
	for mv, ok := range cases {
		if err := CheckMove(mv); (err == nil) != ok {
			t.Errorf("CheckMove(%q) = %v, want ok %v", mv, err, ok)
		}
	}
}

// fakeGames plays one game, "g", whose seat 0 is user 7's.
type fakeGames struct {
	moves []string
	left  bool
	wake  chan struct{}
	state State
}

func (f *fakeGames) Move(id string, user int64, mv string) error {
	if id != "g" {
		return apierr.New(apierr.NotFound, "no such game")
	}
	if user != 7 {
		return apierr.New(apierr.Forbidden, "you do not play in this game")
	}
	f.moves = append(f.moves, mv)
	return nil
}

func (f *fakeGames) Resign(string, int64) error { return nil }

func (f *fakeGames) Setup(_ string, _ int64, choice string) error {
	f.moves = append(f.moves, "setup:"+choice)
	return nil
}
func (f *fakeGames) Suggest(string, int64) (string, error) {
	return "", apierr.New(apierr.Conflict, "nothing to choose")
}
func (f *fakeGames) Draw(_ string, _ int64, yes bool) error {
	f.moves = append(f.moves, map[bool]string{true: "draw", false: "decline"}[yes])
	return nil
}
func (f *fakeGames) Takeback(_ string, _ int64, yes bool) error {
	f.moves = append(f.moves, map[bool]string{true: "takeback", false: "no-takeback"}[yes])
	return nil
}
func (f *fakeGames) Chat(_ context.Context, _ string, _ int64, name, _, room, text string) error {
	f.moves = append(f.moves, "chat:"+room+":"+name+":"+text)
	return nil
}

func (f *fakeGames) Join(id string, user int64) (Seat, error) {
	if id != "g" || user != 7 {
		return nil, apierr.New(apierr.Forbidden, "you do not play in this game")
	}
	return f, nil
}

func (f *fakeGames) Full() GameFull {
	return GameFull{Type: "gameFull", ID: "g", State: State{Type: "gameState", Status: "started", Moves: []string{}}}
}
func (f *fakeGames) Users() []int64           { return []int64{7, 0} }
func (f *fakeGames) Changed() <-chan struct{} { return f.wake }
func (f *fakeGames) State() (State, bool)     { return f.state, false }
func (f *fakeGames) Leave()                   { f.left = true }

type fakeUsers struct{}

func (fakeUsers) Ratings(context.Context, int64) ([]account.PoolRating, error) { return nil, nil }

func (fakeUsers) UserByID(_ context.Context, id int64) (account.User, error) {
	return account.User{ID: id, Name: "robo", Bot: true}, nil
}

func serve(t *testing.T, g *fakeGames) *httptest.Server {
	t.Helper()
	mux := httpkit.NewMux()
	(&API{Games: g, Users: fakeUsers{}, Limits: httpkit.NewLimiters(httpkit.Limits{})}).Routes(mux)
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		switch r.Header.Get("X-Test-User") {
		case "bot":
			r = httpkit.WithUser(r, httpkit.User{ID: 7, Name: "robo", Bot: true})
		case "person":
			r = httpkit.WithUser(r, httpkit.User{ID: 8, Name: "ann"})
		}
		mux.ServeHTTP(w, r)
	}))
	t.Cleanup(srv.Close)
	return srv
}

func post(t *testing.T, url, who string) int {
	t.Helper()
	req, _ := http.NewRequest("POST", url, nil)
	req.Header.Set("X-Test-User", who)
	resp, err := http.DefaultClient.Do(req)
	if err != nil {
		t.Fatal(err)
	}
	resp.Body.Close()
	return resp.StatusCode
}

// Only bot accounts move, with a well-formed move, in their own game.
func TestMoveEndpoint(t *testing.T) {
	g := &fakeGames{}
	srv := serve(t, g)
	cases := []struct {
		path, who string
		status    int
	}{
		{"/api/bot/game/g/move/e2e4", "bot", 200},
		{"/api/bot/game/g/move/e2e4", "person", 403},
		{"/api/bot/game/g/move/e2e4", "", 403},
		{"/api/bot/game/x/move/e2e4", "bot", 404},
		{"/api/bot/game/g/move/" + strings.Repeat("a", MaxMove+1), "bot", 400},
	}
	for _, c := range cases {
		if got := post(t, srv.URL+c.path, c.who); got != c.status {
			t.Errorf("%s as %q: %d, want %d", c.path, c.who, got, c.status)
		}
	}
	if len(g.moves) != 1 || g.moves[0] != "e2e4" {
		t.Fatalf("moves played %v", g.moves)
	}
}

// The stream names the players and sends the state again when it changes,
// until the game is over; the bot then leaves the table.
func TestStreamEndsWithTheGame(t *testing.T) {
	g := &fakeGames{wake: make(chan struct{}, 1)}
	srv := serve(t, g)
	req, _ := http.NewRequest("GET", srv.URL+"/api/bot/game/g/stream", nil)
	req.Header.Set("X-Test-User", "bot")
	resp, err := http.DefaultClient.Do(req)
	if err != nil {
		t.Fatal(err)
	}
	defer resp.Body.Close()
	lines := bufio.NewScanner(resp.Body)
	if !lines.Scan() {
		t.Fatal("no gameFull")
	}
	var full GameFull
	if err := json.Unmarshal(lines.Bytes(), &full); err != nil || full.Type != "gameFull" || len(full.Players) != 2 || full.Players[0].Name != "robo" || full.Players[0].Rating != 1500 || full.White == nil || full.Players[1].Name != "" {
		t.Fatalf("gameFull %s (%v)", lines.Bytes(), err)
	}
	g.state = State{Type: "gameState", Status: "over", Reason: "resignation", Moves: []string{}}
	g.wake <- struct{}{}
	if !lines.Scan() {
		t.Fatal("no last state")
	}
	var st State
	if err := json.Unmarshal(lines.Bytes(), &st); err != nil || st.Status != "over" {
		t.Fatalf("state %s (%v)", lines.Bytes(), err)
	}
	if lines.Scan() {
		t.Fatalf("the stream went on after the game ended: %s", lines.Bytes())
	}
	if !g.left {
		t.Fatal("the bot never left the table")
	}
}

// Draws, takebacks, setup choices and chat reach the games only when the
// request is well formed; each bad one is refused with a clear error.
func TestActionEndpoints(t *testing.T) {
	g := &fakeGames{}
	srv := serve(t, g)
	cases := []struct {
		path, body string
		status     int
	}{
		{"/api/bot/game/g/draw/yes", "", 200},
		{"/api/bot/game/g/draw/no", "", 200},
		{"/api/bot/game/g/draw/maybe", "", 400},
		{"/api/bot/game/g/takeback/yes", "", 200},
		{"/api/bot/game/g/takeback/no", "", 200},
		{"/api/bot/game/g/takeback/please", "", 400},
		{"/api/bot/game/g/setup", `{"choice":"army ..."}`, 200},
		{"/api/bot/game/g/setup", `{"choice":"  "}`, 400},
		{"/api/bot/game/g/setup", `{"choice":"` + strings.Repeat("x", MaxChoice+1) + `"}`, 400},
		{"/api/bot/game/g/setup", `{"choise":"x"}`, 400},
		{"/api/bot/game/g/chat", `{"room":"player","text":"good game"}`, 200},
		{"/api/bot/game/g/chat", `{"room":"lobby","text":"hi"}`, 400},
		{"/api/bot/game/g/chat", `{"room":"spectator","text":""}`, 400},
	}
	for _, c := range cases {
		req, _ := http.NewRequest("POST", srv.URL+c.path, strings.NewReader(c.body))
		req.Header.Set("X-Test-User", "bot")
		resp, err := http.DefaultClient.Do(req)
		if err != nil {
			t.Fatal(err)
		}
		resp.Body.Close()
		if resp.StatusCode != c.status {
			t.Errorf("%s %.30s: %d, want %d", c.path, c.body, resp.StatusCode, c.status)
		}
	}
	want := []string{"draw", "decline", "takeback", "no-takeback", "setup:army ...", "chat:players:robo:good game"}
	if strings.Join(g.moves, "|") != strings.Join(want, "|") {
		t.Fatalf("actions reaching the game: %q, want %q", g.moves, want)
	}
	req, _ := http.NewRequest("GET", srv.URL+"/api/bot/game/g/setup/suggest", nil)
	req.Header.Set("X-Test-User", "bot")
	resp, err := http.DefaultClient.Do(req)
	if err != nil {
		t.Fatal(err)
	}
	resp.Body.Close()
	if resp.StatusCode != 409 {
		t.Fatalf("suggest with nothing to choose: %d, want 409", resp.StatusCode)
	}
}
