package cluster

import (
	"context"
	"errors"
	"fmt"
	"net/http"
	"net/http/httptest"
	"sync/atomic"
	"testing"
	"time"

	"wyrm/server/store"
)

// balanceStore is the part of a shared store a balance round uses: the
// nodes' counts, and a Release that fails while the database is busy.
type balanceStore struct {
	store.Cluster // nil: any other call fails the test by panicking
	loads         []store.NodeLoad
	busy          bool
	released      atomic.Int32
}

func (s *balanceStore) Loads(context.Context, time.Duration) ([]store.NodeLoad, error) {
	return s.loads, nil
}

func (s *balanceStore) Release(ctx context.Context, id, node string, term int64) error {
	if s.busy {
		return errors.New("database busy")
	}
	s.released.Add(1)
	return nil
}

// balancingNode is node "a" holding n games, beside an empty node "b"
// whose take requests t answers.
func balancingNode(t *testing.T, n int, busy bool) (*Node, *balanceStore, []*fakeGame) {
	t.Helper()
	peer := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) { w.Write([]byte(`{"ok":true}`)) }))
	t.Cleanup(peer.Close)
	st := &balanceStore{busy: busy, loads: []store.NodeLoad{{Node: "a", Addr: "http://node-a", Games: n}, {Node: "b", Addr: peer.URL}}}
	host := &fakeHost{games: map[string]Game{}}
	node := testNode(host)
	node.st = st
	var games []*fakeGame
	for i := range n {
		g := &fakeGame{id: fmt.Sprintf("g%02d", i), listed: true}
		games = append(games, g)
		host.games[g.id] = g
		node.held[g.id] = 1
	}
	return node, st, games
}

func evicted(games []*fakeGame) int {
	n := 0
	for _, g := range games {
		n += g.evicted
	}
	return n
}

// TestBalanceHandsOverABatch: a node with 40 games beside an empty one
// hands over its excess, at most balanceBatch in a round.
func TestBalanceHandsOverABatch(t *testing.T) {
	node, st, games := balancingNode(t, 40, false)
	node.balance()
	if got := evicted(games); got != balanceBatch || st.released.Load() != balanceBatch {
		t.Errorf("%d games stopped, %d released; want %d of each", got, st.released.Load(), balanceBatch)
	}
}

// TestBalanceStopsAtAFailedHandover: when the database cannot release a
// game, the round stops there. (It went on, stopping every game it held
// and releasing none, so that all of them waited a lease time for the
// orphan scan: under load a node dropped thousands of games at once.)
func TestBalanceStopsAtAFailedHandover(t *testing.T) {
	node, st, games := balancingNode(t, 40, true)
	node.balance()
	if got := evicted(games); got != 1 || st.released.Load() != 0 {
		t.Errorf("%d games stopped, %d released; want the round to stop at the first failure", got, st.released.Load())
	}
}

// TestPlacementKeepsGamesWithinASlack: among many games a node keeps a
// new game while it holds less than a twentieth of the fair share more
// than the emptiest node, and sends it there beyond that; among few games
// it sends it to any node holding fewer.
func TestPlacementKeepsGamesWithinASlack(t *testing.T) {
	for _, c := range []struct {
		self, other int
		forward     bool
	}{
		{3, 2, true},        // few games: the emptier node takes it
		{2, 2, false},       // level: here
		{6050, 5800, false}, // fair share 5925, slack 296: here
		{6100, 5700, true},  // 400 more than the emptiest: there
		{5700, 6100, false}, // the emptiest itself
	} {
		node := testNode(&fakeHost{})
		node.loads = []store.NodeLoad{{Node: "a", Games: c.self}, {Node: "b", Addr: "http://node-b", Games: c.other}}
		to, forward := node.leastLoaded()
		if forward != c.forward || forward && to.Node != "b" {
			t.Errorf("a %d, b %d: forward %v to %q, want %v", c.self, c.other, forward, to.Node, c.forward)
		}
	}
}
