package e2e

import (
	"encoding/json"
	"net/http"
	"testing"

	"wyrm/internal/balancer"
	"wyrm/internal/pgtest"
)

// owned is how many games a node holds, from its health answer.
func owned(t *testing.T, s *server) int {
	t.Helper()
	resp, err := http.Get(s.URL + "healthz")
	if err != nil {
		t.Fatal(err)
	}
	defer resp.Body.Close()
	var h struct{ Owned int }
	if err := json.NewDecoder(resp.Body).Decode(&h); err != nil {
		t.Fatal(err)
	}
	return h.Owned
}

// TestReconnectsToAnotherNode: two nodes on one PostgreSQL behind one
// address; the node holding the game dies mid-game (SIGKILL). The page,
// never reloaded, reconnects through the same address to the other node,
// which has taken the game over, and play goes on with nothing lost.
func TestReconnectsToAnotherNode(t *testing.T) {
	chromiumPath(t)
	db := pgtest.NewDB(t)
	nodes := []*server{startServer(t, db, "", "-node", "n1"), startServer(t, db, "", "-node", "n2")}
	lb, err := balancer.Start([]string{nodes[0].addr, nodes[1].addr})
	if err != nil {
		t.Fatal(err)
	}
	defer lb.Close()
	front := &server{t: t, URL: lb.URL() + "/"}
	b := newBrowser(t)
	b.create(front, pickGame(t, front), nil, "local", "local")
	b.playMove()
	b.playMove()
	owner := nodes[0]
	if owned(t, nodes[1]) == 1 {
		owner = nodes[1]
	}
	if owned(t, owner) != 1 {
		t.Fatal("neither node holds the game")
	}
	owner.kill()
	b.waitJS("disconnect noticed", `document.getElementById('conn').textContent.includes('reconnecting')`)
	b.waitJS("reconnected", `document.getElementById('conn').textContent === ''`)
	b.waitPlies(2)
	b.playMove()
	b.waitPlies(3)
}
