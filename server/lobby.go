package server

import (
	"encoding/json"
	"net/http"
	"slices"
	"strconv"
	"strings"
	"sync"
	"time"

	"wyrm/server/apierr"
	"wyrm/server/httpkit"
)

// The lobby's lists.
const (
	listOpen     = "open"     // open challenges: a seat anyone may take
	listPlaying  = "playing"  // under way (or waiting for an invited player)
	listFinished = "finished" // over
)

// Paging of the lobby.
const (
	pageDefault = 20
	pageMax     = 50
	// lobbyPush is the least time between two pushes to one watcher:
	// changes in between are sent together.
	lobbyPush = time.Second
	// lobbyKeepAlive is how often an idle event stream is sent a comment,
	// so that proxies keep it open and dead watchers are found.
	lobbyKeepAlive = 25 * time.Second
)

// listEntry is one game as the lobby shows it.
type listEntry struct {
	ID      string     `json:"id"`
	Game    string     `json:"game"`
	Title   string     `json:"title"`
	Created int64      `json:"created"`
	List    string     `json:"list"` // open, playing or finished
	Stage   string     `json:"stage"`
	Plies   int        `json:"plies"`
	Open    []int      `json:"open"` // seats anyone may take
	Seats   []seatJSON `json:"seats"`
	Names   []string   `json:"seatNames"` // the game's names of the seats
	Result  string     `json:"result,omitempty"`
	Winner  int        `json:"winner"` // seat that won, -1 when none
	// Version is the length of the log the entry describes: an entry is
	// never replaced by an older one (from another node, in a cluster).
	Version int `json:"-"`
}

// lobby keeps one entry per game, newest last, so that a page of any list
// is a walk back from a cursor without touching the games themselves, and
// pushes changed entries to the pages watching.
type lobby struct {
	mu       sync.Mutex
	entries  map[string]*listEntry
	order    []*listEntry // by creation, oldest first
	watchers map[*lobbyWatcher]struct{}
	// news, when set, registers a watcher with another feature that adds
	// its own events to the stream (the seeks and who is online:
	// challengehost.go); it wakes the watcher when it has news for it.
	news func(wake func()) (news func() string, stop func())
}

// lobbyWatcher is one event stream: the ids changed since its last push,
// and the news of the lobby's news source ("" when none).
type lobbyWatcher struct {
	changed map[string]bool
	wake    chan struct{}
	news    func() string
}

func newLobby() *lobby {
	return &lobby{entries: map[string]*listEntry{}, watchers: map[*lobbyWatcher]struct{}{}}
}

// entry builds s's lobby entry. Caller holds s.mu.
func (s *session) entry() listEntry {
	t := s.t
	info := s.g.Info()
	e := listEntry{ID: s.id, Game: info.Name, Title: info.Title, Created: s.created, Stage: t.Stage(),
		Plies: len(t.Plies), Open: []int{}, Seats: s.seats(t.Waiting()), Winner: -1, Version: len(t.Log)}
	for i := range t.Seats() {
		e.Names = append(e.Names, t.SeatName(i))
	}
	// Only open challenges invite strangers; a private invitation's seat
	// is for the holder of its link.
	for i, seat := range t.Def.Seats {
		if (seat.Kind == SeatOpen || (seat.Kind == SeatInvite && seat.InviteHash == "")) && t.Tokens[i] == "" {
			e.Open = append(e.Open, i)
		}
	}
	o := t.Outcome()
	switch {
	case o.Over:
		e.List, e.Result, e.Winner = listFinished, string(o.Reason), int(o.Winner())
	case len(e.Open) > 0:
		e.List = listOpen
	default:
		e.List = listPlaying
	}
	return e
}

// update records s's entry and tells the watchers. Caller holds s.mu.
func (l *lobby) update(s *session) {
	e := s.entry()
	s.srv.publish(s, e) // to the other nodes' lobbies (clusterhost.go)
	l.set(e)
}

// set records an entry, unless the lobby has a newer one, and tells the
// watchers.
func (l *lobby) set(e listEntry) {
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
	for w := range l.watchers {
		w.changed[e.ID] = true
		select {
		case w.wake <- struct{}{}:
		default:
		}
	}
}

// less orders entries by creation, then id.
func less(a, b *listEntry) bool {
	if a.Created != b.Created {
		return a.Created < b.Created
	}
	return a.ID < b.ID
}

// cursorOf writes the position after e in a newest-first list.
func cursorOf(e *listEntry) string { return strconv.FormatInt(e.Created, 10) + "-" + e.ID }

// page returns up to n entries of list, newest first, older than cursor
// (all when ""), and the cursor of the next page ("" at the end).
func (l *lobby) page(list, cursor string, n int) ([]listEntry, string, error) {
	var after *listEntry
	if cursor != "" {
		ms, id, ok := strings.Cut(cursor, "-")
		c, err := strconv.ParseInt(ms, 10, 64)
		if !ok || err != nil || id == "" {
			return nil, "", apierr.New(apierr.BadRequest, "bad cursor")
		}
		after = &listEntry{Created: c, ID: id}
	}
	l.mu.Lock()
	defer l.mu.Unlock()
	out := []listEntry{}
	i := len(l.order) - 1
	if after != nil {
		i, _ = slices.BinarySearchFunc(l.order, after, func(e, t *listEntry) int {
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
		if e.List != list {
			continue
		}
		if len(out) == n {
			return out, cursorOf(&out[len(out)-1]), nil
		}
		out = append(out, *e)
	}
	return out, "", nil
}

// handleList answers GET /api/games: one page of a list with ?list=open,
// playing or finished (&cursor=, &limit= up to 50), or without ?list the
// first page of each.
func (srv *Server) handleList(w http.ResponseWriter, r *http.Request) {
	q := r.URL.Query()
	n := pageDefault
	if v := q.Get("limit"); v != "" {
		var err error
		if n, err = strconv.Atoi(v); err != nil || n < 1 || n > pageMax {
			httpkit.WriteError(w, apierr.New(apierr.BadRequest, "limit must be 1 to %d", pageMax))
			return
		}
	}
	list := q.Get("list")
	if list == "" {
		out := map[string]any{}
		next := map[string]string{}
		for _, l := range []string{listOpen, listPlaying, listFinished} {
			page, c, _ := srv.lobby.page(l, "", n)
			out[l], next[l] = page, c
		}
		out["next"] = next
		httpkit.WriteJSON(w, http.StatusOK, out)
		return
	}
	if list != listOpen && list != listPlaying && list != listFinished {
		httpkit.WriteError(w, apierr.New(apierr.BadRequest, "list must be open, playing or finished"))
		return
	}
	page, next, err := srv.lobby.page(list, q.Get("cursor"), n)
	if err != nil {
		httpkit.WriteError(w, err)
		return
	}
	httpkit.WriteJSON(w, http.StatusOK, map[string]any{"games": page, "next": next})
}

// handleLobbyEvents streams the lobby's changes (GET /api/lobby/events):
// every second at most, the entries of the games that changed, as a
// server-sent event "games", and what its news source adds (the seeks and
// who is online: challengehost.go). A client's streams count against its
// connection limit like its websockets.
func (srv *Server) handleLobbyEvents(w http.ResponseWriter, r *http.Request) {
	key := httpkit.ClientOf(r)
	if !srv.limits.Conns.Acquire(key) {
		httpkit.WriteError(w, srv.limits.TooMany(httpkit.LimConns, 10*time.Second, "too many connections from your address (at most %d)", srv.limits.Conns.Max))
		return
	}
	defer srv.limits.Conns.Release(key)
	wt := &lobbyWatcher{changed: map[string]bool{}, wake: make(chan struct{}, 1)}
	l := srv.lobby
	l.mu.Lock()
	l.watchers[wt] = struct{}{}
	l.mu.Unlock()
	defer func() {
		l.mu.Lock()
		delete(l.watchers, wt)
		l.mu.Unlock()
	}()
	if l.news != nil {
		var stop func()
		wt.news, stop = l.news(func() {
			select {
			case wt.wake <- struct{}{}:
			default:
			}
		})
		defer stop()
	}
	send := httpkit.StreamWriter(w, "text/event-stream")
	if !send("retry: 3000\n\n") {
		return
	}
	keep := time.NewTicker(lobbyKeepAlive)
	defer keep.Stop()
	for {
		select {
		case <-r.Context().Done():
			return
		case <-srv.life.Context().Done():
			return
		case <-keep.C:
			if !send(": keep-alive\n\n") {
				return
			}
		case <-wt.wake:
			l.mu.Lock()
			batch := make([]listEntry, 0, len(wt.changed))
			for id := range wt.changed {
				batch = append(batch, *l.entries[id])
			}
			clear(wt.changed)
			text := ""
			if wt.news != nil {
				text = wt.news()
			}
			l.mu.Unlock()
			if len(batch) > 0 {
				b, _ := json.Marshal(batch)
				text = "event: games\ndata: " + string(b) + "\n\n" + text
			}
			if text != "" && !send(text) {
				return
			}
			select { // at most one push a second
			case <-time.After(lobbyPush):
			case <-r.Context().Done():
				return
			}
		}
	}
}
