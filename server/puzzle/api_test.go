package puzzle

import (
	"bytes"
	"context"
	"encoding/json"
	"net/http"
	"net/http/httptest"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"wyrm/game"
	"wyrm/games/dragon"
	"wyrm/internal/pgtest"
	"wyrm/server/httpkit"
	"wyrm/server/store"
)

func TestMain(m *testing.M) { os.Exit(pgtest.Main(m)) }

// withPuzzles is a game with the puzzles the tests give it.
type withPuzzles struct {
	game.Game
	ps []game.Puzzle
}

func (w withPuzzles) Puzzles() []game.Puzzle { return w.ps }

// The puzzles of the tests: a line of two solver moves (a queen takes a
// rook and then, forking, a pawn), and a back-rank mate.
var (
	fork = game.Puzzle{ID: "fork", Position: "3rr1k1/ppp2ppp/1p6/p7/8/8/3Q1PPP/3R2K1[] w - - 0 1",
		Solution: "d2d8", Line: []string{"d2d8", "g8f8", "d8c7"}, Moves: 2, Themes: []string{"fork", "short"}, Rating: 1500}
	mate = game.Puzzle{ID: "mate", Position: "6k1/5ppp/8/8/8/8/r4PPP/1R4K1[] w - - 0 1",
		Solution: "b1b8", Line: []string{"b1b8"}, Moves: 1, Themes: []string{"mate", "oneMove"}, Rating: 900}
	testGames = []game.Game{withPuzzles{dragon.Game, []game.Puzzle{fork, mate}}}
)

// forEach runs f on an API with a fresh store in each database.
func forEach(t *testing.T, f func(t *testing.T, a *API)) {
	for _, b := range []struct {
		name   string
		target func(testing.TB) string
	}{
		{"sqlite", func(tb testing.TB) string { return filepath.Join(tb.TempDir(), "p.db") }},
		{"postgres", pgtest.NewDB},
	} {
		t.Run(b.name, func(t *testing.T) {
			st, err := store.Open(b.target(t))
			if err != nil {
				t.Fatal(err)
			}
			s, err := Open(context.Background(), st)
			if err != nil {
				t.Fatal(err)
			}
			t.Cleanup(func() { st.Close() })
			f(t, New(Config{Store: s, Games: testGames}))
		})
	}
}

// call makes a request as user (0: a guest from addr) and decodes the
// answer into out; it returns the status.
func call(t *testing.T, a *API, user int64, method, target string, body any, out any) int {
	t.Helper()
	var rd *bytes.Reader
	if body != nil {
		b, _ := json.Marshal(body)
		rd = bytes.NewReader(b)
	} else {
		rd = bytes.NewReader(nil)
	}
	r := httptest.NewRequest(method, target, rd)
	r.Header.Set("Content-Type", "application/json")
	if user != 0 {
		r = httpkit.WithUser(r, httpkit.User{ID: user, Name: "p"})
	}
	mux := httpkit.NewMux()
	a.Routes(mux)
	w := httptest.NewRecorder()
	mux.ServeHTTP(w, r)
	if out != nil && w.Code == http.StatusOK {
		if err := json.Unmarshal(w.Body.Bytes(), out); err != nil {
			t.Fatalf("%s: %v", w.Body, err)
		}
	}
	if w.Code != http.StatusOK {
		t.Logf("%s %s: %d %s", method, target, w.Code, w.Body)
	}
	return w.Code
}

func attempt(t *testing.T, a *API, user int64, req attemptReq) (attemptJSON, int) {
	t.Helper()
	var out attemptJSON
	code := call(t, a, user, "POST", "/api/puzzle/attempt", req, &out)
	return out, code
}

// A wrong move fails and lowers an account's rating; the whole line
// solves and raises it; a puzzle already tried is not rated again; the
// puzzle's own rating moves the other way.
func TestAttemptsRate(t *testing.T) {
	forEach(t, func(t *testing.T, a *API) {
		bad, code := attempt(t, a, 7, attemptReq{Game: "dragon", ID: "fork", Moves: []string{"d2d7"}})
		if code != 200 || bad.Solved || !bad.Rated || bad.After.Rating >= bad.Before.Rating || bad.Puzzle <= fork.Rating {
			t.Fatalf("a wrong first move: %d %+v", code, bad)
		}
		// A line left after the first move fails too.
		half, _ := attempt(t, a, 8, attemptReq{Game: "dragon", ID: "fork", Moves: []string{"d2d8", "g8f8", "d8e8"}})
		if half.Solved {
			t.Errorf("a line left at the second move solved: %+v", half)
		}
		good, code := attempt(t, a, 9, attemptReq{Game: "dragon", ID: "fork", Moves: fork.Line})
		if code != 200 || !good.Solved || !good.Rated || good.After.Rating <= good.Before.Rating || good.Player.Attempts != 1 {
			t.Fatalf("the line: %d %+v", code, good)
		}
		again, _ := attempt(t, a, 9, attemptReq{Game: "dragon", ID: "fork", Moves: fork.Line})
		if again.Rated || again.After != good.After || again.Player.Attempts != 2 {
			t.Errorf("the same puzzle again: %+v", again)
		}
		var me struct {
			Player *standingJSON  `json:"player"`
			Themes map[string]int `json:"themes"`
		}
		if call(t, a, 9, "GET", "/api/puzzle/me?game=dragon", nil, &me) != 200 || me.Player == nil || me.Player.Rating != good.After.Rating || me.Themes["fork"] != 1 {
			t.Errorf("standing %+v", me)
		}
		// Stopping before the end, or playing on past it, is no solution.
		short, _ := attempt(t, a, 10, attemptReq{Game: "dragon", ID: "fork", Moves: fork.Line[:1]})
		if short.Solved {
			t.Error("the first move alone solved")
		}
	})
}

// Attempts that cannot be judged are refused with the reason: an
// opponent's reply other than the line's, an illegal move, too many
// moves, an unknown puzzle or game or mode, and a guest's rating out of
// bounds.
func TestAttemptsRefused(t *testing.T) {
	a := New(Config{Games: testGames})
	long := make([]string, MaxMoves+1)
	for i := range long {
		long[i] = "d2d8"
	}
	for _, c := range []struct {
		req  attemptReq
		want int
	}{
		{attemptReq{Game: "dragon", ID: "fork", Moves: []string{"d2d8", "g8h8"}}, 400},
		{attemptReq{Game: "dragon", ID: "fork", Moves: []string{"d2d9"}}, 400},
		{attemptReq{Game: "dragon", ID: "fork", Moves: long}, 400},
		{attemptReq{Game: "dragon", ID: "fork", Moves: append(fork.Line, "a7a6")}, 400},
		{attemptReq{Game: "dragon", ID: "nope", Moves: []string{"d2d8"}}, 404},
		{attemptReq{Game: "chess", ID: "fork", Moves: []string{"d2d8"}}, 404},
		{attemptReq{Game: "dragon", ID: "fork", Moves: fork.Line, Mode: "blitz"}, 400},
		{attemptReq{Game: "dragon", ID: "fork", Moves: fork.Line, Rating: &ratingJSON{5000, 100, 0.06}}, 400},
		{attemptReq{Game: "dragon", ID: "fork", Moves: fork.Line, Rating: &ratingJSON{1500, 10, 0.06}}, 400},
	} {
		a.attempts = New(Config{}).attempts // a fresh limit each time
		if _, code := attempt(t, a, 0, c.req); code != c.want {
			t.Errorf("%+v: %d, want %d", c.req, code, c.want)
		}
	}
}

// A guest is rated from the rating the browser sends, which the answer
// moves; another mate than the line's solves too.
func TestGuestAttempts(t *testing.T) {
	a := New(Config{Games: testGames})
	mine := &ratingJSON{1400, 120, 0.06}
	out, code := attempt(t, a, 0, attemptReq{Game: "dragon", ID: "mate", Moves: []string{"b1b8"}, Rating: mine})
	if code != 200 || !out.Solved || out.Before != *mine || out.After.Rating <= mine.Rating || out.Player != nil {
		t.Fatalf("%d %+v", code, out)
	}
	lost, _ := attempt(t, a, 0, attemptReq{Game: "dragon", ID: "mate", Moves: []string{"b1b7"}, Rating: &out.After})
	if lost.Solved || lost.After.Rating >= out.After.Rating {
		t.Errorf("a wrong move: %+v", lost)
	}
}

// Attempts and requests are limited per player, with a clear refusal.
func TestLimits(t *testing.T) {
	a := New(Config{Games: testGames, Limits: Limits{AttemptsPerMinute: 2, AttemptsBurst: 2, ReadsPerMinute: 1, ReadsBurst: 1}})
	req := attemptReq{Game: "dragon", ID: "mate", Moves: []string{"b1b8"}}
	for i, want := range []int{200, 200, 429} {
		if _, code := attempt(t, a, 0, req); code != want {
			t.Errorf("attempt %d: %d, want %d", i+1, code, want)
		}
	}
	if code := call(t, a, 0, "GET", "/api/puzzle/next?game=dragon", nil, nil); code != 200 {
		t.Errorf("first read: %d", code)
	}
	if code := call(t, a, 0, "GET", "/api/puzzle/next?game=dragon", nil, nil); code != 429 {
		t.Errorf("second read: %d, want 429", code)
	}
	// The limit passes with time.
	a.now = func() time.Time { return time.Now().Add(2 * time.Minute) }
	if _, code := attempt(t, a, 0, req); code != 200 {
		t.Errorf("after two minutes: %d", code)
	}
}

// The next puzzle is near the player's rating, of the theme asked for, and
// one not tried while there are others; bad queries are refused.
func TestNext(t *testing.T) {
	forEach(t, func(t *testing.T, a *API) {
		var got struct {
			Puzzle puzzleJSON `json:"puzzle"`
		}
		for _, c := range []struct {
			q, want string
		}{
			{"game=dragon&rating=800", "mate"},
			{"game=dragon&rating=1600", "fork"},
			{"game=dragon&rating=800&theme=fork", "fork"},
			{"game=dragon&streak=0", "mate"},
			{"game=dragon&rating=800&exclude=mate", "fork"},
		} {
			if code := call(t, a, 0, "GET", "/api/puzzle/next?"+c.q, nil, &got); code != 200 || got.Puzzle.ID != c.want || got.Puzzle.Game != "dragon" {
				t.Errorf("%s: %d %s, want %s", c.q, code, got.Puzzle.ID, c.want)
			}
		}
		// An account near 1500 meets the fork, then, having tried it, the mate.
		if call(t, a, 3, "GET", "/api/puzzle/next?game=dragon", nil, &got); got.Puzzle.ID != "fork" {
			t.Errorf("an account's first puzzle %s", got.Puzzle.ID)
		}
		attempt(t, a, 3, attemptReq{Game: "dragon", ID: "fork", Moves: fork.Line})
		if call(t, a, 3, "GET", "/api/puzzle/next?game=dragon", nil, &got); got.Puzzle.ID != "mate" {
			t.Errorf("after the fork: %s", got.Puzzle.ID)
		}
		for _, q := range []string{"game=chess", "game=dragon&theme=nope", "game=dragon&rating=x", "game=dragon&rating=99999",
			"game=dragon&streak=-1", "game=dragon&streak=100000"} {
			if code := call(t, a, 0, "GET", "/api/puzzle/next?"+q, nil, nil); code != 400 && code != 404 {
				t.Errorf("%s: %d", q, code)
			}
		}
	})
}

// In a streak the puzzles are not rated; each solved one lengthens the
// account's streak, a mistake ends it, and the best stays.
func TestStreak(t *testing.T) {
	forEach(t, func(t *testing.T, a *API) {
		for i, c := range []struct {
			id     string
			moves  []string
			sofar  int // as the page counts
			streak int
			best   int
		}{
			{"mate", []string{"b1b8"}, 0, 1, 1},
			{"fork", fork.Line, 1, 2, 2},
			{"mate", []string{"b1b2"}, 2, 0, 2},
			{"mate", []string{"b1b8"}, 0, 1, 2},
			// A page claiming more than the server saw gets what it saw.
			{"mate", []string{"b1b8"}, 9, 2, 2},
			// A new streak (0 so far) starts again.
			{"mate", []string{"b1b8"}, 0, 1, 2},
		} {
			out, code := attempt(t, a, 5, attemptReq{Game: "dragon", ID: c.id, Moves: c.moves, Mode: "streak", Streak: c.sofar})
			if code != 200 || out.Rated || out.Player.Streak != c.streak || out.Player.BestStreak != c.best || out.After != out.Before {
				t.Errorf("streak attempt %d: %d %+v", i+1, code, out)
			}
		}
	})
}

// The bounds of a request's lists and names are refused with their reason.
func TestBounds(t *testing.T) {
	a := New(Config{Games: testGames, Limits: Limits{ReadsPerMinute: 1000, ReadsBurst: 1000, AttemptsPerMinute: 1000, AttemptsBurst: 1000}})
	ids := make([]string, MaxExclude+1)
	for i := range ids {
		ids[i] = "x"
	}
	long := strings.Repeat("a", MaxIDLen+1)
	for _, c := range []struct {
		q    string
		want int
	}{
		{"game=dragon&exclude=" + strings.Join(ids[:MaxExclude], ","), 200},
		{"game=dragon&exclude=" + strings.Join(ids, ","), 400},
		{"game=dragon&exclude=" + long, 400},
	} {
		if code := call(t, a, 0, "GET", "/api/puzzle/next?"+c.q, nil, nil); code != c.want {
			t.Errorf("%.60s: %d, want %d", c.q, code, c.want)
		}
	}
	for _, c := range []struct {
		req  attemptReq
		want int
	}{
		{attemptReq{Game: "dragon", ID: long, Moves: []string{"d2d8"}}, 400},
		{attemptReq{Game: "dragon", ID: "fork", Moves: []string{strings.Repeat("d", MaxMoveLen+1)}}, 400},
	} {
		if _, code := attempt(t, a, 0, c.req); code != c.want {
			t.Errorf("%.60v: %d, want %d", c.req, code, c.want)
		}
	}
}
