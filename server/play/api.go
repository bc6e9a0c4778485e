package play

import (
	"encoding/json"
	"net/http"
	"strconv"

	"wyrm/game"
	"wyrm/game/boardview"
	"wyrm/rating"
	"wyrm/server/apierr"
	"wyrm/server/httpkit"
	"wyrm/server/table"
)

// Routes adds the games' endpoints: the games offered, a game's seats,
// creating and joining games, a game's state, its positions and record,
// and its websocket.
func (srv *Hall) Routes(mux *httpkit.Mux) {
	mux.HandleFunc("GET /api/meta", srv.handleMeta)
	mux.HandleFunc("GET /api/seats", srv.handleSeats)
	mux.HandleFunc("POST /api/games", srv.handleCreate)
	mux.HandleFunc("GET /api/games/{id}", srv.handleGet)
	mux.HandleFunc("POST /api/games/{id}/join", srv.handleJoin)
	mux.HandleFunc("GET /api/games/{id}/ply/{n}", srv.handlePly)
	mux.HandleFunc("GET /api/games/{id}/record", srv.handleRecord)
	mux.HandleFunc("GET /ws/{id}", srv.handleWS)
}

type metaGame struct {
	Name    string        `json:"name"`
	Title   string        `json:"title"`
	Options []game.Option `json:"options"`
	Seats   []string      `json:"seats"` // seat names with the default options
	Setup   bool          `json:"setup"`
	Editor  bool          `json:"editor"` // positions can be set up by hand (game.Composer)
}

func (srv *Hall) handleMeta(w http.ResponseWriter, _ *http.Request) {
	out := []metaGame{}
	for _, g := range srv.order {
		_, setup := g.(game.SetupGame)
		_, editor := g.(game.Composer)
		opts := []game.Option{}
		for _, o := range g.Options() {
			if !o.Internal {
				opts = append(opts, o)
			}
		}
		seats, _ := g.SeatNames(game.Options{})
		out = append(out, metaGame{Name: g.Info().Name, Title: g.Info().Title, Options: opts, Seats: seats, Setup: setup, Editor: editor})
	}
	httpkit.WriteJSON(w, http.StatusOK, map[string]any{"games": out, "maxLevel": table.MaxLevel, "speeds": rating.Speeds})
}

// handleSeats answers how many seats a game with the given options has and
// what the game calls them, or why the options are wrong.
func (srv *Hall) handleSeats(w http.ResponseWriter, r *http.Request) {
	opts := game.Options{}
	if o := r.URL.Query().Get("options"); o != "" {
		if len(o) > httpkit.MaxBody || json.Unmarshal([]byte(o), &opts) != nil {
			httpkit.WriteError(w, apierr.New(apierr.BadRequest, "malformed options"))
			return
		}
	}
	g, opts, err := srv.normalize(r.URL.Query().Get("game"), opts)
	if err != nil {
		httpkit.WriteError(w, err)
		return
	}
	names, err := g.SeatNames(opts)
	if err != nil {
		httpkit.WriteError(w, apierr.Wrap(apierr.Invalid, err))
		return
	}
	httpkit.WriteJSON(w, http.StatusOK, map[string]any{"players": len(names), "names": names})
}

func (srv *Hall) handleCreate(w http.ResponseWriter, r *http.Request) {
	var req CreateRequest
	if err := httpkit.ReadJSON(w, r, &req); err != nil {
		httpkit.WriteError(w, err)
		return
	}
	var user int64
	if u, ok := httpkit.UserOf(r); ok {
		user = u.ID
	}
	resp, err := srv.create(r.Context(), httpkit.ClientOf(r), user, req)
	if err != nil {
		httpkit.WriteError(w, err)
		return
	}
	httpkit.WriteJSON(w, http.StatusCreated, resp)
}

func (srv *Hall) handleGet(w http.ResponseWriter, r *http.Request) {
	s := srv.session(r.PathValue("id"))
	if s == nil {
		httpkit.WriteError(w, errNoGame)
		return
	}
	s.mu.Lock()
	st := s.state(nil)
	s.mu.Unlock()
	httpkit.WriteJSON(w, http.StatusOK, st)
}

func (srv *Hall) handleJoin(w http.ResponseWriter, r *http.Request) {
	var req struct {
		Seat   int    `json:"seat"`
		Invite string `json:"invite,omitempty"` // the secret of a private link
	}
	if err := httpkit.ReadJSON(w, r, &req); err != nil {
		httpkit.WriteError(w, err)
		return
	}
	var user int64
	if u, ok := httpkit.UserOf(r); ok {
		user = u.ID
	}
	tok, err := srv.Join(r.PathValue("id"), req.Seat, req.Invite, user)
	if err != nil {
		httpkit.WriteError(w, err)
		return
	}
	httpkit.WriteJSON(w, http.StatusOK, map[string]any{"token": tok, "seat": req.Seat})
}

// handlePly returns the board after the first n moves, for browsing the
// move list.
func (srv *Hall) handlePly(w http.ResponseWriter, r *http.Request) {
	s := srv.session(r.PathValue("id"))
	if s == nil {
		httpkit.WriteError(w, errNoGame)
		return
	}
	n, err := strconv.Atoi(r.PathValue("n"))
	if err != nil {
		httpkit.WriteError(w, apierr.New(apierr.BadRequest, "bad move number"))
		return
	}
	s.mu.Lock()
	p, err := s.t.PositionAt(n)
	s.mu.Unlock()
	if err != nil {
		httpkit.WriteError(w, err)
		return
	}
	b := boardview.Of(p, false)
	b.Ply = n
	httpkit.WriteJSON(w, http.StatusOK, b)
}
