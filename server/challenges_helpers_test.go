package server

import (
	"bufio"
	"context"
	"encoding/json"
	"net/http"
	"strings"
	"testing"
	"time"

	"wyrm/game"
	"wyrm/internal/toysetup"
	"wyrm/server/account"
	"wyrm/server/challenge"
	"wyrm/server/table"
)

// newChallengeHarness is a server with accounts (and so challenges) on
// SQLite; set changes its Config first.
func newChallengeHarness(t *testing.T, set func(*Config)) *harness {
	return newHarnessWith(t, "", func(c *Config) {
		openTestAccounts(t, c, account.Config{})
		if set != nil {
			set(c)
		}
	}, toysetup.Game{})
}

// sseEvent is one server-sent event, or one NDJSON line (name "").
type sseEvent struct {
	name string
	data string
}

// json decodes the event's data.
func (e sseEvent) json() map[string]any {
	var m map[string]any
	json.Unmarshal([]byte(e.data), &m)
	return m
}

// eventReader reads an event stream in the background.
type eventReader struct {
	t      *testing.T
	events chan sseEvent
	cancel func()
	done   chan struct{}
}

// listen opens the event stream at base+path with b's cookies (b may be
// nil for a guest); accept sets the Accept header.
func listen(t *testing.T, b *browserClient, base, path, accept string) *eventReader {
	t.Helper()
	ctx, cancel := context.WithCancel(context.Background())
	req, _ := http.NewRequestWithContext(ctx, "GET", base+path, nil)
	if accept != "" {
		req.Header.Set("Accept", accept)
	}
	hc := http.DefaultClient
	if b != nil {
		hc = b.hc
	}
	resp, err := hc.Do(req)
	if err != nil {
		cancel()
		t.Fatal(err)
	}
	if resp.StatusCode != 200 {
		cancel()
		resp.Body.Close()
		t.Fatalf("%s: %d", path, resp.StatusCode)
	}
	er := &eventReader{t: t, events: make(chan sseEvent, 256), cancel: cancel, done: make(chan struct{})}
	go func() {
		defer close(er.done)
		defer resp.Body.Close()
		sc := bufio.NewScanner(resp.Body)
		var ev sseEvent
		for sc.Scan() {
			line := sc.Text()
			switch {
			case strings.HasPrefix(line, "{"): // NDJSON
				er.events <- sseEvent{data: line}
			case strings.HasPrefix(line, "event: "):
				ev.name = strings.TrimPrefix(line, "event: ")
			case strings.HasPrefix(line, "data: "):
				ev.data = strings.TrimPrefix(line, "data: ")
			case line == "" && ev.name != "":
				er.events <- ev
				ev = sseEvent{}
			}
		}
	}()
	t.Cleanup(er.close)
	return er
}

// close hangs up and waits for the reader to end.
func (er *eventReader) close() {
	er.cancel()
	<-er.done
}

// wait reads events until ok accepts one, and returns it.
func (er *eventReader) wait(what string, ok func(sseEvent) bool) sseEvent {
	er.t.Helper()
	timeout := time.After(10 * time.Second)
	for {
		select {
		case ev := <-er.events:
			if ok(ev) {
				return ev
			}
		case <-timeout:
			er.t.Fatalf("no %s within 10 s", what)
			return sseEvent{}
		}
	}
}

// named accepts events of that name.
func named(name string) func(sseEvent) bool {
	return func(ev sseEvent) bool { return ev.name == name }
}

// stream is a player's open event stream and its secret.
type stream struct {
	*eventReader
	secret string
}

// openStream opens b's event stream at base (b nil: a guest's) and reads
// its hello.
func openStream(t *testing.T, b *browserClient, base string) *stream {
	t.Helper()
	er := listen(t, b, base, "/api/stream/events", "")
	hello := er.wait("hello", named("hello")).json()
	return &stream{eventReader: er, secret: hello["stream"].(string)}
}

// seekBody is a casual seek of the toy game from stream s, with changes.
func seekBody(s *stream, set func(*challenge.Request)) challenge.Request {
	req := challenge.Request{Game: "toy", Clock: table.TimeControl{Initial: 300000 * time.Millisecond, Increment: 3000 * time.Millisecond}, Stream: s.secret}
	if set != nil {
		set(&req)
	}
	return req
}

// eventually retries cond for a few seconds.
func eventually(t *testing.T, what string, cond func() bool) {
	t.Helper()
	for deadline := time.Now().Add(10 * time.Second); !cond(); time.Sleep(20 * time.Millisecond) {
		if time.Now().After(deadline) {
			t.Fatalf("%s: not within 10 s", what)
		}
	}
}

// seekIDs lists the ids of the open seeks b sees.
func seekIDs(b *browserClient) []string {
	_, out := b.get("/api/challenges")
	var ids []string
	list, _ := out["seeks"].([]any)
	for _, s := range list {
		ids = append(ids, s.(map[string]any)["id"].(string))
	}
	return ids
}

// checkChallenge checks a request as POST /api/challenges does; it needs
// no accounts, so tests call it on any server.
func (srv *Server) checkChallenge(req challenge.Request, signedIn bool) (game.Game, challenge.Terms, error) {
	return challenge.Check(srv.hall.Challenges(), srv.minClock, req, signedIn)
}

// challengeView is what clients see of c on srv.
func (srv *Server) challengeView(c challenge.Challenge) (challenge.View, error) {
	return challenge.ViewOf(srv.hall.Challenges(), c)
}
