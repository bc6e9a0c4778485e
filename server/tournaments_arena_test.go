package server

import (
	"testing"
	"time"
)

// A two-seat arena: players who wait are paired at once, never again with
// their last opponent while another can be found; a win is 2 points, a
// third win in a row 4 (a streak); a berserk player's clock is halved; a
// paused player waits unpaired; after the end no game starts and the
// arena finishes once its games have ended.
func TestArenaPairsScoresStreaksBerserkAndPause(t *testing.T) {
	clock := &fakeClock{t: time.Now()}
	h := newTournamentHarness(t, clock, nil)
	ps := signUpPlayers(t, h.http.URL, "ar", 4)
	id := ps[0].createTournament(map[string]any{"kind": "arena", "name": "Arena", "game": "toy",
		"clock": map[string]any{"initialMs": 60000, "incrementMs": 2000}, "minutes": 30,
		"startsAt": clock.now().Add(time.Minute).UnixMilli()})
	for _, p := range ps {
		if code, out := p.post("/api/tournaments/"+id+"/join", nil); code != 200 {
			t.Fatalf("join: %d %v", code, out)
		}
	}
	if code, out := ps[0].post("/api/tournaments/"+id+"/berserk", map[string]any{"on": true}); code != 200 {
		t.Fatalf("berserk: %d %v", code, out)
	}
	clock.add(time.Minute)
	lastOpp := map[string]string{}
	// ar1 wins every game; in the others the second seat resigns.
	for round := 1; round <= 3; round++ {
		h.tick()
		v := ps[0].tournament(id)
		playing := 0
		for _, g := range v.Games {
			if g.Status == "over" {
				continue
			}
			playing++
			a, b := g.Players[0], g.Players[1]
			if lastOpp[a] == b {
				t.Errorf("round %d: %s and %s met again at once", round, a, b)
			}
			lastOpp[a], lastOpp[b] = b, a
			loser := 1
			if g.Players[1] == "ar1" {
				loser = 0
			}
			for seat, name := range g.Players {
				if name != "ar1" {
					continue
				}
				if !g.Berserk[seat] {
					t.Errorf("round %d: ar1's berserk is not marked", round)
				}
				tb, unlock, _ := h.srv.hall.Locked(g.ID)
				left, inc := tb.Clock.Remaining[seat], tb.Def.Clock.Increment
				other := tb.Clock.Remaining[1-seat]
				unlock()
				if left != 30*time.Second || other != time.Minute || inc != 2*time.Second {
					t.Errorf("round %d: berserk clock %v against %v", round, left, other)
				}
			}
			p := byName(ps, "ar", g.Players[loser])
			p.act(g.ID, p.tournament(id).Me.Token, map[string]any{"type": "resign"})
		}
		if playing != 2 {
			t.Fatalf("round %d: %d games under way", round, playing)
		}
		ps[0].waitTournament(id, "the games' ends", func(v tournamentView) bool {
			for _, g := range v.Games {
				if g.Status != "over" {
					return false
				}
			}
			return true
		})
	}
	v := ps[0].tournament(id)
	first := v.Standings[0]
	if first.Name != "ar1" || first.Score != 2+2+4 || first.Streak != 3 || first.Berserks != 3 || first.Games != 3 {
		t.Fatalf("the winner's standing: %+v", first)
	}
	// Paused, ar1 is not paired; the other three are, one of them waits.
	if code, out := ps[0].post("/api/tournaments/"+id+"/pause", nil); code != 200 {
		t.Fatalf("pause: %d %v", code, out)
	}
	h.tick()
	v = ps[0].tournament(id)
	if v.Me == nil || v.Me.State != "paused" || v.Me.Game != "" {
		t.Fatalf("paused: %+v", v.Me)
	}
	under := 0
	for _, g := range v.Games {
		if g.Status != "over" {
			under++
			if v.Featured != g.ID {
				t.Errorf("the one game under way is not featured: %q", v.Featured)
			}
		}
	}
	if under != 1 {
		t.Fatalf("with ar1 paused: %d games", under)
	}
	// Past the end nobody is paired, and the arena ends with its last game.
	if code, _ := ps[0].post("/api/tournaments/"+id+"/join", nil); code != 200 {
		t.Fatal("joining again after a pause")
	}
	clock.add(31 * time.Minute)
	h.tick()
	v = ps[0].tournament(id)
	if v.Status != "started" || len(v.Games) != 7 {
		t.Fatalf("past the end with a game under way: %s, %d games", v.Status, len(v.Games))
	}
	for _, g := range v.Games {
		if g.Status != "over" {
			// The clock's jump may have ended it on time already.
			p := byName(ps, "ar", g.Players[0])
			p.resignOrOver(g.ID, p.tournament(id).Me.Token)
		}
	}
	ps[0].waitTournament(id, "the last game's end", func(v tournamentView) bool { return v.Games[6].Status == "over" })
	h.tick()
	if v := ps[0].tournament(id); v.Status != "finished" {
		t.Fatalf("after its end: %s", v.Status)
	}
}

// An arena player who never makes a first move loses the game and is
// paused, so that the arena does not pair them again in their absence;
// the opponent scores the win.
func TestArenaNoShowIsPaused(t *testing.T) {
	clock := &fakeClock{t: time.Now()}
	h := newTournamentHarness(t, clock, nil)
	ps := signUpPlayers(t, h.http.URL, "an", 2)
	id := ps[0].createTournament(map[string]any{"kind": "arena", "name": "Absent", "game": "toy",
		"clock": map[string]any{"initialMs": 60000}, "minutes": 30, "noShowSeconds": 1})
	for _, p := range ps {
		if code, out := p.post("/api/tournaments/"+id+"/join", nil); code != 200 {
			t.Fatalf("join: %d %v", code, out)
		}
	}
	h.tick()
	v := ps[0].waitTournament(id, "the no-show's loss", func(v tournamentView) bool {
		return len(v.Games) == 1 && v.Games[0].Status == "over"
	})
	absent, present := v.Games[0].Players[0], v.Games[0].Players[1]
	h.tick()
	v = ps[0].tournament(id)
	if len(v.Games) != 1 {
		t.Fatalf("the absent player was paired again: %d games", len(v.Games))
	}
	for _, s := range v.Standings {
		if s.Name == absent && (s.State != "paused" || s.Score != 0) || s.Name == present && (s.State != "active" || s.Score != 2) {
			t.Errorf("standing %+v", s)
		}
	}
}
