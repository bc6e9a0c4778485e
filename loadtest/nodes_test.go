package loadtest

import (
	"context"
	"os"
	"strings"
	"testing"
	"time"

	"wyrm/internal/pgtest"
	"wyrm/server/cluster"
)

func TestMain(m *testing.M) { os.Exit(pgtest.Main(m)) }

// startNode runs one node of a cluster on the database at url.
func startNode(t *testing.T, url, name string) string {
	t.Helper()
	return serveOn(t, url, name, func(base string) *cluster.Config { return &cluster.Config{Advertise: base} })
}

// TestSeveralNodes plays through two nodes of one cluster: the games and
// seats are spread over both, so that many seats reach their game through
// the other node, and the report adds both nodes' counts.
func TestSeveralNodes(t *testing.T) {
	url := pgtest.NewDB(t)
	addrs := []string{startNode(t, url, "n1"), startNode(t, url, "n2")}
	var progress strings.Builder
	st, err := Run(context.Background(), Config{Addrs: addrs, Games: 20, Duration: 3 * time.Second, Think: 100 * time.Millisecond,
		MaxPlies: 8, Seed: 3, ServerPID: os.Getpid(), ClientHeader: "X-Forwarded-For"}, &progress)
	if err != nil {
		t.Fatal(err)
	}
	t.Log(progress.String())
	if st.ErrorCount() != 0 || st.Moves < 50 {
		t.Errorf("%d moves, errors %v", st.Moves, st.Errors)
	}
	if st.Nodes != 2 || st.Forwarded == 0 || st.ForwardedSockets == 0 {
		t.Errorf("%d nodes, %v requests forwarded (%v websockets); want 2 and some", st.Nodes, st.Forwarded, st.ForwardedSockets)
	}
	if st.Connections < 20 {
		t.Errorf("the nodes report %v websockets together, want at least 20", st.Connections)
	}
	if st.ServerCPU <= 0 || st.CostPerMove() <= 0 {
		t.Errorf("no CPU time measured: %v", st.ServerCPU)
	}
}

// TestSeveralNodesDirect routes each game's websockets to its owner, as
// the answers name it and a proxy routing on the ?node= hint would: no
// websocket goes through the other node.
func TestSeveralNodesDirect(t *testing.T) {
	url := pgtest.NewDB(t)
	addrs := []string{startNode(t, url, "n1"), startNode(t, url, "n2")}
	var progress strings.Builder
	st, err := Run(context.Background(), Config{Addrs: addrs, Direct: true, Games: 20, Duration: 3 * time.Second, Think: 100 * time.Millisecond,
		MaxPlies: 8, Seed: 3, ServerPID: os.Getpid(), ClientHeader: "X-Forwarded-For"}, &progress)
	if err != nil {
		t.Fatal(err)
	}
	t.Log(progress.String())
	if st.ErrorCount() != 0 || st.Moves < 50 {
		t.Errorf("%d moves, errors %v", st.Moves, st.Errors)
	}
	if st.Nodes != 2 || st.ForwardedSockets != 0 {
		t.Errorf("%d nodes, %v websockets forwarded; want 2 and none", st.Nodes, st.ForwardedSockets)
	}
}

// TestSeatsFollowTheirGameToANewNode starts a second node while games are
// being played on the first: the first hands part of its games over, and
// their seats (whose connections it closes) connect again and go on, as
// the page does, so the handovers cost round-trip time but no errors and
// no lost or doubled moves (a doubled move would be refused as illegal or
// stale and show as an error).
func TestSeatsFollowTheirGameToANewNode(t *testing.T) {
	url := pgtest.NewDB(t)
	fast := func(base string) *cluster.Config { return &cluster.Config{Advertise: base, LeaseTTL: time.Second} }
	first := serveOn(t, url, "n1", fast)
	type result struct {
		st  Step
		err error
	}
	done := make(chan result, 1)
	var progress strings.Builder
	go func() {
		st, err := Run(context.Background(), Config{Addrs: []string{first}, Games: 20, Duration: 5 * time.Second, Think: 100 * time.Millisecond,
			MaxPlies: 1000, Seed: 5, ClientHeader: "X-Forwarded-For"}, &progress)
		done <- result{st, err}
	}()
	time.Sleep(time.Second) // the games are connected and playing on n1
	serveOn(t, url, "n2", fast)
	r := <-done
	if r.err != nil {
		t.Fatal(r.err)
	}
	t.Log(progress.String())
	if r.st.ErrorCount() != 0 || r.st.Moves < 100 {
		t.Errorf("%d moves, errors %v", r.st.Moves, r.st.Errors)
	}
	if r.st.Reconnects == 0 || r.st.ForwardedSockets == 0 {
		t.Errorf("%d seats reconnected, %v websockets passed on to n2: want games handed over and followed", r.st.Reconnects, r.st.ForwardedSockets)
	}
}
