package challenge

import (
	"context"
	"encoding/json"
	"fmt"
	"sync"

	"wyrm/internal/pglisten"
	"wyrm/server/store"

	"github.com/jackc/pgx/v5"
)

// Event kinds.
const (
	// Posted: Challenge is new.
	Posted = "posted"
	// Removed: Challenge ended for Reason (Detail: a decline's reason).
	Removed = "removed"
	// Started: the game GameID was created from Challenge, whose Target is
	// its acceptor; AuthorSeat is the author's seat in it, Facts what it is.
	Started = "started"
	// Finished: the game Finish tells of ended; Users held its seats.
	Finished = "finished"
	// Presence: a signed-in player's streams changed; who is online may
	// have.
	Presence = "presence"
	// Resync: events may have been missed (the listener connected again);
	// read the state afresh.
	Resync = "resync"
)

// Why a challenge was removed.
const (
	Accepted = "accepted"
	Canceled = "canceled"
	Declined = "declined"
	Left     = "left"    // its author's stream closed
	Expired  = "expired" // past its expiry
)

// Event is one change, as every node hears it. Users and Streams address
// it: the event streams of those accounts, and the streams with those ids,
// are told.
type Event struct {
	Kind       string     `json:"kind"`
	Challenge  *Challenge `json:"challenge,omitempty"`
	Reason     string     `json:"reason,omitempty"`
	Detail     string     `json:"detail,omitempty"`
	GameID     string     `json:"gameId,omitempty"`
	AuthorSeat int        `json:"authorSeat,omitempty"`
	Users      []int64    `json:"users,omitempty"`
	Streams    []string   `json:"streams,omitempty"`
	// Partial says Challenge came without its Terms, which were too long
	// for a notification: read them with Get.
	Partial bool `json:"partial,omitempty"`
	// Facts are a Started game's, read once by the node that made it.
	Facts *GameFacts `json:"facts,omitempty"`
	// Finish is a Finished game's end.
	Finish *Finish `json:"finish,omitempty"`
	// Message is a Notice's message, passed to the streams as it is.
	Message json.RawMessage `json:"message,omitempty"`
}

// addressed returns ev addressed to its challenge's author (the account, or
// a guest's stream) and target.
func addressed(ev Event) Event {
	c := ev.Challenge
	if c.Author.ID != 0 {
		ev.Users = append(ev.Users, c.Author.ID)
	} else {
		ev.Streams = append(ev.Streams, c.Stream)
	}
	if c.Target.ID != 0 {
		ev.Users = append(ev.Users, c.Target.ID)
	}
	return ev
}

// Publish announces an event that no change of this package made (a game
// started from a challenge) to every node.
func (s *Store) Publish(ctx context.Context, ev Event) error {
	if s.bus != nil {
		s.bus.send(ev)
		return nil
	}
	tx, err := s.db.BeginTx(ctx, nil)
	if err != nil {
		return fmt.Errorf("challenge: publish: %w", err)
	}
	defer tx.Rollback()
	if err := notify(ctx, tx, ev); err != nil {
		return err
	}
	return tx.Commit()
}

// channel is the PostgreSQL LISTEN/NOTIFY channel of the events.
const channel = "wyrm_challenges"

// maxPayload keeps a notification under PostgreSQL's limit (8000 bytes):
// longer terms are left for the listener to read.
const maxPayload = 7900

func notify(ctx context.Context, tx *store.Tx, ev Event) error {
	b, err := json.Marshal(ev)
	if err != nil {
		return err
	}
	if len(b) > maxPayload && ev.Challenge != nil {
		c := *ev.Challenge
		c.Terms = nil
		ev.Challenge, ev.Partial = &c, true
		if b, err = json.Marshal(ev); err != nil {
			return err
		}
	}
	if len(b) > maxPayload && ev.Facts != nil {
		// A game's facts are a courtesy (its stream has them all): a game
		// whose options are too long starts with the first fields alone.
		ev.Facts = nil
		if b, err = json.Marshal(ev); err != nil {
			return err
		}
	}
	if _, err := tx.ExecContext(ctx, "SELECT pg_notify(?, ?)", channel, string(b)); err != nil {
		return fmt.Errorf("challenge: notify: %w", err)
	}
	return nil
}

// Listen calls fn with every event any node announces, in order, until ctx
// is done; first, and after each reconnection, with a Resync. fn runs on
// one goroutine and should not block for long.
func (s *Store) Listen(ctx context.Context, fn func(Event)) error {
	if s.bus != nil {
		return s.bus.listen(ctx, fn)
	}
	return s.db.Subscribe(ctx, channel, pglisten.Handler{
		Connected: func() { fn(Event{Kind: Resync}) },
		Notify: func(_ context.Context, _ *pgx.Conn, payload string) error {
			var ev Event
			if json.Unmarshal([]byte(payload), &ev) == nil {
				fn(ev)
			}
			return nil
		},
		// The caller resyncs after the next connection.
	})
}

// localBus hands a SQLite server's events to its listeners, each through a
// queue of its own, so that a publisher never waits for a listener.
type localBus struct {
	mu   sync.Mutex
	subs map[*subscriber]struct{}
}

type subscriber struct {
	queue []Event
	wake  chan struct{}
}

func newLocalBus() *localBus { return &localBus{subs: map[*subscriber]struct{}{}} }

func (b *localBus) send(evs ...Event) {
	if len(evs) == 0 {
		return
	}
	// As a notification would, an event leaves the token hash behind.
	for i := range evs {
		if c := evs[i].Challenge; c != nil && c.TokenHash != "" {
			cc := *c
			cc.TokenHash = ""
			evs[i].Challenge = &cc
		}
	}
	b.mu.Lock()
	defer b.mu.Unlock()
	for sub := range b.subs {
		sub.queue = append(sub.queue, evs...)
		select {
		case sub.wake <- struct{}{}:
		default:
		}
	}
}

func (b *localBus) listen(ctx context.Context, fn func(Event)) error {
	sub := &subscriber{wake: make(chan struct{}, 1)}
	b.mu.Lock()
	b.subs[sub] = struct{}{}
	b.mu.Unlock()
	defer func() {
		b.mu.Lock()
		delete(b.subs, sub)
		b.mu.Unlock()
	}()
	fn(Event{Kind: Resync})
	for {
		select {
		case <-sub.wake:
		case <-ctx.Done():
			return nil
		}
		b.mu.Lock()
		evs := sub.queue
		sub.queue = nil
		b.mu.Unlock()
		for _, ev := range evs {
			fn(ev)
		}
	}
}
