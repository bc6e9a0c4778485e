package tournament

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"regexp"
	"time"
)

// Event is one recurring tournament of the operator's events file: its
// request (as POST /api/tournaments takes it, without startsAt), started
// every Every from First on, each one listed Announce before it starts.
type Event struct {
	// Key names the event; with each start it makes the stored event's
	// schedule key, so that every node creates each occurrence once.
	Key     string  `json:"key"`
	Request Request `json:"tournament"`
	// First is the first start; Every the time between starts.
	First time.Time `json:"first"`
	Every Duration  `json:"every"`
	// Announce is how long before its start each occurrence is listed
	// (DefaultAnnounce when 0).
	Announce Duration `json:"announce,omitempty"`
}

// Duration is a time.Duration written as Go writes one ("1h", "168h").
type Duration time.Duration

// UnmarshalJSON reads "1h30m".
func (d *Duration) UnmarshalJSON(b []byte) error {
	var s string
	if err := json.Unmarshal(b, &s); err != nil {
		return fmt.Errorf("a duration is a string such as \"1h\" or \"168h\"")
	}
	v, err := time.ParseDuration(s)
	if err != nil {
		return err
	}
	*d = Duration(v)
	return nil
}

// MarshalJSON writes the duration as Go writes one.
func (d Duration) MarshalJSON() ([]byte, error) { return json.Marshal(time.Duration(d).String()) }

// Limits of the events file.
const (
	// MaxEvents bounds the events of a file; MinEvery the time between
	// two starts of one event.
	MaxEvents = 100
	MinEvery  = 10 * time.Minute
	// DefaultAnnounce is how long before its start an occurrence is
	// listed when its event says nothing; MaxAnnounce the longest.
	DefaultAnnounce = time.Hour
	MaxAnnounce     = 7 * 24 * time.Hour
)

var eventKey = regexp.MustCompile(`^[a-z0-9][a-z0-9-]{0,39}$`)

// eventsFile is the file's shape.
type eventsFile struct {
	Events []Event `json:"events"`
}

// ParseEvents reads an events file: {"events": [Event...]}. What it checks
// here is the schedule; the tournaments themselves are checked against the
// server's games when the service opens (CheckEvents).
func ParseEvents(data []byte) ([]Event, error) {
	dec := json.NewDecoder(bytes.NewReader(data))
	dec.DisallowUnknownFields()
	var f eventsFile
	if err := dec.Decode(&f); err != nil {
		return nil, fmt.Errorf("events file: %w", err)
	}
	if len(f.Events) > MaxEvents {
		return nil, fmt.Errorf("events file: %d events, at most %d", len(f.Events), MaxEvents)
	}
	seen := map[string]bool{}
	for i, e := range f.Events {
		switch {
		case !eventKey.MatchString(e.Key):
			return nil, fmt.Errorf("events file: event %d: key: 1 to 40 of a-z, 0-9 and -, starting with a letter or digit", i+1)
		case seen[e.Key]:
			return nil, fmt.Errorf("events file: event %q twice", e.Key)
		case e.First.IsZero():
			return nil, fmt.Errorf("events file: event %q: first: its first start (RFC 3339)", e.Key)
		case time.Duration(e.Every) < MinEvery:
			return nil, fmt.Errorf("events file: event %q: every: at least %v", e.Key, MinEvery)
		case e.Announce < 0 || time.Duration(e.Announce) > MaxAnnounce:
			return nil, fmt.Errorf("events file: event %q: announce: 0 to %v", e.Key, MaxAnnounce)
		case e.Request.StartsAt != 0:
			return nil, fmt.Errorf("events file: event %q: the schedule sets startsAt", e.Key)
		}
		seen[e.Key] = true
		if e.Announce == 0 {
			f.Events[i].Announce = Duration(DefaultAnnounce)
		}
	}
	return f.Events, nil
}

// CheckEvents checks each event's tournament as a request would be, so
// that a wrong events file stops the server at its start rather than
// failing on the hour.
func (s *Service) CheckEvents() error {
	for _, e := range s.events {
		req := e.Request
		req.StartsAt = s.now().Add(time.Hour).UnixMilli()
		if _, err := s.check(context.Background(), req); err != nil {
			return fmt.Errorf("events file: event %q: %w", e.Key, err)
		}
	}
	return nil
}

// next is the first start of e at or after now.
func (e Event) next(now time.Time) time.Time {
	if !now.After(e.First) {
		return e.First
	}
	every := time.Duration(e.Every)
	k := (now.Sub(e.First) + every - 1) / every
	return e.First.Add(k * every)
}

// schedule creates each event's next occurrence once it is within its
// announcement time; the schedule key keeps it to one across nodes.
func (s *Service) schedule(ctx context.Context) {
	now := s.now()
	for _, e := range s.events {
		start := e.next(now)
		if start.Sub(now) > time.Duration(e.Announce) {
			continue
		}
		req := e.Request
		req.StartsAt = start.UnixMilli()
		t, err := s.check(ctx, req)
		if err != nil {
			s.log.Warn("scheduled tournament refused", "event", e.Key, "err", err)
			continue
		}
		t.StartsMs = start.UnixMilli() // check moves a start just passed to now
		t.ScheduleKey = fmt.Sprintf("%s@%d", e.Key, t.StartsMs)
		t.CreatorName = "wyrm"
		created, err := s.st.Create(ctx, t)
		if err != nil {
			s.log.Warn("scheduling a tournament", "event", e.Key, "err", err)
		} else if created {
			s.log.Info("tournament scheduled", "event", e.Key, "tournament", t.ID, "starts", start)
		}
	}
}
