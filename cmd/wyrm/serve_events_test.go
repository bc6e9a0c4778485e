package main

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"log/slog"
	"net/http"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"
)

// A scheduled event of the events file (wyrm serve --events) appears in the
// list of tournaments before it starts and starts on time.
func TestServeEventsFileSchedulesATournament(t *testing.T) {
	first := time.Now().Add(6 * time.Second).Truncate(time.Second)
	file := filepath.Join(t.TempDir(), "events.json")
	events := fmt.Sprintf(`{"events": [{"key": "hourly-blitz", "every": "1h", "announce": "30m", "first": %q,
		"tournament": {"kind": "arena", "name": "Hourly blitz", "game": "dragon", "rated": true,
			"clock": {"initialMs": 180000, "incrementMs": 2000}, "minutes": 45}}]}`, first.Format(time.RFC3339))
	if err := os.WriteFile(file, []byte(events), 0o600); err != nil {
		t.Fatal(err)
	}
	evs, err := tournamentEvents(file)
	if err != nil {
		t.Fatal(err)
	}
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	var out, errb syncBuffer
	done := make(chan int, 1)
	db := filepath.Join(t.TempDir(), "w.db")
	go func() {
		done <- serve(ctx, serveConfig{addr: "127.0.0.1:0", db: db, events: evs}, slog.New(slog.NewTextHandler(&errb, nil)), &out, &errb)
	}()
	t.Cleanup(func() {
		cancel()
		<-done
	})
	var url string
	for i := 0; i < 500 && url == ""; i++ {
		time.Sleep(10 * time.Millisecond)
		if s := out.String(); strings.Contains(s, "http://") {
			url = strings.Fields(s[strings.Index(s, "http://"):])[0]
		}
	}
	if url == "" {
		t.Fatalf("no URL printed; stderr %q", errb.String())
	}
	type view struct {
		ID        string `json:"id"`
		Name      string `json:"name"`
		StartsAt  int64  `json:"startsAt"`
		Status    string `json:"status"`
		Scheduled bool   `json:"scheduled"`
	}
	list := func() map[string][]view {
		resp, err := http.Get(url + "api/tournaments")
		if err != nil {
			t.Fatal(err)
		}
		defer resp.Body.Close()
		var l struct{ Upcoming, Running []view }
		if err := json.NewDecoder(resp.Body).Decode(&l); err != nil {
			t.Fatal(err)
		}
		return map[string][]view{"upcoming": l.Upcoming, "running": l.Running}
	}
	deadline := time.Now().Add(20 * time.Second)
	var up []view
	for len(up) == 0 && time.Now().Before(first) {
		up = list()["upcoming"]
		time.Sleep(100 * time.Millisecond)
	}
	if len(up) != 1 || up[0].Name != "Hourly blitz" || !up[0].Scheduled || up[0].StartsAt != first.UnixMilli() {
		t.Fatalf("before its start, upcoming: %+v (log %s)", up, errb.String())
	}
	for {
		l := list()
		if r := l["running"]; len(r) == 1 {
			if r[0].ID != up[0].ID || r[0].Status != "started" {
				t.Fatalf("running: %+v", r)
			}
			if late := time.Now().Sub(first); late < 0 || late > 5*time.Second {
				t.Fatalf("started %v after its time", late)
			}
			// The next hour's event is not listed yet: it is announced
			// half an hour before.
			if len(l["upcoming"]) != 0 {
				t.Errorf("upcoming after the start: %+v", l["upcoming"])
			}
			break
		}
		if time.Now().After(deadline) {
			t.Fatalf("not started by %v: %+v", time.Now().Sub(first), l)
		}
		time.Sleep(100 * time.Millisecond)
	}
}

// A wrong events file stops the server at its start, saying what is wrong.
func TestServeRefusesABadEventsFile(t *testing.T) {
	dir := t.TempDir()
	for _, c := range []struct{ body, want string }{
		{`{"events": [{"key": "Bad Key", "every": "1h", "first": "2030-01-01T00:00:00Z"}]}`, "key"},
		{`{"events": [{"key": "fast", "every": "1m", "first": "2030-01-01T00:00:00Z"}]}`, "every"},
		{`{"events": [{"key": "x", "every": "1h", "first": "2030-01-01T00:00:00Z", "tournament": {"kind": "arena", "name": "No such game", "game": "nonesuch", "clock": {"initialMs": 60000}, "minutes": 30}}]}`, "nonesuch"},
		{`{"events": [], "surprise": 1}`, "surprise"},
	} {
		file := filepath.Join(dir, "e.json")
		os.WriteFile(file, []byte(c.body), 0o600)
		var out, errb bytes.Buffer
		code := run([]string{"serve", "--addr", "127.0.0.1:0", "--db", filepath.Join(dir, "w.db"), "--events", file}, nil, &out, &errb)
		if code != 1 || !strings.Contains(errb.String(), c.want) {
			t.Errorf("%s: exit %d, %s", c.want, code, errb.String())
		}
	}
}
