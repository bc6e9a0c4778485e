package tv

import (
	"sync"
	"time"

	"wyrm/server/lobby"
)

// Game is a game family with a channel: its name and title.
type Game struct{ Name, Title string }

// Config is what a TV is built from.
type Config struct {
	// Games have a channel each, in this order.
	Games []Game
	// Lobby is watched for the games in progress (lobby.Observe).
	Lobby *lobby.Lobby
	// Pause is how long an ended game stays on (DefaultPause when 0).
	Pause time.Duration
	// Now is the clock; nil means time.Now.
	Now func() time.Time
}

// TV keeps every game's channel up to date from the lobby's entries.
type TV struct {
	pause time.Duration
	now   func() time.Time

	mu       sync.Mutex
	order    []*channel
	chans    map[string]*channel
	timers   map[string]*time.Timer
	watchers map[chan struct{}]struct{}
	closed   bool
}

// New returns the TV of cfg.Games, watching cfg.Lobby from now on: make it
// before the lobby is filled, so that it hears of every game.
func New(cfg Config) *TV {
	tv := &TV{pause: cfg.Pause, now: cfg.Now, chans: map[string]*channel{}, timers: map[string]*time.Timer{},
		watchers: map[chan struct{}]struct{}{}}
	if tv.pause <= 0 {
		tv.pause = DefaultPause
	}
	if tv.now == nil {
		tv.now = time.Now
	}
	for _, g := range cfg.Games {
		c := newChannel(g.Name, g.Title)
		tv.order = append(tv.order, c)
		tv.chans[g.Name] = c
	}
	if cfg.Lobby != nil {
		cfg.Lobby.Observe(tv.Note)
	}
	return tv
}

// Note takes in a game's changed lobby entry. (The lobby calls it; tests
// may too.)
func (tv *TV) Note(e lobby.Entry) {
	tv.mu.Lock()
	defer tv.mu.Unlock()
	c := tv.chans[e.Game]
	if c == nil || tv.closed {
		return
	}
	touched := c.note(e)
	if tv.step(c) || touched {
		tv.wake()
	}
}

// step steps c and arms its timer when it must be stepped again; it
// reports whether the featured game changed. Caller holds tv.mu.
func (tv *TV) step(c *channel) bool {
	before, wasOver := c.cur, !c.endedAt.IsZero()
	now := tv.now()
	due := c.step(now, tv.pause)
	if !due.IsZero() && tv.timers[c.game] == nil {
		tv.timers[c.game] = time.AfterFunc(due.Sub(now), func() {
			tv.mu.Lock()
			defer tv.mu.Unlock()
			delete(tv.timers, c.game)
			if !tv.closed && tv.step(c) {
				tv.wake()
			}
		})
	}
	return before != c.cur || wasOver != !c.endedAt.IsZero()
}

// wake tells every stream that a channel changed. Caller holds tv.mu.
func (tv *TV) wake() {
	for w := range tv.watchers {
		select {
		case w <- struct{}{}:
		default:
		}
	}
}

// Channels shows every channel, in the games' order.
func (tv *TV) Channels() []Channel {
	tv.mu.Lock()
	defer tv.mu.Unlock()
	out := make([]Channel, 0, len(tv.order))
	for _, c := range tv.order {
		out = append(out, c.show(tv.pause))
	}
	return out
}

// Channel shows the channel of game; ok is false when there is none.
func (tv *TV) Channel(game string) (Channel, bool) {
	tv.mu.Lock()
	defer tv.mu.Unlock()
	c := tv.chans[game]
	if c == nil {
		return Channel{}, false
	}
	return c.show(tv.pause), true
}

// watch registers a stream: wake gets a token whenever a channel changes.
// stop forgets it.
func (tv *TV) watch() (wake chan struct{}, stop func()) {
	wake = make(chan struct{}, 1)
	tv.mu.Lock()
	tv.watchers[wake] = struct{}{}
	tv.mu.Unlock()
	return wake, func() {
		tv.mu.Lock()
		delete(tv.watchers, wake)
		tv.mu.Unlock()
	}
}

// Close stops the TV's timers; it changes no channel after.
func (tv *TV) Close() {
	tv.mu.Lock()
	defer tv.mu.Unlock()
	tv.closed = true
	for _, t := range tv.timers {
		t.Stop()
	}
	clear(tv.timers)
}
