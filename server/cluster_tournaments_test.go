package server

import (
	"context"
	"slices"
	"testing"
	"time"

	"wyrm/internal/pgtest"
	"wyrm/server/account"
)

// startTournamentNode is a node with accounts whose tournament director
// looks every 100 ms and holds a lease of a second.
func startTournamentNode(t *testing.T, url, name string) *harness {
	t.Helper()
	return startNodeWith(t, url, name, func(c *Config) {
		openTestAccounts(t, c, account.Config{})
		c.Tournaments.Every, c.Tournaments.LeaseTTL = 100*time.Millisecond, time.Second
		c.Limits.ReadsPerMinute, c.Limits.ReadsBurst = 60000, 10000 // the test polls the standings
	})
}

// director is the node directing tournament id, as the database says.
func director(t *testing.T, h *harness, id string) string {
	t.Helper()
	var node string
	if err := h.st.QueryRowContext(context.Background(), "SELECT director FROM tournaments WHERE id = ?", id).Scan(&node); err != nil {
		t.Fatal(err)
	}
	return node
}

// One node directs a tournament at a time; when it dies mid-round, another
// takes its lease over once it lapses and carries on from the stored
// state: the round's games (moved to the living node) end there and are
// scored, and the next round is paired without a pairing lost or repeated.
func TestClusterTournamentDirectorFailover(t *testing.T) {
	url := pgtest.NewDB(t)
	nodes := map[string]*harness{"a": startTournamentNode(t, url, "a"), "b": startTournamentNode(t, url, "b")}
	base := nodes["a"].http.URL
	ps := signUpPlayers(t, base, "fo", 4)
	id := ps[0].createTournament(map[string]any{"kind": "swiss", "name": "Failover", "game": "toy",
		"clock": map[string]any{"initialMs": 600000}, "rounds": 2, "pauseSeconds": 1,
		"startsAt": time.Now().Add(2 * time.Second).UnixMilli()})
	for _, p := range ps {
		if code, out := p.post("/api/tournaments/"+id+"/join", nil); code != 200 {
			t.Fatalf("join: %d %v", code, out)
		}
	}
	v := ps[0].waitTournament(id, "round 1", func(v tournamentView) bool { return v.Round == 1 && len(v.Games) == 2 })
	first := director(t, nodes["a"], id)
	survivor := map[string]string{"a": "b", "b": "a"}[first]
	if nodes[first] == nil {
		t.Fatalf("directed by %q", first)
	}
	nodes[first].crash()
	// The players carry on through the living node.
	live := nodes[survivor].http.URL
	for _, p := range ps {
		p.base = live
	}
	met := map[string]string{}
	for _, g := range v.Games {
		met[g.Players[0]], met[g.Players[1]] = g.Players[1], g.Players[0]
		loser := byName(ps, "fo", g.Players[1])
		deadline := time.Now().Add(20 * time.Second)
		for {
			// The game reaches the living node once its lease lapses.
			if code, _ := loser.get("/api/games/" + g.ID); code == 200 {
				break
			}
			if time.Now().After(deadline) {
				t.Fatalf("game %s never reached node %s", g.ID, survivor)
			}
			time.Sleep(100 * time.Millisecond)
		}
		loser.act(g.ID, loser.tournament(id).Me.Token, map[string]any{"type": "resign"})
	}
	v = ps[0].waitTournament(id, "round 2 from the new director", func(v tournamentView) bool { return v.Round == 2 && len(v.Games) == 4 })
	if d := director(t, nodes[survivor], id); d != survivor {
		t.Fatalf("round 2 directed by %q, not %q", d, survivor)
	}
	var round2 []string
	for _, g := range v.Games {
		switch g.Round {
		case 1:
			if g.Status != "over" || !slices.Equal(g.Points, []int{2, 0}) {
				t.Errorf("a round-1 game lost its result: %+v", g)
			}
		case 2:
			if met[g.Players[0]] == g.Players[1] {
				t.Errorf("round 2 repeats round 1's pairing %v", g.Players)
			}
			round2 = append(round2, g.Players...)
		}
	}
	slices.Sort(round2)
	if !slices.Equal(round2, []string{"fo1", "fo2", "fo3", "fo4"}) {
		t.Errorf("round 2 seats %v", round2)
	}
}
