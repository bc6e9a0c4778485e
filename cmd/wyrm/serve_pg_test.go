package main

import (
	"context"
	"encoding/json"
	"io"
	"log/slog"
	"net/http"
	"os"
	"strings"
	"testing"
	"time"

	"wyrm/internal/pgtest"
)

// TestMain stops the PostgreSQL test cluster, if a test started one. With
// $WYRM_TEST_AS_WYRM set, the test binary is wyrm itself (its arguments a
// wyrm command line): tests start it as a UCI engine (bot_test.go).
func TestMain(m *testing.M) {
	if os.Getenv(asWyrm) == standIn {
		os.Exit(runStandIn())
	}
	if os.Getenv(asWyrm) != "" {
		os.Exit(run(os.Args[1:], os.Stdin, os.Stdout, os.Stderr))
	}
	os.Exit(pgtest.Main(m))
}

// runningServe is one `wyrm serve` run in-process.
type runningServe struct {
	url       string
	out, errb *syncBuffer
	stop      func() int // cancels the run and returns its exit code
}

func startServe(t *testing.T, db string) *runningServe {
	t.Helper()
	ctx, cancel := context.WithCancel(context.Background())
	r := &runningServe{out: &syncBuffer{}, errb: &syncBuffer{}}
	done := make(chan int, 1)
	go func() {
		done <- serve(ctx, serveConfig{addr: "127.0.0.1:0", db: db}, slog.New(slog.NewJSONHandler(r.errb, nil)), r.out, r.errb)
	}()
	r.stop = func() int {
		cancel()
		select {
		case code := <-done:
			return code
		case <-time.After(15 * time.Second):
			t.Fatal("serve did not stop")
			return -1
		}
	}
	for i := 0; i < 500 && r.url == ""; i++ {
		time.Sleep(10 * time.Millisecond)
		if s := r.out.String(); strings.Contains(s, "http://") {
			r.url = strings.Fields(s[strings.Index(s, "http://"):])[0]
		}
	}
	if r.url == "" {
		r.stop()
		t.Fatalf("no URL printed; stdout %q stderr %q", r.out.String(), r.errb.String())
	}
	return r
}

// post sends a JSON body and decodes the JSON answer into v.
func post(t *testing.T, url, body string, v any) {
	t.Helper()
	resp, err := http.Post(url, "application/json", strings.NewReader(body))
	if err != nil {
		t.Fatal(err)
	}
	defer resp.Body.Close()
	b, _ := io.ReadAll(resp.Body)
	if resp.StatusCode/100 != 2 || json.Unmarshal(b, v) != nil {
		t.Fatalf("POST %s: %d %s", url, resp.StatusCode, b)
	}
}

// With a postgres:// URL, serve keeps its games in PostgreSQL: a game and
// an action made in one run are there in the next, and the URL's password
// appears in no output.
func TestServeKeepsGamesInPostgres(t *testing.T) {
	db := strings.Replace(pgtest.NewDB(t), "postgres://postgres@", "postgres://postgres:hunter2@", 1)
	r := startServe(t, db)
	var created struct{ ID string }
	post(t, r.url+"api/games", `{"game":"dragon","seats":[{"kind":"local"},{"kind":"open"}]}`, &created)
	var joined struct{ Token string }
	post(t, r.url+"api/games/"+created.ID+"/join", `{"seat":1}`, &joined)
	if code := r.stop(); code != 0 {
		t.Fatalf("exit %d: %s", code, r.errb.String())
	}

	r = startServe(t, db)
	defer r.stop()
	resp, err := http.Get(r.url + "api/games/" + created.ID)
	if err != nil {
		t.Fatal(err)
	}
	body, _ := io.ReadAll(resp.Body)
	resp.Body.Close()
	if resp.StatusCode != 200 {
		t.Fatalf("game after restart: %d %s", resp.StatusCode, body)
	}
	// The join was replayed: the invited seat is taken, so joining it again
	// is refused.
	resp, err = http.Post(r.url+"api/games/"+created.ID+"/join", "application/json", strings.NewReader(`{"seat":1}`))
	if err != nil {
		t.Fatal(err)
	}
	resp.Body.Close()
	if resp.StatusCode != http.StatusConflict {
		t.Errorf("second join of seat 1 after restart: %d, want 409", resp.StatusCode)
	}
	for _, s := range []string{r.out.String(), r.errb.String()} {
		if strings.Contains(s, "hunter2") {
			t.Errorf("password in output: %s", s)
		}
	}
	if !strings.Contains(r.out.String(), "postgres://postgres:xxxxx@") {
		t.Errorf("stdout does not name the database: %s", r.out.String())
	}
}

// A postgres:// URL is never taken for a file name: an unreachable
// database stops serve with an error, and no file appears.
func TestServeRefusesUnreachablePostgres(t *testing.T) {
	dir := t.TempDir()
	t.Chdir(dir)
	var out, errb syncBuffer
	db := "postgres://nobody@/wyrm?host=" + dir + "/no-such-socket-dir&connect_timeout=5"
	code := serve(context.Background(), serveConfig{addr: "127.0.0.1:0", db: db}, slog.New(slog.DiscardHandler), &out, &errb)
	if code != 1 || !strings.Contains(errb.String(), "postgres") {
		t.Fatalf("exit %d, stderr %q; want 1 and a PostgreSQL error", code, errb.String())
	}
	if entries, _ := os.ReadDir(dir); len(entries) != 0 {
		t.Errorf("serve made %s", entries[0].Name())
	}
}
