package server

import (
	"fmt"
	"net/http"
	"slices"
	"strings"
	"sync"
	"testing"
	"time"

	"wyrm/game"
	"wyrm/internal/toysetup"
	"wyrm/server/challenge"
	"wyrm/server/httpkit"
	"wyrm/server/play"
	"wyrm/server/table"
)

// Every bad challenge is refused with a clear error and stores nothing.
func TestChallengeValidation(t *testing.T) {
	h := newChallengeHarness(t, func(c *Config) {
		c.MinClock = 15 * time.Second
		c.Limits = httpkit.Limits{ChallengesPerMinute: 600, ChallengesBurst: 600}
	})
	alice, bob := signUp(t, h.http.URL, "alice"), signUp(t, h.http.URL, "bob")
	as, bs := openStream(t, alice, h.http.URL), openStream(t, bob, h.http.URL)
	guest := newBrowserClient(t, h.http.URL)
	gs := openStream(t, nil, h.http.URL)
	two := 2
	for _, c := range []struct {
		name string
		who  *browserClient
		req  any
		code int
	}{
		{"a guest without a stream", guest, seekBody(gs, func(r *challenge.Request) { r.Stream = "" }), 400},
		{"a stream too long", alice, seekBody(as, func(r *challenge.Request) { r.Stream = strings.Repeat("a", 65) }), 400},
		{"an unknown stream", alice, seekBody(as, func(r *challenge.Request) { r.Stream = "00ff" }), 409},
		{"another player's stream", alice, seekBody(bs, nil), 409},
		{"a signed-in player's stream from a guest", guest, seekBody(as, nil), 409},
		{"an unknown game", alice, seekBody(as, func(r *challenge.Request) { r.Game = "nosuch" }), 400},
		{"an unknown option", alice, seekBody(as, func(r *challenge.Request) { r.Options = game.Options{"colour": "red"} }), 400},
		{"a bad option value", alice, seekBody(as, func(r *challenge.Request) { r.Options = game.Options{"setup": "maybe"} }), 400},
		{"a bad clock", alice, seekBody(as, func(r *challenge.Request) { r.Clock = table.TimeControl{Initial: -1 * time.Millisecond} }), 400},
		{"increment without time", alice, seekBody(as, func(r *challenge.Request) { r.Clock = table.TimeControl{Increment: 1000 * time.Millisecond} }), 400},
		{"too many days", alice, seekBody(as, func(r *challenge.Request) { r.Clock = table.TimeControl{Days: 30} }), 400},
		{"a clock below the shortest", alice, seekBody(as, func(r *challenge.Request) { r.Clock = table.TimeControl{Initial: 5000 * time.Millisecond} }), 400},
		{"rated as a guest", guest, seekBody(gs, func(r *challenge.Request) { r.Rated = true }), 403},
		{"a range on a casual seek", alice, seekBody(as, func(r *challenge.Request) { r.RatingMin = 1200 }), 400},
		{"a range upside down", alice, seekBody(as, func(r *challenge.Request) { r.Rated, r.RatingMin, r.RatingMax = true, 1600, 1400 }), 400},
		{"a range out of bounds", alice, seekBody(as, func(r *challenge.Request) { r.Rated, r.RatingMax = true, 9000 }), 400},
		{"a negative range", alice, seekBody(as, func(r *challenge.Request) { r.Rated, r.RatingMin = true, -5 }), 400},
		{"a range on a challenge", alice, seekBody(as, func(r *challenge.Request) { r.Rated, r.RatingMin, r.To = true, 1000, "bob" }), 400},
		{"a third seat", alice, seekBody(as, func(r *challenge.Request) { r.Seat = &two }), 400},
		{"an unknown colour", alice, seekBody(as, func(r *challenge.Request) { r.Color = "red" }), 400},
		{"a colour against the seat", alice, seekBody(as, func(r *challenge.Request) { r.Color, r.Seat = "white", intp(1) }), 400},
		{"options as a list", alice, map[string]any{"game": "toy", "stream": as.secret, "options": []int{1}}, 400},
		{"pairing with a player named", alice, seekBody(as, func(r *challenge.Request) { r.Pair, r.To = true, "bob" }), 400},
		{"a challenge to nobody", alice, seekBody(as, func(r *challenge.Request) { r.To = "nobody" }), 404},
		{"a challenge to oneself", alice, seekBody(as, func(r *challenge.Request) { r.To = "Alice" }), 400},
		{"a guest's challenge to a player", guest, seekBody(gs, func(r *challenge.Request) { r.To = "bob" }), 403},
		{"an unknown field", alice, map[string]any{"game": "toy", "stream": as.secret, "colour": "red"}, 400},
	} {
		t.Run(c.name, func(t *testing.T) {
			code, out := c.who.post("/api/challenges", c.req)
			if code != c.code || out["error"] == "" {
				t.Fatalf("got %d %v, want %d with an error", code, out, c.code)
			}
			// The server's own words, never the JSON decoder's.
			if msg := out["error"].(string); strings.Contains(msg, "Go struct") || strings.Contains(msg, "unmarshal") {
				t.Fatalf("answered in the decoder's words: %q", msg)
			}
		})
	}
	if ids := seekIDs(alice); len(ids) != 0 {
		t.Fatalf("refused seeks are listed: %v", ids)
	}
	if _, out := bob.get("/api/challenges"); len(out["incoming"].([]any)) != 0 {
		t.Fatalf("a refused challenge waits: %v", out)
	}
}

// A game of more than two seats cannot be challenged to: the seats come
// from the game through the contract.
func TestChallengeIsForTwoSeats(t *testing.T) {
	h := newChallengeHarness(t, nil)
	if _, _, err := h.srv.checkChallenge(challenge.Request{Game: "toy", Stream: "s"}, true); err != nil {
		t.Fatalf("a two-seat game: %v", err)
	}
	h3 := newHarnessWith(t, "", nil, threeSeats{})
	if _, _, err := h3.srv.checkChallenge(challenge.Request{Game: "toy", Stream: "s"}, true); err == nil {
		t.Fatal("a three-seat game was accepted")
	}
}

// threeSeats is the toy game with three seats.
type threeSeats struct{ toysetup.Game }

func (threeSeats) SeatNames(game.Options) ([]string, error) { return []string{"a", "b", "c"}, nil }

// A seek is listed on the lobby's stream; another player accepts it, and
// both are sent to one game in opposite seats, each seat bound to its
// account; the seek is gone.
func TestSeekAcceptedSeatsBothPlayers(t *testing.T) {
	h := newChallengeHarness(t, nil)
	alice, bob := signUp(t, h.http.URL, "alice"), signUp(t, h.http.URL, "bob")
	lobby := listen(t, nil, h.http.URL, "/api/lobby/events", "")
	as := openStream(t, alice, h.http.URL)
	code, out := alice.post("/api/challenges", seekBody(as, func(r *challenge.Request) { r.Rated = true }))
	if code != 201 {
		t.Fatalf("seek: %d %v", code, out)
	}
	seek := out["challenge"].(map[string]any)
	id := seek["id"].(string)
	if seek["title"] != "Toy Chess" || seek["speed"] != "blitz" || seek["author"].(map[string]any)["rating"].(float64) != 1500 {
		t.Fatalf("the seek as shown: %v", seek)
	}
	lobby.wait("the seek in the lobby", func(ev sseEvent) bool {
		return ev.name == "seeks" && fmt.Sprint(ev.json()["seeks"]) != "[]" && ev.json()["seeks"].([]any)[0].(map[string]any)["id"] == id
	})
	if ids := seekIDs(bob); !slices.Equal(ids, []string{id}) {
		t.Fatalf("seeks listed: %v", ids)
	}
	code, acc := bob.post("/api/challenges/"+id+"/accept", map[string]any{})
	if code != 200 {
		t.Fatalf("accept: %d %v", code, acc)
	}
	gameID, bobSeat := acc["game"].(string), int(acc["seat"].(float64))
	start := as.wait("gameStart", named("gameStart")).json()["game"].(map[string]any)
	if start["id"] != gameID || int(start["seat"].(float64)) != 1-bobSeat || start["challenge"] != id {
		t.Fatalf("alice's gameStart %v, bob's answer %v", start, acc)
	}
	lobby.wait("the seek gone", func(ev sseEvent) bool { return ev.name == "seeks" && fmt.Sprint(ev.json()["gone"]) == "["+id+"]" })
	wa, wb := dialAs(t, alice, h.http.URL, gameID), dialAs(t, bob, h.http.URL, gameID)
	wa.waitState(func(s play.State) bool { return slices.Equal(s.You, []int{1 - bobSeat}) })
	wb.waitState(func(s play.State) bool { return slices.Equal(s.You, []int{bobSeat}) })
	s := h.srv.session(gameID)
	s.lock()
	rated, clock := s.t.Def.Rated && s.t.Rateable(), s.t.Def.Clock
	s.unlock()
	if !rated || clock.Initial != 300000*time.Millisecond {
		t.Fatalf("the game: rated %v, clock %+v", rated, clock)
	}
	// A seat bound to an account is played signed in as it: its token
	// alone gives it to nobody.
	anon := h.dial(gameID)
	anon.send(map[string]any{"type": "hello", "tokens": []string{acc["token"].(string)}})
	if e := anon.expect("error"); e["code"] != "forbidden" {
		t.Fatalf("a bound seat's token without its account: %v", e)
	}
	if code, _ := bob.post("/api/challenges/"+id+"/accept", map[string]any{}); code != 409 {
		t.Fatalf("accepting a seek taken: %d", code)
	}
	if ids := seekIDs(bob); len(ids) != 0 {
		t.Fatalf("seeks listed after acceptance: %v", ids)
	}
}

// A seek names its author's colour: shown with it, and the game seats the
// author there whoever accepts.
func TestSeekWithAColour(t *testing.T) {
	h := newChallengeHarness(t, nil)
	alice, bob := signUp(t, h.http.URL, "alice"), signUp(t, h.http.URL, "bob")
	as := openStream(t, alice, h.http.URL)
	for range 3 {
		code, out := alice.post("/api/challenges", seekBody(as, func(r *challenge.Request) { r.Color = "black" }))
		if code != 201 || out["challenge"].(map[string]any)["seat"] != 1.0 {
			t.Fatalf("a seek as Black: %d %v", code, out)
		}
		code, acc := bob.post("/api/challenges/"+out["challenge"].(map[string]any)["id"].(string)+"/accept", map[string]any{})
		if code != 200 || acc["seat"] != 0.0 {
			t.Fatalf("accepting a seek as Black gives %d %v, want seat 0", code, acc)
		}
	}
}

// Of several players accepting one seek at once, one gets the game; the
// others are told it is gone, and only one game is made.
func TestSeekAcceptRace(t *testing.T) {
	h := newChallengeHarness(t, nil)
	alice := signUp(t, h.http.URL, "alice")
	as := openStream(t, alice, h.http.URL)
	_, out := alice.post("/api/challenges", seekBody(as, nil))
	id := out["challenge"].(map[string]any)["id"].(string)
	var takers []*browserClient
	for i := range 6 {
		takers = append(takers, signUp(t, h.http.URL, fmt.Sprint("taker", i)))
	}
	games := h.srv.lobby.Len()
	codes := make([]int, len(takers))
	var wg sync.WaitGroup
	for i, b := range takers {
		wg.Add(1)
		go func() {
			defer wg.Done()
			codes[i], _ = b.post("/api/challenges/"+id+"/accept", map[string]any{})
		}()
	}
	wg.Wait()
	slices.Sort(codes)
	if fmt.Sprint(codes) != "[200 409 409 409 409 409]" {
		t.Fatalf("answers %v", codes)
	}
	if n := h.srv.lobby.Len() - games; n != 1 {
		t.Fatalf("%d games made", n)
	}
}

// A player's seeks, challenge actions and streams are limited, each with a
// 429 that says when to try again.
func TestChallengeLimits(t *testing.T) {
	h := newChallengeHarness(t, func(c *Config) {
		c.Limits = httpkit.Limits{ChallengesPerMinute: 6, ChallengesBurst: 6, Seeks: 2, Streams: 2}
	})
	alice := signUp(t, h.http.URL, "alice")
	as := openStream(t, alice, h.http.URL)
	for i := range 2 {
		if code, out := alice.post("/api/challenges", seekBody(as, nil)); code != 201 {
			t.Fatalf("seek %d: %d %v", i, code, out)
		}
	}
	code, out, hdr := alice.postFull("/api/challenges", seekBody(as, nil))
	if code != 429 || hdr.Get("Retry-After") == "" || out["code"] != "too_many" {
		t.Fatalf("a third seek: %d %v %v", code, out, hdr)
	}
	eventually(t, "the two seeks listed", func() bool { return len(seekIDs(alice)) == 2 })
	// Three actions so far; three more, then the rate refuses.
	for range 3 {
		alice.post("/api/challenges/nosuch/cancel", map[string]any{})
	}
	code, out, hdr = alice.postFull("/api/challenges/nosuch/cancel", map[string]any{})
	if code != 429 || hdr.Get("Retry-After") == "" {
		t.Fatalf("the seventh action in a minute: %d %v", code, out)
	}
	openStream(t, alice, h.http.URL)
	resp, err := alice.hc.Get(h.http.URL + "/api/stream/events")
	if err != nil {
		t.Fatal(err)
	}
	resp.Body.Close()
	if resp.StatusCode != 429 {
		t.Fatalf("a third stream of one account: %d", resp.StatusCode)
	}
	if got := h.srv.limits.Refused(httpkit.LimSeeks); got != 1 {
		t.Fatalf("seek refusals counted: %d", got)
	}
}

// A rated seek's range is checked against the accepting player's rating in
// the seek's pool; a guest cannot take a rated seek.
func TestSeekRatingRange(t *testing.T) {
	h := newChallengeHarness(t, nil)
	alice, bob := signUp(t, h.http.URL, "alice"), signUp(t, h.http.URL, "bob")
	as := openStream(t, alice, h.http.URL)
	post := func(lo, hi int) string {
		code, out := alice.post("/api/challenges", seekBody(as, func(r *challenge.Request) { r.Rated, r.RatingMin, r.RatingMax = true, lo, hi }))
		if code != 201 {
			t.Fatalf("seek %d-%d: %d %v", lo, hi, code, out)
		}
		return out["challenge"].(map[string]any)["id"].(string)
	}
	high, low := post(1600, 0), post(1400, 1600)
	code, out := bob.post("/api/challenges/"+high+"/accept", map[string]any{})
	if code != 403 || out["error"] != "your blitz rating, 1500, is outside this seek's range (1600 or more)" {
		t.Fatalf("a new player takes a 1600+ seek: %d %v", code, out)
	}
	guest := newBrowserClient(t, h.http.URL)
	if code, _ := guest.post("/api/challenges/"+low+"/accept", map[string]any{}); code != 403 {
		t.Fatalf("a guest takes a rated seek: %d", code)
	}
	eventually(t, "both seeks still listed", func() bool { return len(seekIDs(bob)) == 2 })
	if code, out := bob.post("/api/challenges/"+low+"/accept", map[string]any{}); code != 200 {
		t.Fatalf("a seek in range: %d %v", code, out)
	}
}

// A seek ends when its author cancels it or leaves (their stream closes);
// nobody else may cancel it.
func TestSeekCancelledAndLeft(t *testing.T) {
	h := newChallengeHarness(t, nil)
	alice, bob := signUp(t, h.http.URL, "alice"), signUp(t, h.http.URL, "bob")
	as := openStream(t, alice, h.http.URL)
	guest := newBrowserClient(t, h.http.URL)
	gs := openStream(t, nil, h.http.URL)
	ids := map[string]string{}
	for _, who := range []struct {
		name string
		b    *browserClient
		s    *stream
	}{{"alice1", alice, as}, {"alice2", alice, as}, {"guest", guest, gs}} {
		_, out := who.b.post("/api/challenges", seekBody(who.s, nil))
		ids[who.name] = out["challenge"].(map[string]any)["id"].(string)
	}
	if code, _ := bob.post("/api/challenges/"+ids["alice1"]+"/cancel", map[string]any{}); code != 403 {
		t.Fatalf("bob cancels alice's seek: %d", code)
	}
	if code, _ := guest.post("/api/challenges/"+ids["guest"]+"/cancel", map[string]any{"stream": as.secret}); code != 403 {
		t.Fatalf("a guest cancels with another's stream: %d", code)
	}
	if code, _ := guest.post("/api/challenges/"+ids["guest"]+"/accept", map[string]any{"stream": gs.secret}); code != 400 {
		t.Fatalf("a guest takes their own seek: %d", code)
	}
	if code, _ := alice.post("/api/challenges/"+ids["alice1"]+"/cancel", map[string]any{}); code != 200 {
		t.Fatalf("alice cancels: %d", code)
	}
	if code, _ := guest.post("/api/challenges/"+ids["guest"]+"/cancel", map[string]any{"stream": gs.secret}); code != 200 {
		t.Fatalf("the guest cancels: %d", code)
	}
	eventually(t, "one seek left after two cancels", func() bool { return slices.Equal(seekIDs(bob), []string{ids["alice2"]}) })
	as.close()
	eventually(t, "alice's seek gone with her stream", func() bool { return len(seekIDs(bob)) == 0 })
}

// Quick pairing takes a compatible seek when there is one, and else posts
// one and waits for the next player.
func TestQuickPairing(t *testing.T) {
	h := newChallengeHarness(t, nil)
	alice, bob, carol := signUp(t, h.http.URL, "alice"), signUp(t, h.http.URL, "bob"), signUp(t, h.http.URL, "carol")
	as, bs, cs := openStream(t, alice, h.http.URL), openStream(t, bob, h.http.URL), openStream(t, carol, h.http.URL)
	pair := func(b *browserClient, s *stream, initial int64) (int, map[string]any) {
		return b.post("/api/challenges", seekBody(s, func(r *challenge.Request) {
			r.Pair, r.Rated, r.Clock.Initial = true, true, time.Duration(initial)*time.Millisecond
		}))
	}
	if code, out := pair(alice, as, 300000); code != 201 {
		t.Fatalf("alice pairs first: %d %v", code, out)
	}
	if code, out := pair(carol, cs, 600000); code != 201 {
		t.Fatalf("carol pairs with another clock: %d %v", code, out)
	}
	code, out := pair(bob, bs, 300000)
	if code != 200 || out["game"] == nil {
		t.Fatalf("bob pairs: %d %v", code, out)
	}
	start := as.wait("alice's gameStart", named("gameStart")).json()["game"].(map[string]any)
	if start["id"] != out["game"] {
		t.Fatalf("alice went to %v, bob to %v", start["id"], out["game"])
	}
	eventually(t, "carol's seek waiting alone", func() bool { return len(seekIDs(bob)) == 1 })
}

// A challenge to a player reaches them live; they decline with a reason the
// challenger hears, or accept and both go to the game; nobody else may
// answer; an unanswered challenge expires.
func TestDirectChallenge(t *testing.T) {
	var mu sync.Mutex
	now := time.Now()
	h := newChallengeHarness(t, func(c *Config) {
		c.Now = func() time.Time { mu.Lock(); defer mu.Unlock(); return now }
	})
	alice, bob, carol := signUp(t, h.http.URL, "alice"), signUp(t, h.http.URL, "bob"), signUp(t, h.http.URL, "carol")
	as, bs := openStream(t, alice, h.http.URL), openStream(t, bob, h.http.URL)
	challengeBob := func() string {
		code, out := alice.post("/api/challenges", seekBody(as, func(r *challenge.Request) { r.To = "Bob" }))
		if code != 201 {
			t.Fatalf("challenge: %d %v", code, out)
		}
		id := out["challenge"].(map[string]any)["id"].(string)
		got := bs.wait("the challenge", named("challenge")).json()["challenge"].(map[string]any)
		if got["id"] != id || got["author"].(map[string]any)["name"] != "alice" || got["target"].(map[string]any)["name"] != "bob" {
			t.Fatalf("bob hears %v, not %s", got, id)
		}
		return id
	}
	id := challengeBob()
	if ids := seekIDs(carol); len(ids) != 0 {
		t.Fatalf("a challenge is listed as a seek: %v", ids)
	}
	for _, c := range []struct {
		who    *browserClient
		action string
		body   map[string]any
		code   int
	}{
		{carol, "accept", nil, 403},
		{carol, "decline", nil, 403},
		{alice, "accept", nil, 400},
		{bob, "decline", map[string]any{"reason": "because"}, 400},
		{bob, "cancel", nil, 403},
	} {
		if code, out := c.who.post("/api/challenges/"+id+"/"+c.action, c.body); code != c.code {
			t.Fatalf("%s: %d %v, want %d", c.action, code, out, c.code)
		}
	}
	if code, _ := bob.post("/api/challenges/"+id+"/decline", map[string]any{"reason": "later"}); code != 200 {
		t.Fatal("decline")
	}
	no := as.wait("the answer", named("challengeDeclined")).json()
	if no["reason"] != "later" || no["text"] != challenge.DeclineText("later") {
		t.Fatalf("alice hears %v", no)
	}
	id = challengeBob()
	// A stream opened later hears what waits for it.
	late := openStream(t, bob, h.http.URL)
	late.wait("the challenge waiting", func(ev sseEvent) bool {
		return ev.name == "challenge" && ev.json()["challenge"].(map[string]any)["id"] == id
	})
	code, acc := bob.post("/api/challenges/"+id+"/accept", map[string]any{})
	if code != 200 {
		t.Fatalf("accept: %d %v", code, acc)
	}
	for _, s := range []*stream{as, bs} {
		if g := s.wait("gameStart", named("gameStart")).json()["game"].(map[string]any); g["id"] != acc["game"] {
			t.Fatalf("gameStart %v, game %v", g, acc["game"])
		}
	}
	id = challengeBob()
	mu.Lock()
	now = now.Add(challenge.DirectLife)
	mu.Unlock()
	h.srv.hub.Renew() // the streams live on through the jump of the clock
	if code, _ := bob.post("/api/challenges/"+id+"/accept", map[string]any{}); code != 409 {
		t.Fatalf("accepting an expired challenge: %d", code)
	}
	h.srv.hub.Sweep()
	if gone := as.wait("the expiry", named("challengeCanceled")).json(); gone["reason"] != "expired" {
		t.Fatalf("alice hears %v", gone)
	}
}

// Who is online is every signed-in player with a stream open, pushed to
// the lobby as it changes.
func TestWhoIsOnline(t *testing.T) {
	h := newChallengeHarness(t, nil)
	alice, bob := signUp(t, h.http.URL, "alice"), signUp(t, h.http.URL, "bob")
	lobby := listen(t, nil, h.http.URL, "/api/lobby/events", "")
	openStream(t, alice, h.http.URL)
	bs := openStream(t, bob, h.http.URL)
	openStream(t, nil, h.http.URL) // guests are not listed
	lobby.wait("both online", func(ev sseEvent) bool { return ev.name == "online" && ev.data == `["alice","bob"]` })
	bs.close()
	lobby.wait("bob gone", func(ev sseEvent) bool { return ev.name == "online" && ev.data == `["alice"]` })
	_, out := alice.get("/api/online")
	if fmt.Sprint(out["players"]) != "[map[name:alice]]" {
		t.Fatalf("online: %v", out)
	}
}

// Programs may read the stream as NDJSON.
func TestStreamAsNDJSON(t *testing.T) {
	h := newChallengeHarness(t, nil)
	alice := signUp(t, h.http.URL, "alice")
	er := listen(t, alice, h.http.URL, "/api/stream/events", "application/x-ndjson")
	hello := er.wait("hello", func(ev sseEvent) bool { return ev.name == "" }).json()
	if hello["type"] != "hello" || hello["name"] != "alice" || hello["stream"] == "" {
		t.Fatalf("hello %v", hello)
	}
}

// Without the CSRF header a signed-in player's challenge is refused.
func TestChallengeNeedsCSRF(t *testing.T) {
	h := newChallengeHarness(t, nil)
	alice := signUp(t, h.http.URL, "alice")
	as := openStream(t, alice, h.http.URL)
	alice.csrf = ""
	if code, _ := alice.post("/api/challenges", seekBody(as, nil)); code != http.StatusForbidden {
		t.Fatalf("a seek without the CSRF header: %d", code)
	}
}

// A guest's casual seek: the guest hears of the game on their stream and
// holds their seat by the token the seek's answer gave them.
func TestGuestSeek(t *testing.T) {
	h := newChallengeHarness(t, nil)
	guest, bob := newBrowserClient(t, h.http.URL), signUp(t, h.http.URL, "bob")
	gs := openStream(t, nil, h.http.URL)
	code, out := guest.post("/api/challenges", seekBody(gs, nil))
	if code != 201 || out["challenge"].(map[string]any)["author"].(map[string]any)["name"] != challenge.GuestName {
		t.Fatalf("a guest's seek: %d %v", code, out)
	}
	id, token := out["challenge"].(map[string]any)["id"].(string), out["token"].(string)
	code, acc := bob.post("/api/challenges/"+id+"/accept", map[string]any{})
	if code != 200 {
		t.Fatalf("accept: %d %v", code, acc)
	}
	start := gs.wait("the guest's gameStart", named("gameStart")).json()["game"].(map[string]any)
	if start["id"] != acc["game"] || int(start["seat"].(float64)) != 1-int(acc["seat"].(float64)) {
		t.Fatalf("the guest hears %v; bob's answer %v", start, acc)
	}
	h.dial(acc["game"].(string), token) // fails unless the token holds a seat
}

// Opening event streams is limited per address, and another site's page
// cannot open one.
func TestStreamOpenLimits(t *testing.T) {
	h := newChallengeHarness(t, func(c *Config) { c.Limits = httpkit.Limits{StreamsPerMinute: 2, StreamsBurst: 2} })
	openStream(t, nil, h.http.URL).close()
	openStream(t, nil, h.http.URL).close()
	get := func(hdr string) int {
		req, _ := http.NewRequest("GET", h.http.URL+"/api/stream/events", nil)
		if hdr != "" {
			req.Header.Set("Sec-Fetch-Site", hdr)
		}
		resp, err := http.DefaultClient.Do(req)
		if err != nil {
			t.Fatal(err)
		}
		resp.Body.Close()
		return resp.StatusCode
	}
	if code := get("cross-site"); code != 403 {
		t.Fatalf("a stream from another site: %d", code)
	}
	if code := get(""); code != 429 {
		t.Fatalf("a third stream within the minute: %d", code)
	}
}

// A player may have so many challenges waiting for an answer, and be sent
// so many; past either, a 429 and nothing stored.
func TestChallengesSentAndWaitingLimits(t *testing.T) {
	h := newChallengeHarness(t, func(c *Config) { c.Limits = httpkit.Limits{Challenges: 1, Incoming: 1} })
	alice, bob, carol, dave := signUp(t, h.http.URL, "alice"), signUp(t, h.http.URL, "bob"), signUp(t, h.http.URL, "carol"), signUp(t, h.http.URL, "dave")
	as, ds := openStream(t, alice, h.http.URL), openStream(t, dave, h.http.URL)
	to := func(name string) func(*challenge.Request) { return func(r *challenge.Request) { r.To = name } }
	if code, out := alice.post("/api/challenges", seekBody(as, to("bob"))); code != 201 {
		t.Fatalf("alice challenges bob: %d %v", code, out)
	}
	if code, out := alice.post("/api/challenges", seekBody(as, to("carol"))); code != 429 {
		t.Fatalf("alice's second challenge: %d %v", code, out)
	}
	if code, out := dave.post("/api/challenges", seekBody(ds, to("bob"))); code != 429 {
		t.Fatalf("a second challenge waiting for bob: %d %v", code, out)
	}
	// Seeks are apart from challenges.
	if code, out := alice.post("/api/challenges", seekBody(as, nil)); code != 201 {
		t.Fatalf("alice's seek: %d %v", code, out)
	}
	_, bobs := bob.get("/api/challenges")
	_, carols := carol.get("/api/challenges")
	if len(bobs["incoming"].([]any)) != 1 || len(carols["incoming"].([]any)) != 0 {
		t.Fatalf("waiting: bob %v, carol %v", bobs["incoming"], carols["incoming"])
	}
	if h.srv.limits.Refused(httpkit.LimOpen) != 1 || h.srv.limits.Refused(httpkit.LimIncoming) != 1 {
		t.Fatal("the refusals are not counted")
	}
}
