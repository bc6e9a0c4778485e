package server

import (
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"net/http"
	"sort"
	"strconv"
	"strings"
	"time"

	"wyrm/game"
)

const maxBody = 64 << 10

func writeJSON(w http.ResponseWriter, code int, v any) {
	w.Header().Set("Content-Type", "application/json")
	w.Header().Set("Cache-Control", "no-store")
	w.WriteHeader(code)
	_ = json.NewEncoder(w).Encode(v)
}

func writeError(w http.ResponseWriter, code int, msg string) {
	writeJSON(w, code, map[string]string{"error": msg})
}

// bodyTimeout bounds the reading of a request body, so that a client
// trickling (or never sending) its body cannot hold a connection forever.
const bodyTimeout = 10 * time.Second

func readJSON(w http.ResponseWriter, r *http.Request, v any) error {
	_ = http.NewResponseController(w).SetReadDeadline(time.Now().Add(bodyTimeout))
	dec := json.NewDecoder(http.MaxBytesReader(w, r.Body, maxBody))
	dec.DisallowUnknownFields()
	if err := dec.Decode(v); err != nil {
		return fmt.Errorf("malformed request: %v", err)
	}
	// One JSON value per body: trailing data means a broken client.
	if _, err := dec.Token(); err != io.EOF {
		return errors.New("malformed request: data after the JSON object")
	}
	return nil
}

func (srv *Server) handleHealth(w http.ResponseWriter, _ *http.Request) {
	if srv.closing() {
		writeError(w, http.StatusServiceUnavailable, "shutting down")
		return
	}
	writeJSON(w, http.StatusOK, map[string]any{"ok": true})
}

type metaGame struct {
	Name    string       `json:"name"`
	Title   string       `json:"title"`
	Options []optionJSON `json:"options"`
	Setup   bool         `json:"setup"`
}

// optionJSON is a game.Option for the browser.
type optionJSON struct {
	Name        string   `json:"name"`
	Description string   `json:"description,omitempty"`
	Kind        int      `json:"kind"` // 0 bool, 1 choice, 2 int, 3 text
	Default     string   `json:"default,omitempty"`
	Choices     []string `json:"choices,omitempty"`
	Min         int      `json:"min,omitempty"`
	Max         int      `json:"max,omitempty"`
}

func (srv *Server) handleMeta(w http.ResponseWriter, _ *http.Request) {
	out := []metaGame{}
	for _, g := range srv.order {
		_, setup := g.(game.SetupGame)
		opts := []optionJSON{}
		for _, o := range g.Options() {
			opts = append(opts, optionJSON{Name: o.Name, Description: o.Description, Kind: int(o.Kind), Default: o.Default,
				Choices: o.Choices, Min: o.Min, Max: o.Max})
		}
		out = append(out, metaGame{Name: g.Name(), Title: g.Title(), Options: opts, Setup: setup})
	}
	writeJSON(w, http.StatusOK, map[string]any{"games": out, "maxLevel": maxLevel})
}

// handleSeats answers how many seats a game with the given options has, or
// why the options are wrong.
func (srv *Server) handleSeats(w http.ResponseWriter, r *http.Request) {
	opts := game.Options{}
	if o := r.URL.Query().Get("options"); o != "" {
		if err := json.Unmarshal([]byte(o), &opts); err != nil {
			writeError(w, http.StatusBadRequest, "malformed options")
			return
		}
	}
	_, n, err := srv.players(r.URL.Query().Get("game"), opts)
	if err != nil {
		writeError(w, http.StatusBadRequest, err.Error())
		return
	}
	writeJSON(w, http.StatusOK, map[string]int{"players": n})
}

type listEntry struct {
	ID      string     `json:"id"`
	Game    string     `json:"game"`
	Title   string     `json:"title"`
	Created int64      `json:"created"`
	Stage   string     `json:"stage"`
	Plies   int        `json:"plies"`
	Open    []int      `json:"open"` // invited seats nobody took yet
	Seats   []seatJSON `json:"seats"`
	Result  string     `json:"result,omitempty"`
}

func (srv *Server) handleList(w http.ResponseWriter, _ *http.Request) {
	srv.mu.Lock()
	all := make([]*session, 0, len(srv.sessions))
	for _, s := range srv.sessions {
		all = append(all, s)
	}
	srv.mu.Unlock()
	var open, playing, over []listEntry
	for _, s := range all {
		s.mu.Lock()
		e := listEntry{ID: s.id, Game: s.g.Name(), Title: s.g.Title(), Created: s.created, Stage: s.stage(),
			Plies: len(s.plies), Open: []int{}, Seats: s.seats(s.waiting())}
		for i, seat := range e.Seats {
			if !seat.Taken {
				e.Open = append(e.Open, i)
			}
		}
		if o := s.outcome(); o.Over {
			e.Result = o.Reason
		}
		s.mu.Unlock()
		switch {
		case e.Stage == "over":
			over = append(over, e)
		case len(e.Open) > 0:
			open = append(open, e)
		default:
			playing = append(playing, e)
		}
	}
	for _, l := range [][]listEntry{open, playing, over} {
		sort.Slice(l, func(i, j int) bool { return l[i].Created > l[j].Created })
	}
	if len(over) > 20 {
		over = over[:20]
	}
	writeJSON(w, http.StatusOK, map[string]any{"open": nz(open), "playing": nz(playing), "finished": nz(over)})
}

func nz(l []listEntry) []listEntry {
	if l == nil {
		return []listEntry{}
	}
	return l
}

func (srv *Server) handleCreate(w http.ResponseWriter, r *http.Request) {
	var req CreateRequest
	if err := readJSON(w, r, &req); err != nil {
		writeError(w, http.StatusBadRequest, err.Error())
		return
	}
	resp, err := srv.Create(r.Context(), req)
	if err != nil {
		writeError(w, http.StatusBadRequest, err.Error())
		return
	}
	writeJSON(w, http.StatusCreated, resp)
}

func (srv *Server) handleGet(w http.ResponseWriter, r *http.Request) {
	s := srv.session(r.PathValue("id"))
	if s == nil {
		writeError(w, http.StatusNotFound, "no such game")
		return
	}
	s.mu.Lock()
	st := s.state(nil)
	s.mu.Unlock()
	writeJSON(w, http.StatusOK, st)
}

func (srv *Server) handleJoin(w http.ResponseWriter, r *http.Request) {
	var req struct {
		Seat int `json:"seat"`
	}
	if err := readJSON(w, r, &req); err != nil {
		writeError(w, http.StatusBadRequest, err.Error())
		return
	}
	tok, err := srv.Join(r.PathValue("id"), req.Seat)
	if err != nil {
		code := http.StatusConflict
		if err.Error() == "no such game" {
			code = http.StatusNotFound
		}
		writeError(w, code, err.Error())
		return
	}
	writeJSON(w, http.StatusOK, map[string]any{"token": tok, "seat": req.Seat})
}

// handlePly returns the board after the first n moves, for browsing the
// move list.
func (srv *Server) handlePly(w http.ResponseWriter, r *http.Request) {
	s := srv.session(r.PathValue("id"))
	if s == nil {
		writeError(w, http.StatusNotFound, "no such game")
		return
	}
	n, err := strconv.Atoi(r.PathValue("n"))
	if err != nil {
		writeError(w, http.StatusBadRequest, "bad move number")
		return
	}
	s.mu.Lock()
	p, err := s.positionAt(n)
	s.mu.Unlock()
	if err != nil {
		writeError(w, http.StatusNotFound, err.Error())
		return
	}
	b := viewBoard(p, false)
	b.Ply = n
	writeJSON(w, http.StatusOK, b)
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
				writeError(rec, http.StatusInternalServerError, "internal error")
			}
			d := time.Since(start)
			if !strings.HasPrefix(r.URL.Path, "/ws/") { // websockets live for minutes
				srv.metrics.observeHTTP(d)
			}
			if r.URL.Path != "/healthz" && r.URL.Path != "/metrics" {
				srv.log.Debug("http", "method", r.Method, "path", r.URL.Path, "status", rec.code, "ms", d.Milliseconds())
			}
		}()
		w.Header().Set("X-Content-Type-Options", "nosniff")
		h.ServeHTTP(rec, r)
	})
}

func asErr(v any) error {
	if e, ok := v.(error); ok {
		return e
	}
	return nil
}
