package tv

import (
	"bufio"
	"context"
	"encoding/json"
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"
	"time"

	"wyrm/server/httpkit"
	"wyrm/server/lobby"
)

// newTestAPI serves a TV of the toy game and another, on a lobby, with a
// pause longer than the stream's least time between pushes.
func newTestAPI(t *testing.T, conns int) (*lobby.Lobby, *httptest.Server) {
	t.Helper()
	l := lobby.New()
	tv := New(Config{Games: []Game{{Name: "toy", Title: "Toy"}, {Name: "other", Title: "Other"}}, Lobby: l, Pause: 1500 * time.Millisecond})
	t.Cleanup(tv.Close)
	mux := httpkit.NewMux()
	done := make(chan struct{})
	(&API{TV: tv, Limits: httpkit.NewLimiters(httpkit.Limits{Conns: conns}), Done: done}).Routes(mux)
	srv := httptest.NewServer(mux)
	t.Cleanup(func() { close(done); srv.Close() })
	return l, srv
}

// readEvents reads the stream's "tv" events into a channel.
func readEvents(t *testing.T, resp *http.Response) <-chan []Channel {
	out := make(chan []Channel, 16)
	go func() {
		sc := bufio.NewScanner(resp.Body)
		sc.Buffer(nil, 1<<20)
		for sc.Scan() {
			if data, ok := strings.CutPrefix(sc.Text(), "data: "); ok {
				var m struct{ Channels []Channel }
				if json.Unmarshal([]byte(data), &m) == nil {
					out <- m.Channels
				}
			}
		}
		close(out)
	}()
	return out
}

// The stream tells of every channel at once, then of each change: a game
// put on, and once it ends its result, then nothing.
func TestEventStreamFollowsTheChannels(t *testing.T) {
	l, srv := newTestAPI(t, 4)
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	req, _ := http.NewRequestWithContext(ctx, "GET", srv.URL+"/api/tv/events", nil)
	resp, err := http.DefaultClient.Do(req)
	if err != nil {
		t.Fatal(err)
	}
	defer resp.Body.Close()
	if ct := resp.Header.Get("Content-Type"); ct != "text/event-stream" {
		t.Fatalf("content type %q", ct)
	}
	events := readEvents(t, resp)
	next := func(what string, ok func(toy Channel) bool) {
		t.Helper()
		for {
			select {
			case chs, open := <-events:
				if !open {
					t.Fatalf("the stream ended waiting for %s", what)
				}
				if len(chs) != 2 || chs[0].Game != "toy" || chs[1].Game != "other" {
					t.Fatalf("channels %+v", chs)
				}
				if ok(chs[0]) {
					return
				}
			case <-time.After(5 * time.Second):
				t.Fatalf("waiting for %s", what)
			}
		}
	}
	next("nothing on", func(c Channel) bool { return c.Featured == nil })
	g := game("g1", 1, "a1500", "a1500")
	l.Set(*g)
	next("g1 on", func(c Channel) bool { return c.Featured != nil && c.Featured.ID == "g1" })
	over := ended(g)
	over.Version = 1
	l.Set(over)
	next("g1's result", func(c Channel) bool { return c.Featured != nil && c.Featured.Result != "" && c.Until != 0 })
	next("nothing after the pause", func(c Channel) bool { return c.Featured == nil })
}

// /tv leads to the first channel with a game on, else to the first.
func TestTuneLeadsToAChannel(t *testing.T) {
	l, srv := newTestAPI(t, 4)
	noFollow := &http.Client{CheckRedirect: func(*http.Request, []*http.Request) error { return http.ErrUseLastResponse }}
	where := func() string {
		t.Helper()
		resp, err := noFollow.Get(srv.URL + "/tv")
		if err != nil {
			t.Fatal(err)
		}
		resp.Body.Close()
		if resp.StatusCode != http.StatusFound {
			t.Fatalf("/tv: %d", resp.StatusCode)
		}
		return resp.Header.Get("Location")
	}
	if got := where(); got != "/tv/toy" {
		t.Fatalf("nothing on: led to %q", got)
	}
	g := game("g1", 1, "a1500", "a1500")
	g.Game = "other"
	l.Set(*g)
	if got := where(); got != "/tv/other" {
		t.Fatalf("a game on the other channel: led to %q", got)
	}
}

// A client's streams count against its connections; past them it is
// refused with why. An unknown game's channel is not found.
func TestStreamsCountAgainstTheConnections(t *testing.T) {
	_, srv := newTestAPI(t, 1)
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	req, _ := http.NewRequestWithContext(ctx, "GET", srv.URL+"/api/tv/events", nil)
	first, err := http.DefaultClient.Do(req)
	if err != nil {
		t.Fatal(err)
	}
	defer first.Body.Close()
	<-readEvents(t, first) // open and counted
	second, err := http.Get(srv.URL + "/api/tv/events")
	if err != nil {
		t.Fatal(err)
	}
	var e struct{ Error string }
	json.NewDecoder(second.Body).Decode(&e)
	second.Body.Close()
	if second.StatusCode != http.StatusTooManyRequests || !strings.Contains(e.Error, "too many connections") {
		t.Fatalf("a second stream: %d %q", second.StatusCode, e.Error)
	}
	resp, err := http.Get(srv.URL + "/api/tv/nosuch")
	if err != nil {
		t.Fatal(err)
	}
	json.NewDecoder(resp.Body).Decode(&e)
	resp.Body.Close()
	if resp.StatusCode != http.StatusNotFound || !strings.Contains(e.Error, "nosuch") {
		t.Fatalf("an unknown game: %d %q", resp.StatusCode, e.Error)
	}
}
