package tournament

import (
	"strings"
	"testing"
	"time"
)

// An event's next start is its first, then every Every after it, never
// one already past.
func TestEventNextStart(t *testing.T) {
	first := time.Date(2026, 1, 1, 18, 0, 0, 0, time.UTC)
	e := Event{First: first, Every: Duration(24 * time.Hour)}
	for _, c := range []struct{ now, want time.Time }{
		{first.Add(-time.Hour), first},
		{first, first},
		{first.Add(time.Second), first.Add(24 * time.Hour)},
		{first.Add(24 * time.Hour), first.Add(24 * time.Hour)},
		{first.Add(100*24*time.Hour + time.Minute), first.Add(101 * 24 * time.Hour)},
	} {
		if got := e.next(c.now); !got.Equal(c.want) {
			t.Errorf("next after %v: %v, want %v", c.now, got, c.want)
		}
	}
}

// The events file is read strictly: its schedule is checked here, each
// mistake with its reason.
func TestParseEvents(t *testing.T) {
	evs, err := ParseEvents([]byte(`{"events": [{"key": "weekly-swiss", "first": "2026-01-04T17:00:00Z", "every": "168h",
		"tournament": {"kind": "swiss", "name": "Sunday Swiss", "game": "g", "rounds": 7}}]}`))
	if err != nil {
		t.Fatal(err)
	}
	if len(evs) != 1 || time.Duration(evs[0].Every) != 168*time.Hour || time.Duration(evs[0].Announce) != DefaultAnnounce || evs[0].Request.Rounds != 7 {
		t.Fatalf("%+v", evs)
	}
	for _, c := range []struct{ body, want string }{
		{`{"events": [{"key": "a", "first": "2026-01-01T00:00:00Z", "every": "1h"}, {"key": "a", "first": "2026-01-01T00:00:00Z", "every": "1h"}]}`, "twice"},
		{`{"events": [{"key": "a", "every": "1h"}]}`, "first"},
		{`{"events": [{"key": "a", "first": "2026-01-01T00:00:00Z", "every": "5m"}]}`, "every"},
		{`{"events": [{"key": "a", "first": "2026-01-01T00:00:00Z", "every": "one hour"}]}`, "duration"},
		{`{"events": [{"key": "a", "first": "2026-01-01T00:00:00Z", "every": "1h", "announce": "900h"}]}`, "announce"},
		{`{"events": [{"key": "a", "first": "2026-01-01T00:00:00Z", "every": "1h", "tournament": {"startsAt": 5}}]}`, "startsAt"},
		{`{"events": [{"key": "-a", "first": "2026-01-01T00:00:00Z", "every": "1h"}]}`, "key"},
		{`{"events": [{"key": "a", "first": "2026-01-01T00:00:00Z", "every": "1h", "colour": "red"}]}`, "colour"},
	} {
		if _, err := ParseEvents([]byte(c.body)); err == nil || !strings.Contains(err.Error(), c.want) {
			t.Errorf("%s: %v", c.want, err)
		}
	}
}
