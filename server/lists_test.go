package server

import (
	"context"
	"encoding/json"
	"fmt"
	"net/http"
	"net/http/httptest"
	"net/url"
	"slices"
	"strings"
	"testing"
	"time"

	"wyrm/game"
	"wyrm/internal/toysetup"
	"wyrm/rating"
	"wyrm/server/account"
	"wyrm/server/httpkit"
	"wyrm/server/lists"
)

// newListsHarness is a server with accounts whose Config set may change
// first, playing gs (the toy game when none).
func newListsHarness(t *testing.T, set func(*Config), gs ...game.Game) *harness {
	t.Helper()
	if len(gs) == 0 {
		gs = []game.Game{toysetup.Game{}}
	}
	return newHarnessWith(t, "", func(c *Config) {
		openTestAccounts(t, c, account.Config{})
		if set != nil {
			set(c)
		}
	}, gs...)
}

// signUpAll makes accounts of names through the API and returns their
// clients and ids.
func signUpAll(t *testing.T, h *harness, names ...string) ([]*browserClient, []int64) {
	t.Helper()
	var cs []*browserClient
	var ids []int64
	for _, n := range names {
		c := signUp(t, h.http.URL, n)
		cs = append(cs, c)
		ids = append(ids, c.userID())
	}
	return cs, ids
}

// recordToy stores a finished toy game of users at places, at.
func recordToy(t *testing.T, h *harness, id string, rated bool, at time.Time, users []int64, places ...int) {
	t.Helper()
	r := account.Result{GameID: id, Game: "toy", Speed: rating.Blitz, Rated: rated, At: at}
	for i, u := range users {
		r.Players = append(r.Players, account.Player{UserID: u, Place: places[i]})
	}
	if _, err := h.srv.accounts.RecordResult(context.Background(), r); err != nil {
		t.Fatal(err)
	}
}

// getJSON reads path into v and returns the status and the error code.
func getJSON(t *testing.T, h *harness, path string, v any) (int, string) {
	t.Helper()
	resp, err := http.Get(h.http.URL + path)
	if err != nil {
		t.Fatal(err)
	}
	defer resp.Body.Close()
	if resp.StatusCode != 200 {
		var e struct{ Code string }
		json.NewDecoder(resp.Body).Decode(&e)
		return resp.StatusCode, e.Code
	}
	if err := json.NewDecoder(resp.Body).Decode(v); err != nil {
		t.Fatal(err)
	}
	return 200, ""
}

type gamesAnswer struct {
	Games []lists.PlayedJSON
	Next  string
}

func (a gamesAnswer) ids() []string {
	var out []string
	for _, g := range a.Games {
		out = append(out, g.ID)
	}
	return out
}

// A player's games through the API: each filter, paging by cursor, and
// every malformed query refused with its reason.
func TestPlayerGamesEndpoint(t *testing.T) {
	h := newListsHarness(t, nil)
	_, ids := signUpAll(t, h, "alice", "bob", "carol")
	alice, bob, carol := ids[0], ids[1], ids[2]
	at := time.Now().Add(-time.Hour)
	recordToy(t, h, "g1", true, at, []int64{alice, bob}, 1, 2)
	recordToy(t, h, "g2", false, at.Add(time.Minute), []int64{bob, alice}, 1, 1)
	recordToy(t, h, "g3", true, at.Add(2*time.Minute), []int64{alice, bob}, 2, 1)
	recordToy(t, h, "g4", false, at.Add(3*time.Minute), []int64{alice, 0}, 1, 2)
	recordToy(t, h, "g5", true, at.Add(3*time.Minute), []int64{carol, alice}, 1, 2)
	cases := []struct {
		query string
		want  []string
		code  int
	}{
		{"", []string{"g5", "g4", "g3", "g2", "g1"}, 200},
		{"?game=toy&result=win", []string{"g4", "g1"}, 200},
		{"?result=draw", []string{"g2"}, 200},
		{"?result=loss&rated=true", []string{"g5", "g3"}, 200},
		{"?rated=false", []string{"g4", "g2"}, 200},
		{"?opponent=BOB", []string{"g3", "g2", "g1"}, 200},
		{"?opponent=carol&result=win", nil, 200},
		{"?opponent=nobody", nil, 404},
		{"?opponent=alice", nil, 400},
		{"?game=chess", nil, 400},
		{"?result=maybe", nil, 400},
		{"?rated=yes", nil, 400},
		{"?limit=0", nil, 400},
		{"?limit=51", nil, 400},
		{"?cursor=garbage", nil, 400},
		{"?opponent=" + strings.Repeat("x", 21), nil, 400},
	}
	for _, c := range cases {
		var got gamesAnswer
		code, _ := getJSON(t, h, "/api/players/alice/games"+c.query, &got)
		if code != c.code || !slices.Equal(got.ids(), c.want) {
			t.Errorf("%q: %d %v, want %d %v", c.query, code, got.ids(), c.code, c.want)
		}
	}
	// Pages of two follow the cursor through the tie of g4 and g5.
	var all []string
	next := ""
	for range 5 {
		var page gamesAnswer
		if code, _ := getJSON(t, h, "/api/players/alice/games?limit=2&cursor="+url.QueryEscape(next), &page); code != 200 {
			t.Fatalf("page after %q: %d", next, code)
		}
		all = append(all, page.ids()...)
		if next = page.Next; next == "" {
			break
		}
	}
	if !slices.Equal(all, cases[0].want) {
		t.Fatalf("paged %v", all)
	}
	var one gamesAnswer
	getJSON(t, h, "/api/players/alice/games?limit=1", &one)
	g := one.Games[0]
	if g.Seat != 1 || g.Result != "loss" || !g.Rated || g.Players[0].Name != "carol" || g.Players[0].After == nil || *g.Players[0].After <= 1500 {
		t.Fatalf("a rated game: %+v", g)
	}
	one = gamesAnswer{}
	getJSON(t, h, "/api/players/alice/games?rated=false&limit=1", &one)
	if p := one.Games[0].Players; p[1].Name != "" || p[1].Before != nil || one.Games[0].Result != "win" {
		t.Fatalf("a casual game against a guest: %+v", one.Games[0])
	}
	if code, _ := getJSON(t, h, "/api/players/nobody/games", &one); code != 404 {
		t.Fatalf("an unknown player's games: %d", code)
	}
}

func TestHeadToHeadEndpoint(t *testing.T) {
	h := newListsHarness(t, nil)
	_, ids := signUpAll(t, h, "alice", "bob")
	at := time.Now().Add(-time.Hour)
	recordToy(t, h, "g1", true, at, ids, 1, 2)
	recordToy(t, h, "g2", false, at, ids, 1, 1)
	recordToy(t, h, "g3", true, at, ids, 1, 2)
	var got struct {
		Player, Opponent string
		Games            []lists.RecordJSON
		Total            lists.RecordJSON
	}
	if code, _ := getJSON(t, h, "/api/players/Alice/vs/bob", &got); code != 200 || got.Player != "alice" || got.Opponent != "bob" ||
		!slices.Equal(got.Games, []lists.RecordJSON{{Game: "toy", Won: 2, Drawn: 1, Rated: 2, Games: 3}}) || got.Total != (lists.RecordJSON{Won: 2, Drawn: 1, Rated: 2, Games: 3}) {
		t.Fatalf("alice against bob: %d %+v", code, got)
	}
	if getJSON(t, h, "/api/players/bob/vs/alice", &got); got.Total.Lost != 2 || got.Total.Won != 0 {
		t.Fatalf("bob against alice: %+v", got)
	}
	for path, want := range map[string]int{"/api/players/alice/vs/nobody": 404, "/api/players/nobody/vs/alice": 404, "/api/players/alice/vs/ALICE": 400} {
		if code, _ := getJSON(t, h, path, &got); code != want {
			t.Errorf("%s: %d, want %d", path, code, want)
		}
	}
}

type boardAnswer struct {
	Players []lists.LeaderJSON
	More    bool
	Speeds  []string
}

// The leaderboard is exactly the players whose profile shows an
// established rating, best first, in pages; a new player is not on it.
func TestLeaderboardEndpoint(t *testing.T) {
	h := newListsHarness(t, nil)
	names := []string{"ann", "ben", "cat", "dan", "eve"}
	_, ids := signUpAll(t, h, append(names, "newbie")...)
	// A round robin of the five, the better named winning, enough games
	// for the ratings to settle.
	at := time.Now().Add(-24 * time.Hour)
	n := 0
	for round := range 12 {
		for i := range 5 {
			for j := i + 1; j < 5; j++ {
				n++
				places := []int{1, 2}
				if (i+j+round)%5 == 0 { // an upset now and then
					places = []int{2, 1}
				}
				recordToy(t, h, fmt.Sprintf("g%d", n), true, at.Add(time.Duration(n)*time.Second), []int64{ids[i], ids[j]}, places...)
			}
		}
	}
	recordToy(t, h, "fresh", true, at.Add(time.Hour), []int64{ids[5], ids[0]}, 1, 2)
	type rated struct {
		name string
		r    float64
	}
	var want []rated
	for _, name := range append(names, "newbie") {
		var prof struct{ Ratings []lists.RatingJSON }
		getJSON(t, h, "/api/players/"+name, &prof)
		if r := prof.Ratings[0]; !r.Provisional {
			want = append(want, rated{name, r.Rating})
		}
	}
	slices.SortFunc(want, func(a, b rated) int { return -cmpFloat(a.r, b.r) })
	if len(want) < 3 {
		t.Fatalf("only %d settled players; the test needs more games", len(want))
	}
	var all []rated
	page := 1
	for ; page < 10; page++ {
		var b boardAnswer
		if code, _ := getJSON(t, h, fmt.Sprintf("/api/leaderboard?game=toy&speed=blitz&limit=2&page=%d", page), &b); code != 200 {
			t.Fatalf("page %d: %d", page, code)
		}
		for i, p := range b.Players {
			if p.Rank != (page-1)*2+i+1 || p.RD > rating.ProvisionalRD {
				t.Errorf("page %d: %+v", page, p)
			}
			all = append(all, rated{p.Name, p.Rating})
		}
		if !b.More {
			break
		}
	}
	if !slices.EqualFunc(all, want, func(a, b rated) bool { return a.name == b.name && a.r == b.r }) {
		t.Fatalf("leaderboard %v, want %v", all, want)
	}
	var b boardAnswer
	if getJSON(t, h, "/api/leaderboard?game=toy&speed=rapid", &b); len(b.Players) != 0 || len(b.Speeds) != len(rating.Speeds) {
		t.Fatalf("another pool: %+v", b)
	}
	for _, q := range []string{"", "?game=toy", "?speed=blitz", "?game=nope&speed=blitz", "?game=toy&speed=warp",
		"?game=toy&speed=blitz&page=0", "?game=toy&speed=blitz&limit=51", "?game=toy&speed=blitz&page=11", "?game=toy&speed=blitz&page=x"} {
		if code, c := getJSON(t, h, "/api/leaderboard"+q, &b); code != 400 || c != "bad_request" {
			t.Errorf("%q: %d %s", q, code, c)
		}
	}
	// The last page of the top 500 is the tenth of fifty.
	if code, _ := getJSON(t, h, "/api/leaderboard?game=toy&speed=blitz&page=10", &b); code != 200 || b.More {
		t.Fatalf("the tenth page: %d %+v", code, b)
	}
}

func cmpFloat(a, b float64) int {
	switch {
	case a < b:
		return -1
	case a > b:
		return 1
	}
	return 0
}

// Each reading endpoint counts against the client's reads: past them, a
// 429 with Retry-After, and other clients are not held back.
func TestListReadsAreLimited(t *testing.T) {
	for _, path := range []string{"/api/players/alice", "/api/players/alice/games", "/api/players/alice/vs/bob", "/api/leaderboard?game=toy&speed=blitz"} {
		t.Run(strings.ReplaceAll(path, "/", "_"), func(t *testing.T) {
			h := newListsHarness(t, func(c *Config) { c.Limits.ReadsPerMinute, c.Limits.ReadsBurst = 3, 3 })
			signUpAll(t, h, "alice", "bob")
			for i := range 3 {
				if code, _ := h.get(path); code != 200 {
					t.Fatalf("read %d: %d", i+1, code)
				}
			}
			resp, err := http.Get(h.http.URL + path)
			if err != nil {
				t.Fatal(err)
			}
			var e struct{ Code, Error string }
			json.NewDecoder(resp.Body).Decode(&e)
			resp.Body.Close()
			if resp.StatusCode != 429 || resp.Header.Get("Retry-After") == "" || e.Code != "too_many" || !strings.Contains(e.Error, "try again") {
				t.Fatalf("past the limit: %d %q %+v", resp.StatusCode, resp.Header.Get("Retry-After"), e)
			}
			if n := h.srv.limits.Refused(httpkit.LimReads); n != 1 {
				t.Fatalf("%d refusals counted", n)
			}
			// Another address reads on: the limit is per client.
			req, _ := http.NewRequest("GET", h.http.URL+path, nil)
			req.RemoteAddr = "192.0.2.9:1"
			rec := httptest.NewRecorder()
			h.srv.Handler().ServeHTTP(rec, req)
			if rec.Code != 200 {
				t.Fatalf("another client: %d", rec.Code)
			}
		})
	}
}
