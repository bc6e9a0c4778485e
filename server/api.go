package server

import (
	"encoding/json"
	"errors"
	"fmt"
	"net/http"
	"strconv"
	"strings"
	"time"

	"wyrm/game"
	"wyrm/game/boardview"
	"wyrm/rating"
	"wyrm/server/apierr"
	"wyrm/server/httpkit"
	"wyrm/server/table"
)

// errNoGame answers a game id that names no game.
var errNoGame = apierr.New(apierr.NotFound, "no such game")

func (srv *Server) handleHealth(w http.ResponseWriter, _ *http.Request) {
	if srv.life.Stopping() {
		httpkit.WriteError(w, apierr.New(apierr.Unavailable, "shutting down"))
		return
	}
	if srv.clusterHealth(w) {
		return
	}
	httpkit.WriteJSON(w, http.StatusOK, map[string]any{"ok": true})
}

type metaGame struct {
	Name    string        `json:"name"`
	Title   string        `json:"title"`
	Options []game.Option `json:"options"`
	Seats   []string      `json:"seats"` // seat names with the default options
	Setup   bool          `json:"setup"`
	Editor  bool          `json:"editor"` // positions can be set up by hand (game.Composer)
}

func (srv *Server) handleMeta(w http.ResponseWriter, _ *http.Request) {
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
func (srv *Server) handleSeats(w http.ResponseWriter, r *http.Request) {
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

func (srv *Server) handleCreate(w http.ResponseWriter, r *http.Request) {
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

func (srv *Server) handleGet(w http.ResponseWriter, r *http.Request) {
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

func (srv *Server) handleJoin(w http.ResponseWriter, r *http.Request) {
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
func (srv *Server) handlePly(w http.ResponseWriter, r *http.Request) {
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

// statusRecorder remembers the status code for the request log.
type statusRecorder struct {
	http.ResponseWriter
	code int
}

func (s *statusRecorder) WriteHeader(code int) {
	s.code = code
	s.ResponseWriter.WriteHeader(code)
}

// Unwrap lets http.ResponseController (and the websocket upgrade) reach the
// underlying writer.
func (s *statusRecorder) Unwrap() http.ResponseWriter { return s.ResponseWriter }

func (srv *Server) logRequests(h http.Handler) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		start := time.Now()
		rec := &statusRecorder{ResponseWriter: w, code: http.StatusOK}
		defer func() {
			if v := recover(); v != nil {
				if errors.Is(asErr(v), http.ErrAbortHandler) {
					panic(v)
				}
				srv.log.Error("handler panic", "path", r.URL.Path, "value", fmt.Sprint(v))
				httpkit.WriteError(rec, apierr.New(apierr.Internal, "internal error"))
			}
			d := time.Since(start)
			if !strings.HasPrefix(r.URL.Path, "/ws/") { // websockets live for minutes
				srv.metrics.ObserveHTTP(d)
			}
			if r.URL.Path != "/healthz" && r.URL.Path != "/metrics" {
				srv.log.Debug("http", "method", r.Method, "path", r.URL.Path, "status", rec.code, "ms", d.Milliseconds())
			}
		}()
		r = httpkit.WithClient(r, srv.clientKey(r))
		httpkit.SecureHeaders(w.Header())
		srv.setWriteDeadline(w, r)
		if err := httpkit.CheckSameOrigin(r); err != nil {
			httpkit.WriteError(rec, err)
			return
		}
		r, err := srv.accountAPI.Authenticate(rec, r)
		if err != nil {
			httpkit.WriteError(rec, err)
			return
		}
		h.ServeHTTP(rec, r)
	})
}

func asErr(v any) error {
	if e, ok := v.(error); ok {
		return e
	}
	return nil
}
