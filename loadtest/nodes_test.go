package loadtest

import (
	"context"
	"log/slog"
	"net"
	"net/http"
	"os"
	"strings"
	"testing"
	"time"

	"wyrm/games"
	"wyrm/internal/pgtest"
	"wyrm/server"
	"wyrm/server/store"
)

func TestMain(m *testing.M) { os.Exit(pgtest.Main(m)) }

// startNode runs one node of a cluster on the database at url.
func startNode(t *testing.T, url, name string) string {
	t.Helper()
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	base := "http://" + ln.Addr().String()
	st, err := store.Open(url)
	if err != nil {
		t.Fatal(err)
	}
	srv, err := server.New(server.Config{Store: st, Games: games.All(), Log: slog.New(slog.DiscardHandler), ProxyHeader: "X-Forwarded-For",
		Node: name, Cluster: &server.ClusterConfig{Advertise: base}})
	if err != nil {
		t.Fatal(err)
	}
	hs := &http.Server{Handler: srv.Handler()}
	go hs.Serve(ln)
	t.Cleanup(func() {
		ctx, cancel := context.WithTimeout(context.Background(), 5*time.Second)
		defer cancel()
		hs.Shutdown(ctx)
		srv.Close()
		st.Close()
	})
	return base
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
	if st.Nodes != 2 || st.Forwarded == 0 {
		t.Errorf("%d nodes, %v requests forwarded; want 2 and some", st.Nodes, st.Forwarded)
	}
	if st.Connections < 20 {
		t.Errorf("the nodes report %v websockets together, want at least 20", st.Connections)
	}
	if st.ServerCPU <= 0 || st.CostPerMove() <= 0 {
		t.Errorf("no CPU time measured: %v", st.ServerCPU)
	}
}
