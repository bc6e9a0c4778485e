package server

import (
	"fmt"
	"testing"
	"time"

	"wyrm/internal/pgtest"
	"wyrm/server/play"
	"wyrm/server/table"
)

// A node that joins takes a fair share of the unfinished games: the busy
// node hands them over between moves, and every game plays on, through
// either node.
func TestClusterJoiningNodeTakesAFairShare(t *testing.T) {
	url := pgtest.NewDB(t)
	a := startNode(t, url, "a")
	var games []play.CreateResponse
	for range 8 {
		games = append(games, a.create(play.CreateRequest{Game: "toy", Seats: []table.Seat{{Kind: table.SeatLocal}, {Kind: table.SeatLocal}}}))
	}
	// One game is finished: it counts for nobody's share.
	c := a.dial(games[7].ID, games[7].Tokens[0])
	c.send(map[string]any{"type": "resign", "id": 2})
	c.expect("ack")
	b := startNode(t, url, "b")
	// Balancing runs once a lease time and hands games over between
	// moves: on a loaded machine that is a few rounds.
	var seen []string
	defer func() {
		if t.Failed() {
			t.Logf("b's counts while waiting: %v", seen)
		}
	}()
	waitForWithin(t, 20*time.Second, "b to take a fair share", func() bool {
		sa, sb := a.srv.hall.Cluster().Stats(), b.srv.hall.Cluster().Stats()
		if k := fmt.Sprintf("a%d/b%d/h%d/n%d", sa.Owned, sb.Owned, sa.HandedOver, sa.Nodes); len(seen) == 0 || seen[len(seen)-1] != k {
			seen = append(seen, k)
		}
		return sb.Owned == 3
	})
	// The share is what counts. Most games move by handover, but on a
	// loaded machine a game a handed over may reach b through b's orphan
	// scan instead of a's request, so the handovers are only bounded.
	if s := a.srv.hall.Cluster().Stats(); s.HandedOver < 1 || s.HandedOver > 3 {
		t.Errorf("a handed over %d games, want 1 to 3", s.HandedOver)
	}
	for i, g := range games[:7] {
		via := []*harness{a, b}[i%2]
		p := via.dial(g.ID, g.Tokens[0], g.Tokens[1])
		p.send(map[string]any{"type": "move", "move": "c1c2", "id": 9})
		p.expect("ack")
		if log := storedLog(t, a, g.ID); len(log) != 1 || log[0].Data != "c1c2" {
			t.Errorf("game %d after the handover: %+v", i, log)
		}
	}
	if n := b.srv.hall.Cluster().Stats().Owned; n != 3 {
		t.Errorf("b holds %d games after play, want 3", n)
	}
}

// New games are made on the node with the fewest, whichever node the
// client asked.
func TestClusterPlacesNewGamesOnTheLeastLoadedNode(t *testing.T) {
	url := pgtest.NewDB(t)
	a, b := startNode(t, url, "a"), startNode(t, url, "b")
	waitFor(t, "a to count both nodes", func() bool { return a.srv.hall.Cluster().Stats().Nodes == 2 })
	on := map[string]int{}
	for range 6 {
		code, cr := a.post("/api/games", map[string]any{"game": "toy", "seats": []map[string]any{{"kind": "local"}, {"kind": "local"}}})
		id, _ := cr["id"].(string)
		if code != 201 || id == "" {
			t.Fatalf("create through a: %d %v", code, cr)
		}
		switch {
		case a.srv.session(id) != nil:
			on["a"]++
		case b.srv.session(id) != nil:
			on["b"]++
		default:
			t.Fatalf("game %s is served by neither node", id)
		}
	}
	if on["a"] != 3 || on["b"] != 3 {
		t.Errorf("six games through a went %v; want three each", on)
	}
}
