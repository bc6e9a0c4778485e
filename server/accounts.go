package server

import (
	"context"
	"errors"
	"net/http"
	"slices"
	"time"

	"wyrm/rating"
	"wyrm/server/account"
	"wyrm/server/apierr"
	"wyrm/server/httpkit"
	"wyrm/server/table"
)

// authenticate reads the session cookie: a valid session puts its user in
// the request's context (renewing the cookie when the session slid), and
// a state-changing request on a session's behalf must carry its CSRF
// token. Without accounts, or without a cookie, the request is a guest's.
// A request with an API token is its account's, whatever cookie it has.
func (srv *Server) authenticate(w http.ResponseWriter, r *http.Request) (*http.Request, error) {
	if bearer, ok := httpkit.Bearer(r); ok {
		return srv.authenticateBearer(r, bearer)
	}
	tok := account.TokenFrom(r)
	if srv.accounts == nil || tok == "" {
		return r, nil
	}
	u, sess, err := srv.accounts.Authenticate(r.Context(), tok)
	if err != nil {
		// A stale cookie makes a guest, not an error; it is cleared.
		http.SetCookie(w, account.ClearCookie(r.TLS != nil))
		return r, nil
	}
	if httpkit.StateChanging(r) {
		if err := account.CheckCSRF(r, tok); err != nil {
			return r, err
		}
	}
	if sess.Renewed {
		http.SetCookie(w, account.SessionCookie(sess, r.TLS != nil))
	}
	return httpkit.WithUser(r, httpkit.User{ID: u.ID, Name: u.Name, Bot: u.Bot, Session: tok}), nil
}

// accountJSON is what the page learns of its own account.
type accountJSON struct {
	SignedIn bool   `json:"signedIn"`
	ID       int64  `json:"id,omitempty"`
	Name     string `json:"name,omitempty"`
	CSRF     string `json:"csrf,omitempty"` // to send as X-CSRF-Token
	Bot      bool   `json:"bot,omitempty"`
}

func (srv *Server) handleSignUp(w http.ResponseWriter, r *http.Request) {
	srv.signIn(w, r, srv.accounts.SignUp)
}

func (srv *Server) handleLogIn(w http.ResponseWriter, r *http.Request) {
	srv.signIn(w, r, srv.accounts.LogIn)
}

// signIn answers a sign-up or sign-in with the session's cookie.
func (srv *Server) signIn(w http.ResponseWriter, r *http.Request,
	f func(ctx context.Context, name, password, address string) (account.User, account.Session, error)) {
	var req struct {
		Name     string `json:"name"`
		Password string `json:"password"`
	}
	if err := httpkit.ReadJSON(w, r, &req); err != nil {
		httpkit.WriteError(w, err)
		return
	}
	u, sess, err := f(r.Context(), req.Name, req.Password, httpkit.ClientOf(r))
	if err != nil {
		writeAccountErr(w, err)
		return
	}
	if old, ok := httpkit.UserOf(r); ok {
		// The session this browser held before (its own, or one planted in
		// it) ends: a sign-in always leaves one fresh session behind.
		if err := srv.accounts.SignOut(r.Context(), old.Session); err != nil {
			srv.log.Warn("end the session replaced by a sign-in", "err", err)
		}
	}
	http.SetCookie(w, account.SessionCookie(sess, r.TLS != nil))
	httpkit.WriteJSON(w, http.StatusOK, accountJSON{SignedIn: true, ID: u.ID, Name: u.Name, CSRF: account.CSRFToken(sess.Token)})
}

// writeAccountErr answers an account error, with Retry-After for a
// sign-in limit.
func writeAccountErr(w http.ResponseWriter, err error) {
	var re *account.RetryError
	if errors.As(err, &re) {
		err = httpkit.Retry(err, re.After)
	}
	httpkit.WriteError(w, err)
}

func (srv *Server) handleMe(w http.ResponseWriter, r *http.Request) {
	u, ok := httpkit.UserOf(r)
	if !ok {
		httpkit.WriteJSON(w, http.StatusOK, accountJSON{})
		return
	}
	me := accountJSON{SignedIn: true, ID: u.ID, Name: u.Name, Bot: u.Bot}
	if !u.Bearer {
		me.CSRF = account.CSRFToken(u.Session)
	}
	httpkit.WriteJSON(w, http.StatusOK, me)
}

func (srv *Server) handleLogOut(w http.ResponseWriter, r *http.Request) {
	srv.signOut(w, r, srv.accounts.SignOut)
}

func (srv *Server) handleLogOutEverywhere(w http.ResponseWriter, r *http.Request) {
	srv.signOut(w, r, srv.accounts.SignOutEverywhere)
}

func (srv *Server) signOut(w http.ResponseWriter, r *http.Request, f func(context.Context, string) error) {
	u, err := httpkit.SessionUser(r)
	if err != nil {
		httpkit.WriteError(w, err)
		return
	}
	if err := f(r.Context(), u.Session); err != nil {
		writeAccountErr(w, err)
		return
	}
	http.SetCookie(w, account.ClearCookie(r.TLS != nil))
	httpkit.WriteJSON(w, http.StatusOK, accountJSON{})
}

func (srv *Server) handlePassword(w http.ResponseWriter, r *http.Request) {
	u, err := httpkit.SessionUser(r)
	if err != nil {
		httpkit.WriteError(w, err)
		return
	}
	var req struct {
		Old string `json:"old"`
		New string `json:"new"`
	}
	if err := httpkit.ReadJSON(w, r, &req); err != nil {
		httpkit.WriteError(w, err)
		return
	}
	if err := srv.accounts.ChangePassword(r.Context(), u.Session, req.Old, req.New, httpkit.ClientOf(r)); err != nil {
		writeAccountErr(w, err)
		return
	}
	httpkit.WriteJSON(w, http.StatusOK, map[string]bool{"ok": true})
}

// ratingJSON is one rating pool of a profile.
type ratingJSON struct {
	Game        string  `json:"game"`
	Speed       string  `json:"speed"`
	Rating      float64 `json:"rating"`
	RD          float64 `json:"rd"`
	Provisional bool    `json:"provisional"`
	Games       int     `json:"games"`
}

// handlePlayer answers a player's profile: ratings, rating history per
// pool and recent games.
func (srv *Server) handlePlayer(w http.ResponseWriter, r *http.Request) {
	if !srv.allowRead(w, r) {
		return
	}
	u, err := srv.accounts.UserByName(r.Context(), r.PathValue("name"))
	if err != nil {
		httpkit.WriteError(w, apierr.New(apierr.NotFound, "no such player"))
		return
	}
	pools, err := srv.accounts.Ratings(r.Context(), u.ID)
	if err != nil {
		httpkit.WriteError(w, err)
		return
	}
	out := map[string]any{"name": u.Name, "created": u.Created.UnixMilli(), "bot": u.Bot}
	ratings := []ratingJSON{}
	history := map[string]any{}
	for _, p := range pools {
		ratings = append(ratings, ratingJSON{Game: p.Game, Speed: string(p.Speed), Rating: p.Rating.R, RD: p.Rating.RD,
			Provisional: p.Rating.Provisional(), Games: p.Games})
		if pts, err := srv.accounts.History(r.Context(), u.ID, p.Game, p.Speed); err == nil {
			history[p.Game+"/"+string(p.Speed)] = pts
		}
	}
	out["ratings"], out["history"] = ratings, history
	games, err := srv.accounts.Games(r.Context(), u.ID, time.Now(), pageMax)
	if err != nil {
		httpkit.WriteError(w, err)
		return
	}
	out["games"] = games
	httpkit.WriteJSON(w, http.StatusOK, out)
}

// bindSeats gives a connection the seats its account holds in the game.
// Caller holds s.mu.
func (c *client) bindSeats(user int64) {
	if user == 0 {
		return
	}
	var added []int
	for i, u := range c.s.t.Users {
		if u == user && !slices.Contains(c.seats, i) {
			c.seats = append(c.seats, i)
			added = append(added, i)
		}
	}
	c.s.arrive(added)
}

// recordResult stores a finished game's result for its players' accounts,
// rating it when it is rated: once per game, so that calling it again
// (after a restart) changes nothing. Caller holds s.mu.
func (s *session) recordResult() {
	t := s.t
	o := t.Outcome()
	acc := s.srv.accounts
	if acc == nil || !o.Over || o.Reason == "" || len(t.Plies) < t.Seats() {
		return // no accounts, not over, or aborted before every seat moved
	}
	anyone := false
	for _, u := range t.Users {
		anyone = anyone || u != 0
	}
	if !anyone {
		return
	}
	tc := t.Def.Clock
	res := account.Result{GameID: s.id, Game: s.g.Info().Name, Rated: t.Def.Rated && s.rateable(),
		Speed: rating.SpeedOf(tc.Initial, tc.Increment, tc.Days),
		At:    time.UnixMilli(t.Log[len(t.Log)-1].AtMs)}
	if s.g.Info().Placings {
		res.System = account.Placings
	}
	for i, place := range t.Places() {
		res.Players = append(res.Players, account.Player{UserID: t.Users[i], Place: place})
	}
	ctx, cancel := context.WithTimeout(context.Background(), 10*time.Second)
	defer cancel()
	if _, err := acc.RecordResult(ctx, res); err != nil {
		s.srv.log.Error("record result", "game", s.id, "err", err)
	}
}

// rateable reports whether every seat is a person with an account of its
// own. Caller holds s.mu.
func (s *session) rateable() bool {
	seen := map[int64]bool{}
	for i, u := range s.t.Users {
		if u == 0 || s.t.Def.Seats[i].Kind == table.SeatComputer || seen[u] {
			return false
		}
		seen[u] = true
	}
	return true
}
