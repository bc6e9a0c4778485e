package lobby

import (
	"slices"
	"strconv"
	"strings"
	"sync"
	"time"

	"wyrm/server/apierr"
)

// Lobby keeps one entry per game, newest last, and pushes changed entries
// to the pages watching.
type Lobby struct {
	mu       sync.Mutex
	entries  map[string]*Entry
	order    []*Entry // by creation, oldest first
	watchers map[*watcher]struct{}
	// news, when set, registers a watcher with another feature that adds
	// its own events to the stream; it wakes the watcher when it has news
	// for it.
	news func(wake func()) (news func() string, stop func())
	// idleAfter and now hide idle games from the list in progress (see
	// HideIdle); idleAfter 0 hides none.
	idleAfter time.Duration
	now       func() time.Time
	// observers are told of every entry recorded (Observe).
	observers []func(Entry)
}

// DefaultIdleAfter is how long an untimed game against the computer stays
// in the list of games in progress once no player has it open.
const DefaultIdleAfter = 30 * time.Minute

// HideIdle leaves out of the list of games in progress the games idle (see
// Entry.IdleSince) for after or longer by the clock now, so that games
// against the computer left open-ended do not fill it. They are still
// games: their players reach them by link and in their own lists.
func (l *Lobby) HideIdle(after time.Duration, now func() time.Time) {
	l.mu.Lock()
	defer l.mu.Unlock()
	l.idleAfter, l.now = after, now
}

// hidden reports whether e is left out of its list. Caller holds l.mu.
func (l *Lobby) hidden(e *Entry) bool {
	return e.List == Playing && e.IdleSince != 0 && l.idleAfter > 0 &&
		l.now().Sub(time.UnixMilli(e.IdleSince)) >= l.idleAfter
}

// watcher is one event stream: the ids changed since its last push, and
// the news of the lobby's news source.
type watcher struct {
	changed map[string]bool
	wake    chan struct{}
	news    func() string
}

// New returns an empty lobby.
func New() *Lobby {
	return &Lobby{entries: map[string]*Entry{}, watchers: map[*watcher]struct{}{}}
}

// SetNews registers the source of the stream's other events: for each
// stream it is given a func that wakes the stream, and returns what the
// stream has not been told yet ("" when nothing) and a func that forgets
// the stream. News is read under the lobby's lock.
func (l *Lobby) SetNews(news func(wake func()) (news func() string, stop func())) {
	l.mu.Lock()
	defer l.mu.Unlock()
	l.news = news
}

// Observe has fn told of every entry the lobby records, in the order
// recorded, as it is recorded: under the lobby's lock, so fn must be quick
// and must not call the lobby. Another feature keeps its own index this
// way (the TV's games in progress) without walking the lobby.
func (l *Lobby) Observe(fn func(Entry)) {
	l.mu.Lock()
	defer l.mu.Unlock()
	l.observers = append(l.observers, fn)
}

// Set records an entry, unless the lobby has a newer one, and tells the
// watchers.
func (l *Lobby) Set(e Entry) {
	l.mu.Lock()
	defer l.mu.Unlock()
	if old, ok := l.entries[e.ID]; ok {
		if old.Version > e.Version {
			return
		}
		*old = e
	} else {
		ne := &e
		l.entries[e.ID] = ne
		// Games arrive in creation order but for the odd tie or a clock
		// step: insert where the entry belongs.
		i := len(l.order)
		for i > 0 && less(ne, l.order[i-1]) {
			i--
		}
		l.order = slices.Insert(l.order, i, ne)
	}
	for _, fn := range l.observers {
		fn(e)
	}
	for w := range l.watchers {
		w.changed[e.ID] = true
		select {
		case w.wake <- struct{}{}:
		default:
		}
	}
}

// Len is how many games the lobby knows.
func (l *Lobby) Len() int {
	l.mu.Lock()
	defer l.mu.Unlock()
	return len(l.entries)
}

// Page returns up to n entries of list, newest first, older than cursor
// (all when ""), and the cursor of the next page ("" at the end).
func (l *Lobby) Page(list, cursor string, n int) ([]Entry, string, error) {
	var after *Entry
	if cursor != "" {
		ms, id, ok := strings.Cut(cursor, "-")
		c, err := strconv.ParseInt(ms, 10, 64)
		if !ok || err != nil || id == "" {
			return nil, "", apierr.New(apierr.BadRequest, "bad cursor")
		}
		after = &Entry{Created: c, ID: id}
	}
	l.mu.Lock()
	defer l.mu.Unlock()
	out := []Entry{}
	i := len(l.order) - 1
	if after != nil {
		i, _ = slices.BinarySearchFunc(l.order, after, func(e, t *Entry) int {
			if less(e, t) {
				return -1
			}
			if less(t, e) {
				return 1
			}
			return 0
		})
		i--
	}
	for ; i >= 0; i-- {
		e := l.order[i]
		if e.List != list || l.hidden(e) {
			continue
		}
		if len(out) == n {
			return out, cursorOf(&out[len(out)-1]), nil
		}
		out = append(out, *e)
	}
	return out, "", nil
}

// Playing returns the unfinished games in which the account user holds a
// seat, newest first: every node's lobby knows every game, so any node
// answers an account asking for its games in progress.
func (l *Lobby) Playing(user int64) []Entry {
	l.mu.Lock()
	defer l.mu.Unlock()
	out := []Entry{}
	for i := len(l.order) - 1; i >= 0; i-- {
		if e := l.order[i]; e.List != Finished && user != 0 && slices.Contains(e.Users, user) {
			out = append(out, *e)
		}
	}
	return out
}
