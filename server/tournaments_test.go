package server

import (
	"context"
	"slices"
	"strings"
	"testing"
	"time"

	"wyrm/server/tournament"
)

// Four accounts join a rated Swiss through the API; when it starts, round
// 1 pairs each of them into exactly one of two games, and GET
// /api/games/{id} of each names its two players.
func TestSwissRoundOnePairsFourPlayersIntoTwoGames(t *testing.T) {
	clock := &fakeClock{t: time.Now()}
	h := newTournamentHarness(t, clock, nil)
	ps := signUpPlayers(t, h.http.URL, "swiss", 4)
	id := ps[0].createTournament(map[string]any{"kind": "swiss", "name": "Four of us", "game": "toy", "rated": true,
		"clock": map[string]any{"initialMs": 60000, "incrementMs": 1000}, "rounds": 3,
		"startsAt": clock.now().Add(time.Hour).UnixMilli()})
	for _, p := range ps {
		if code, out := p.post("/api/tournaments/"+id+"/join", nil); code != 200 {
			t.Fatalf("join: %d %v", code, out)
		}
	}
	h.tick()
	if v := ps[0].tournament(id); v.Status != "created" || len(v.Games) != 0 || len(v.Standings) != 4 {
		t.Fatalf("before its start: %+v", v)
	}
	clock.add(time.Hour)
	h.tick()
	v := ps[0].tournament(id)
	if v.Status != "started" || v.Round != 1 || len(v.Games) != 2 {
		t.Fatalf("after its start: status %s round %d, %d games", v.Status, v.Round, len(v.Games))
	}
	var seated []string
	for _, g := range v.Games {
		if g.Round != 1 || len(g.Players) != 2 || g.Status != "playing" {
			t.Fatalf("game %+v", g)
		}
		code, st := ps[0].get("/api/games/" + g.ID)
		if code != 200 {
			t.Fatalf("GET game %s: %d", g.ID, code)
		}
		if tb, unlock, ok := h.srv.hall.Locked(g.ID); !ok {
			t.Fatalf("game %s is not played here", g.ID)
		} else {
			rated, clock := tb.Def.Rated, tb.Def.Clock.Initial
			unlock()
			if !rated || clock != time.Minute {
				t.Errorf("game %s: rated %v, clock %v", g.ID, rated, clock)
			}
		}
		seats := st["seats"].([]any)
		for i, s := range seats {
			name := s.(map[string]any)["name"]
			if name != g.Players[i] {
				t.Errorf("game %s seat %d: %v, the tournament says %s", g.ID, i, name, g.Players[i])
			}
			seated = append(seated, g.Players[i])
		}
	}
	slices.Sort(seated)
	if !slices.Equal(seated, []string{"swiss1", "swiss2", "swiss3", "swiss4"}) {
		t.Fatalf("seated %v", seated)
	}
	// Each player's page names their game and seat token, and nobody
	// else's view holds it.
	_, guestView := h.get("/api/tournaments/" + id)
	for i, p := range ps {
		me := p.tournament(id).Me
		if me == nil || me.Game == "" || me.Token == "" || me.State != "active" {
			t.Fatalf("player %d's part: %+v", i+1, me)
		}
		_, raw := h.get("/api/tournaments/" + id)
		if strings.Contains(guestView, me.Token) || strings.Contains(raw, me.Token) {
			t.Errorf("player %d's seat token is shown to a guest", i+1)
		}
		other := ps[(i+1)%len(ps)].tournament(id).Me
		if other.Token == me.Token {
			t.Errorf("players %d and %d are shown one token", i+1, (i+1)%len(ps)+1)
		}
	}
}

// A Swiss of five players runs its three rounds to the end: a bye each
// round (never twice to one player), each game's loser resigning, the next
// round after the pause once every game has ended, and standings with
// Buchholz tie-breaks whose scores add up.
func TestSwissPlaysToItsEndWithByes(t *testing.T) {
	clock := &fakeClock{t: time.Now()}
	h := newTournamentHarness(t, clock, nil)
	ps := signUpPlayers(t, h.http.URL, "sw", 5)
	id := ps[0].createTournament(map[string]any{"kind": "swiss", "name": "Five", "game": "toy",
		"clock": map[string]any{"initialMs": 60000}, "rounds": 3, "pauseSeconds": 30,
		"startsAt": clock.now().Add(time.Minute).UnixMilli()})
	for _, p := range ps {
		if code, out := p.post("/api/tournaments/"+id+"/join", nil); code != 200 {
			t.Fatalf("join: %d %v", code, out)
		}
	}
	clock.add(time.Minute)
	byes := map[string]int{}
	for round := 1; round <= 3; round++ {
		h.tick()
		v := ps[0].tournament(id)
		if v.Round != round {
			t.Fatalf("round %d expected, the tournament is at %d (%s)", round, v.Round, v.Status)
		}
		games, bye := 0, 0
		for _, g := range v.Games {
			if g.Round != round {
				continue
			}
			if g.Bye {
				bye++
				byes[g.Players[0]]++
				continue
			}
			games++
			// Black resigns: White wins.
			black := byName(ps, "sw", g.Players[1])
			black.act(g.ID, black.tournament(id).Me.Token, map[string]any{"type": "resign"})
		}
		if games != 2 || bye != 1 {
			t.Fatalf("round %d: %d games and %d byes", round, games, bye)
		}
		ps[0].waitTournament(id, "the round's end", func(v tournamentView) bool {
			for _, g := range v.Games {
				if g.Status != "over" {
					return false
				}
			}
			return true
		})
		h.tick() // notes the round's end
		h.tick()
		if v := ps[0].tournament(id); v.Round != round || v.Status != "started" && round < 3 {
			t.Fatalf("round %d: the next began before the pause ended: round %d", round, v.Round)
		}
		clock.add(30 * time.Second)
	}
	h.tick()
	v := ps[0].tournament(id)
	if v.Status != "finished" {
		t.Fatalf("after three rounds: %s", v.Status)
	}
	total := 0
	for _, s := range v.Standings {
		total += s.Score
	}
	if total != 3*(2*2+2) {
		t.Errorf("half points in all: %d, want 18", total)
	}
	for name, n := range byes {
		if n > 1 {
			t.Errorf("%s had %d byes", name, n)
		}
	}
	if v.Standings[0].Rank != 1 || v.Standings[0].Score < v.Standings[4].Score || v.Standings[0].Buchholz == 0 {
		t.Errorf("standings %+v", v.Standings)
	}
	// The winner's profile lists the tournament with their place.
	code, out := ps[0].get("/api/players/" + v.Standings[0].Name + "/tournaments")
	list, _ := out["tournaments"].([]any)
	if code != 200 || len(list) != 1 {
		t.Fatalf("the winner's tournaments: %d %v", code, out)
	}
	if e := list[0].(map[string]any); e["id"] != id || e["rank"] != 1.0 || e["players"] != 5.0 || e["score"] != float64(v.Standings[0].Score) || e["status"] != "finished" {
		t.Errorf("the winner's entry: %v", e)
	}
}

// Creating and joining refuse what breaks a rule, each with its reason,
// and change nothing: a guest, bad kinds, names and clocks, a start in the
// past, too many unfinished tournaments, a wrong password, a rating below
// the minimum, a bot where bots may not play.
func TestTournamentRequestsAreChecked(t *testing.T) {
	clock := &fakeClock{t: time.Now()}
	h := newTournamentHarness(t, clock, nil)
	ps := signUpPlayers(t, h.http.URL, "chk", 2)
	later := clock.now().Add(time.Hour).UnixMilli()
	good := func(set func(map[string]any)) map[string]any {
		req := map[string]any{"kind": "arena", "name": "Blitz", "game": "toy", "clock": map[string]any{"initialMs": 60000},
			"minutes": 30, "startsAt": later}
		if set != nil {
			set(req)
		}
		return req
	}
	guest := newBrowserClient(t, h.http.URL)
	if code, _ := guest.post("/api/tournaments", good(nil)); code != 403 {
		t.Errorf("a guest's tournament: %d", code)
	}
	for _, c := range []struct {
		set  func(map[string]any)
		want string
	}{
		{func(r map[string]any) { r["kind"] = "knockout" }, "kind"},
		{func(r map[string]any) { r["name"] = "x" }, "name"},
		{func(r map[string]any) { r["minutes"] = 1 }, "minutes"},
		{func(r map[string]any) { r["kind"], r["minutes"], r["rounds"] = "swiss", 0, 99 }, "rounds"},
		{func(r map[string]any) { r["clock"] = map[string]any{"initialMs": 0} }, "clock"},
		{func(r map[string]any) { r["startsAt"] = clock.now().Add(-time.Hour).UnixMilli() }, "past"},
		{func(r map[string]any) { r["startsAt"] = clock.now().Add(60 * 24 * time.Hour).UnixMilli() }, "days ahead"},
		{func(r map[string]any) { r["game"] = "nonesuch" }, "game"},
		{func(r map[string]any) { r["minRating"] = 99999 }, "minRating"},
		{func(r map[string]any) { r["noShowSeconds"] = 99999 }, "noShowSeconds"},
		{func(r map[string]any) { r["surprise"] = true }, "surprise"},
	} {
		code, out := ps[0].post("/api/tournaments", good(c.set))
		if msg, _ := out["error"].(string); code != 400 || !strings.Contains(msg, c.want) {
			t.Errorf("%s: %d %v", c.want, code, out)
		}
	}
	if code, out := ps[0].get("/api/tournaments"); code != 200 || len(out["upcoming"].([]any)) != 0 {
		t.Fatalf("refused requests stored something: %v", out)
	}
	// Three unfinished tournaments an account may have; a fourth waits.
	var ids []string
	for range tournament.MaxOpenPerAccount {
		ids = append(ids, ps[0].createTournament(good(nil)))
	}
	if code, out := ps[0].post("/api/tournaments", good(nil)); code != 429 {
		t.Errorf("a fourth tournament: %d %v", code, out)
	}
	private := ps[1].createTournament(good(func(r map[string]any) { r["password"] = "sesame" }))
	if code, _ := ps[0].post("/api/tournaments/"+private+"/join", map[string]any{"password": "open up"}); code != 403 {
		t.Errorf("a wrong password: %d", code)
	}
	if code, _ := ps[0].post("/api/tournaments/"+private+"/join", map[string]any{"password": "sesame"}); code != 200 {
		t.Errorf("the right password: %d", code)
	}
	if code, _ := ps[0].post("/api/tournaments/"+private+"/join", nil); code != 403 {
		t.Errorf("no password: %d (a player in it already is still asked)", code)
	}
	strong := ps[1].createTournament(good(func(r map[string]any) { r["minRating"] = 1900 }))
	if code, out := ps[0].post("/api/tournaments/"+strong+"/join", nil); code != 403 || !strings.Contains(out["error"].(string), "1900") {
		t.Errorf("below the minimum rating: %d %v", code, out)
	}
	gamesNeeded := ps[1].createTournament(good(func(r map[string]any) { r["minRatedGames"] = 5 }))
	if code, _ := ps[0].post("/api/tournaments/"+gamesNeeded+"/join", nil); code != 403 {
		t.Errorf("too few rated games: %d", code)
	}
	// A bot joins only where bots may.
	bot := signUp(t, h.http.URL, "chkbot")
	if code, out := bot.post("/api/account/bot", nil); code != 200 {
		t.Fatalf("becoming a bot: %d %v", code, out)
	}
	if code, _ := bot.post("/api/tournaments/"+ids[0]+"/join", nil); code != 403 {
		t.Errorf("a bot where bots may not play: %d", code)
	}
	if code, _ := ps[0].post("/api/tournaments/nonesuch/join", nil); code != 404 {
		t.Errorf("no such tournament: %d", code)
	}
	if code, _ := ps[0].post("/api/tournaments/"+ids[0]+"/withdraw", nil); code != 409 {
		t.Errorf("withdrawing from a tournament never joined: %d", code)
	}
}

// A player who never makes a first move loses once the tournament's
// no-show time has passed: the game is aborted for them and scored as
// their loss.
func TestSwissNoShowLoses(t *testing.T) {
	clock := &fakeClock{t: time.Now()}
	h := newTournamentHarness(t, clock, nil)
	ps := signUpPlayers(t, h.http.URL, "ns", 2)
	id := ps[0].createTournament(map[string]any{"kind": "swiss", "name": "No show", "game": "toy",
		"clock": map[string]any{"initialMs": 60000}, "rounds": 1, "noShowSeconds": 1})
	for _, p := range ps {
		if code, out := p.post("/api/tournaments/"+id+"/join", nil); code != 200 {
			t.Fatalf("join: %d %v", code, out)
		}
	}
	h.tick()
	v := ps[0].waitTournament(id, "the no-show's loss", func(v tournamentView) bool {
		return len(v.Games) == 1 && v.Games[0].Status == "over"
	})
	g := v.Games[0]
	if g.Placings[0] != 2 || g.Placings[1] != 1 || g.Points[0] != 0 || g.Points[1] != 2 {
		t.Fatalf("the first seat never moved: placings %v, points %v", g.Placings, g.Points)
	}
	h.tick()
	if v := ps[0].tournament(id); v.Status != "finished" || v.Standings[0].Name != g.Players[1] {
		t.Fatalf("after its one round: %s, %+v", v.Status, v.Standings)
	}
}

// The players' event streams hear tournamentStart as the tournament
// starts, then gameStart for each one's game, naming the tournament and
// the seat's token, as a challenge's game is announced.
func TestTournamentAnnouncesItsStartAndGames(t *testing.T) {
	clock := &fakeClock{t: time.Now()}
	h := newTournamentHarness(t, clock, nil)
	ps := signUpPlayers(t, h.http.URL, "ann", 2)
	id := ps[0].createTournament(map[string]any{"kind": "arena", "name": "Heard", "game": "toy",
		"clock": map[string]any{"initialMs": 60000}, "minutes": 20, "startsAt": clock.now().Add(time.Minute).UnixMilli()})
	var streams []*stream
	for _, p := range ps {
		if code, out := p.post("/api/tournaments/"+id+"/join", nil); code != 200 {
			t.Fatalf("join: %d %v", code, out)
		}
		streams = append(streams, openStream(t, p, h.http.URL))
	}
	clock.add(time.Minute)
	h.tick()
	games := map[string]bool{}
	for i, s := range streams {
		start := s.wait("tournamentStart", named("tournamentStart")).json()
		if tm := start["tournament"].(map[string]any); tm["id"] != id || tm["name"] != "Heard" {
			t.Errorf("player %d's tournamentStart: %v", i+1, start)
		}
		g := s.wait("gameStart", named("gameStart")).json()["game"].(map[string]any)
		me := ps[i].tournament(id).Me
		if g["tournament"] != id || g["id"] != me.Game || g["token"] != me.Token || int(g["seat"].(float64)) != me.Seat {
			t.Errorf("player %d's gameStart %v, the tournament says %+v", i+1, g, me)
		}
		if g["game"] != "toy" || g["opponent"] == nil {
			t.Errorf("player %d's gameStart lacks the game's facts: %v", i+1, g)
		}
		games[me.Game] = true
	}
	if len(games) != 1 {
		t.Fatalf("the two players were told of %d games", len(games))
	}
}

// A game whose end was never told to the tournament (its node died between
// storing the end and telling it) is found over in the store by the
// director, which scores it then: no result is lost.
func TestDirectorFindsAnEndThatWasNotTold(t *testing.T) {
	clock := &fakeClock{t: time.Now()}
	h := newTournamentHarness(t, clock, nil)
	ps := signUpPlayers(t, h.http.URL, "lost", 2)
	id := ps[0].createTournament(map[string]any{"kind": "swiss", "name": "Lost end", "game": "toy",
		"clock": map[string]any{"initialMs": 60000}, "rounds": 1})
	for _, p := range ps {
		if code, out := p.post("/api/tournaments/"+id+"/join", nil); code != 200 {
			t.Fatalf("join: %d %v", code, out)
		}
	}
	h.tick()
	g := ps[0].tournament(id).Games[0]
	loser := byName(ps, "lost", g.Players[1])
	loser.act(g.ID, loser.tournament(id).Me.Token, map[string]any{"type": "resign"})
	ps[0].waitTournament(id, "the scored end", func(v tournamentView) bool { return v.Games[0].Status == "over" })
	// As if the telling had been lost: the game is under way again in the
	// tournament's tables, and nobody has scored.
	ctx := context.Background()
	for _, q := range []string{"UPDATE tournament_games SET status = 'playing', placings = '[]', points = '[]' WHERE game_id = ?",
		"UPDATE tournament_players SET score = 0, games = 0, streak = 0 WHERE tournament_id = (SELECT tournament_id FROM tournament_games WHERE game_id = ?)"} {
		if _, err := h.st.ExecContext(ctx, q, g.ID); err != nil {
			t.Fatal(err)
		}
	}
	h.tick()
	if v := ps[0].tournament(id); v.Games[0].Status != "playing" {
		t.Fatalf("looked up before RecheckAfter: %+v", v.Games[0])
	}
	clock.add(tournament.RecheckAfter)
	h.tick()
	v := ps[0].tournament(id)
	if v.Games[0].Status != "over" || !slices.Equal(v.Games[0].Points, []int{2, 0}) || v.Standings[0].Name != g.Players[0] || v.Standings[0].Score != 2 {
		t.Fatalf("after the lookup: %+v, %+v", v.Games[0], v.Standings)
	}
	h.tick()
	if v := ps[0].tournament(id); v.Status != "finished" {
		t.Fatalf("the tournament did not finish: %s", v.Status)
	}
}

// A Swiss player may withdraw between rounds, and another join late: the
// next round pairs the late one and leaves the one who withdrew out, whose
// games stay in the standings.
func TestSwissLateJoinAndWithdrawal(t *testing.T) {
	clock := &fakeClock{t: time.Now()}
	h := newTournamentHarness(t, clock, nil)
	ps := signUpPlayers(t, h.http.URL, "lj", 5)
	id := ps[0].createTournament(map[string]any{"kind": "swiss", "name": "Late", "game": "toy",
		"clock": map[string]any{"initialMs": 60000}, "rounds": 2, "pauseSeconds": 5})
	for _, p := range ps[:4] {
		if code, out := p.post("/api/tournaments/"+id+"/join", nil); code != 200 {
			t.Fatalf("join: %d %v", code, out)
		}
	}
	h.tick()
	v := ps[0].tournament(id)
	for _, g := range v.Games {
		p := byName(ps, "lj", g.Players[1])
		p.act(g.ID, p.tournament(id).Me.Token, map[string]any{"type": "draw"})
		q := byName(ps, "lj", g.Players[0])
		q.act(g.ID, q.tournament(id).Me.Token, map[string]any{"type": "draw"})
	}
	ps[0].waitTournament(id, "round 1's end", func(v tournamentView) bool {
		return v.Games[0].Status == "over" && v.Games[1].Status == "over"
	})
	if code, out := ps[3].post("/api/tournaments/"+id+"/withdraw", nil); code != 200 {
		t.Fatalf("withdraw: %d %v", code, out)
	}
	if code, out := ps[4].post("/api/tournaments/"+id+"/join", nil); code != 200 {
		t.Fatalf("late join: %d %v", code, out)
	}
	h.tick()
	clock.add(5 * time.Second)
	h.tick()
	v = ps[0].tournament(id)
	if v.Round != 2 {
		t.Fatalf("round %d", v.Round)
	}
	var round2 []string
	for _, g := range v.Games {
		if g.Round == 1 && (g.Points[0] != 1 || g.Points[1] != 1) {
			t.Errorf("a drawn game scored %v", g.Points)
		}
		if g.Round == 2 && !g.Bye {
			round2 = append(round2, g.Players...)
		}
	}
	slices.Sort(round2)
	if !slices.Equal(round2, []string{"lj1", "lj2", "lj3", "lj5"}) {
		t.Fatalf("round 2 seats %v", round2)
	}
	for _, s := range v.Standings {
		if s.Name == "lj4" && (s.State != "withdrawn" || s.Score != 1 || s.Games != 1) {
			t.Errorf("the withdrawn player's standing: %+v", s)
		}
	}
	// Once the last round has begun, joining is too late.
	if code, out := signUp(t, h.http.URL, "lj6").post("/api/tournaments/"+id+"/join", nil); code != 409 {
		t.Errorf("joining in the last round: %d %v", code, out)
	}
}
