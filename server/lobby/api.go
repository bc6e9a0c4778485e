package lobby

import (
	"encoding/json"
	"net/http"
	"strconv"
	"time"

	"wyrm/server/apierr"
	"wyrm/server/httpkit"
)

// Paging and pushing of the lobby.
const (
	// PageDefault and PageMax are a page's length when the client names
	// none, and the most it may ask for.
	PageDefault = 20
	PageMax     = 50
	// push is the least time between two pushes to one watcher: changes
	// in between are sent together.
	push = time.Second
	// keepAlive is how often an idle event stream is sent a comment, so
	// that proxies keep it open and dead watchers are found.
	keepAlive = 25 * time.Second
)

// API serves the lobby's lists and its event stream.
type API struct {
	Lobby  *Lobby
	Limits *httpkit.Limiters
	// Done ends every stream when the server closes.
	Done <-chan struct{}
}

// Routes adds GET /api/games and GET /api/lobby/events.
func (a *API) Routes(mux *httpkit.Mux) {
	mux.HandleErr("GET /api/games", a.list)
	mux.HandleErr("GET /api/lobby/events", a.events)
}

// list answers GET /api/games: one page of a list with ?list=open, playing
// or finished (&cursor=, &limit= up to PageMax), or without ?list the
// first page of each.
func (a *API) list(w http.ResponseWriter, r *http.Request) error {
	q := r.URL.Query()
	n := PageDefault
	if v := q.Get("limit"); v != "" {
		var err error
		if n, err = strconv.Atoi(v); err != nil || n < 1 || n > PageMax {
			return apierr.New(apierr.BadRequest, "limit must be 1 to %d", PageMax)
		}
	}
	list := q.Get("list")
	if list == "" {
		out := map[string]any{}
		next := map[string]string{}
		for _, l := range []string{Open, Playing, Finished} {
			page, c, _ := a.Lobby.Page(l, "", n)
			out[l], next[l] = page, c
		}
		out["next"] = next
		httpkit.WriteJSON(w, http.StatusOK, out)
		return nil
	}
	if list != Open && list != Playing && list != Finished {
		return apierr.New(apierr.BadRequest, "list must be open, playing or finished")
	}
	page, next, err := a.Lobby.Page(list, q.Get("cursor"), n)
	if err != nil {
		return err
	}
	httpkit.WriteJSON(w, http.StatusOK, map[string]any{"games": page, "next": next})
	return nil
}

// events streams the lobby's changes (GET /api/lobby/events): every second
// at most, the entries of the games that changed, as a server-sent event
// "games", and what its news source adds. A client's streams count against
// its connection limit like its websockets.
func (a *API) events(w http.ResponseWriter, r *http.Request) error {
	key := httpkit.ClientOf(r)
	if !a.Limits.Conns.Acquire(key) {
		return a.Limits.TooMany(httpkit.LimConns, 10*time.Second, "too many connections from your address (at most %d)", a.Limits.Conns.Max)
	}
	defer a.Limits.Conns.Release(key)
	l := a.Lobby
	wt := &watcher{changed: map[string]bool{}, wake: make(chan struct{}, 1)}
	l.mu.Lock()
	l.watchers[wt] = struct{}{}
	news := l.news
	l.mu.Unlock()
	defer func() {
		l.mu.Lock()
		delete(l.watchers, wt)
		l.mu.Unlock()
	}()
	if news != nil {
		var stop func()
		wt.news, stop = news(func() {
			select {
			case wt.wake <- struct{}{}:
			default:
			}
		})
		defer stop()
	}
	send := httpkit.StreamWriter(w, "text/event-stream")
	if !send("retry: 3000\n\n") {
		return nil
	}
	keep := time.NewTicker(keepAlive)
	defer keep.Stop()
	for {
		select {
		case <-r.Context().Done():
			return nil
		case <-a.Done:
			return nil
		case <-keep.C:
			if !send(": keep-alive\n\n") {
				return nil
			}
		case <-wt.wake:
			l.mu.Lock()
			batch := make([]Entry, 0, len(wt.changed))
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
				return nil
			}
			select { // at most one push a second
			case <-time.After(push):
			case <-r.Context().Done():
				return nil
			}
		}
	}
}
