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

// gamesAPI serves the games' HTTP endpoints; the websocket's own protocol
// is in ws.go.
type gamesAPI struct{ srv *Hall }

// Routes adds the games' endpoints: the games offered, a game's seats,
// creating and joining games, a game's state, its positions and record,
// and its websocket.
func (srv *Hall) Routes(mux *httpkit.Mux) {
	a := gamesAPI{srv}
	mux.HandleErr("GET /api/meta", a.meta)
	mux.HandleErr("GET /api/seats", a.seats)
	mux.HandleErr("POST /api/games", a.create)
	mux.HandleErr("GET /api/games/{id}", a.get)
	mux.HandleErr("POST /api/games/{id}/join", a.join)
	mux.HandleErr("GET /api/games/{id}/ply/{n}", a.ply)
	mux.HandleErr("GET /api/games/{id}/record", a.record)
	mux.HandleErr("GET /ws/{id}", a.websocket)
	mux.HandleErr("GET /api/account/playing", a.playing)
}

// game is the session of the request's {id}, or errNoGame.
func (a gamesAPI) game(r *http.Request) (*session, error) {
	if s := a.srv.session(r.PathValue("id")); s != nil {
		return s, nil
	}
	return nil, errNoGame
}

type metaGame struct {
	Name    string        `json:"name"`
	Title   string        `json:"title"`
	Options []game.Option `json:"options"`
	Seats   []string      `json:"seats"` // seat names with the default options
	Setup   bool          `json:"setup"`
	Editor  bool          `json:"editor"` // positions can be set up by hand (game.Composer)
}

// meta lists the games offered, with their options and seats.
func (a gamesAPI) meta(w http.ResponseWriter, _ *http.Request) error {
	out := []metaGame{}
	for _, g := range a.srv.order {
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
	return nil
}

// seats answers how many seats a game with the given options has and what
// the game calls them, or why the options are wrong.
func (a gamesAPI) seats(w http.ResponseWriter, r *http.Request) error {
	opts := game.Options{}
	if o := r.URL.Query().Get("options"); o != "" {
		if len(o) > httpkit.MaxBody || json.Unmarshal([]byte(o), &opts) != nil {
			return apierr.New(apierr.BadRequest, "malformed options")
		}
	}
	g, opts, err := a.srv.normalize(r.URL.Query().Get("game"), opts)
	if err != nil {
		return err
	}
	names, err := g.SeatNames(opts)
	if err != nil {
		return apierr.Wrap(apierr.Invalid, err)
	}
	httpkit.WriteJSON(w, http.StatusOK, map[string]any{"players": len(names), "names": names})
	return nil
}

// create makes a game (POST /api/games) within the client's limits.
func (a gamesAPI) create(w http.ResponseWriter, r *http.Request) error {
	var req CreateRequest
	if err := httpkit.ReadJSON(w, r, &req); err != nil {
		return err
	}
	resp, err := a.srv.create(r.Context(), httpkit.ClientOf(r), httpkit.UserID(r), req)
	if err != nil {
		return err
	}
	httpkit.WriteJSON(w, http.StatusCreated, resp)
	return nil
}

// get answers the game's state as a spectator sees it.
func (a gamesAPI) get(w http.ResponseWriter, r *http.Request) error {
	s, err := a.game(r)
	if err != nil {
		return err
	}
	s.mu.Lock()
	st := s.state(nil)
	s.mu.Unlock()
	httpkit.WriteJSON(w, http.StatusOK, st)
	return nil
}

// join takes an open or invited seat and answers its token.
func (a gamesAPI) join(w http.ResponseWriter, r *http.Request) error {
	var req struct {
		Seat   int    `json:"seat"`
		Invite string `json:"invite,omitempty"` // the secret of a private link
	}
	if err := httpkit.ReadJSON(w, r, &req); err != nil {
		return err
	}
	tok, err := a.srv.Join(r.PathValue("id"), req.Seat, req.Invite, httpkit.UserID(r))
	if err != nil {
		return err
	}
	httpkit.WriteJSON(w, http.StatusOK, map[string]any{"token": tok, "seat": req.Seat})
	return nil
}

// ply returns the board after the first n moves, for browsing the move
// list.
func (a gamesAPI) ply(w http.ResponseWriter, r *http.Request) error {
	s, err := a.game(r)
	if err != nil {
		return err
	}
	n, err := strconv.Atoi(r.PathValue("n"))
	if err != nil {
		return apierr.New(apierr.BadRequest, "bad move number")
	}
	s.mu.Lock()
	p, err := s.t.PositionAt(n)
	s.mu.Unlock()
	if err != nil {
		return err
	}
	b := boardview.Of(p, false)
	b.Ply = n
	httpkit.WriteJSON(w, http.StatusOK, b)
	return nil
}
