package tv

import (
	"encoding/json"
	"net/http"
	"net/url"
	"time"

	"wyrm/server/apierr"
	"wyrm/server/httpkit"
)

// Pushing of the TV's event stream.
const (
	// push is the least time between two pushes to one stream: changes in
	// between are sent together.
	push = time.Second
	// keepAlive is how often an idle stream is sent a comment, so that
	// proxies keep it open and dead streams are found.
	keepAlive = 25 * time.Second
)

// API serves the channels.
type API struct {
	TV     *TV
	Limits *httpkit.Limiters
	// Done ends every stream when the server closes.
	Done <-chan struct{}
}

// Routes adds GET /api/tv, /api/tv/events and /api/tv/{game}, and /tv,
// which leads to a channel.
func (a *API) Routes(mux *httpkit.Mux) {
	mux.HandleErr("GET /tv", a.tune)
	mux.HandleErr("GET /api/tv", a.all)
	mux.HandleErr("GET /api/tv/events", a.events)
	mux.HandleErr("GET /api/tv/{game}", a.one)
}

// all answers every game's channel.
func (a *API) all(w http.ResponseWriter, _ *http.Request) error {
	httpkit.WriteJSON(w, http.StatusOK, map[string]any{"channels": a.TV.Channels()})
	return nil
}

// tune leads /tv (the header's link) to the first channel with a game on,
// else to the first channel.
func (a *API) tune(w http.ResponseWriter, r *http.Request) error {
	chs := a.TV.Channels()
	if len(chs) == 0 {
		return apierr.New(apierr.NotFound, "this server has no games")
	}
	to := chs[0].Game
	for _, c := range chs {
		if c.Featured != nil {
			to = c.Game
			break
		}
	}
	http.Redirect(w, r, "/tv/"+url.PathEscape(to), http.StatusFound)
	return nil
}

// one answers the channel of the game named in the path.
func (a *API) one(w http.ResponseWriter, r *http.Request) error {
	c, ok := a.TV.Channel(r.PathValue("game"))
	if !ok {
		return apierr.New(apierr.NotFound, "no game is called %q", r.PathValue("game"))
	}
	httpkit.WriteJSON(w, http.StatusOK, c)
	return nil
}

// events streams the channels (GET /api/tv/events): a server-sent event
// "tv" with every channel at once on connecting, and again whenever one
// changes (a move, a spectator, an end, the next game), at most once a
// second. A client's streams count against its connection limit.
func (a *API) events(w http.ResponseWriter, r *http.Request) error {
	key := httpkit.ClientOf(r)
	if !a.Limits.Conns.Acquire(key) {
		return a.Limits.TooMany(httpkit.LimConns, 10*time.Second, "too many connections from your address (at most %d)", a.Limits.Conns.Max)
	}
	defer a.Limits.Conns.Release(key)
	wake, stop := a.TV.watch()
	defer stop()
	send := httpkit.StreamWriter(w, "text/event-stream")
	if !send("retry: 3000\n\n") {
		return nil
	}
	keep := time.NewTicker(keepAlive)
	defer keep.Stop()
	for {
		b, _ := json.Marshal(map[string]any{"channels": a.TV.Channels()})
		if !send("event: tv\ndata: " + string(b) + "\n\n") {
			return nil
		}
		select { // at most one push a second
		case <-time.After(push):
		case <-r.Context().Done():
			return nil
		case <-a.Done:
			return nil
		}
	wait:
		for {
			select {
			case <-wake:
				break wait
			case <-keep.C:
				if !send(": keep-alive\n\n") {
					return nil
				}
			case <-r.Context().Done():
				return nil
			case <-a.Done:
				return nil
			}
		}
	}
}
