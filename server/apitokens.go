package server

import (
	"net/http"
	"strconv"
	"time"

	"wyrm/server/account"
	"wyrm/server/httpkit"
)

// accountBotRoutes serves becoming a bot and the account's API tokens.
func (srv *Server) accountBotRoutes(mux *httpkit.Mux) {
	mux.HandleFunc("POST /api/account/bot", srv.handleBecomeBot)
	mux.HandleFunc("GET /api/account/tokens", srv.handleTokens)
	mux.HandleFunc("POST /api/account/tokens", srv.handleTokenCreate)
	mux.HandleFunc("POST /api/account/tokens/{id}/revoke", srv.handleTokenRevoke)
}

// apiTokenJSON is a token as its owner sees it in the list.
type apiTokenJSON struct {
	ID       string `json:"id"`
	Label    string `json:"label"`
	Created  int64  `json:"created"`
	LastUsed int64  `json:"lastUsed,omitempty"` // to the hour; absent if never
}

func viewAPIToken(t account.APIToken) apiTokenJSON {
	v := apiTokenJSON{ID: t.Handle, Label: t.Label, Created: t.Created.UnixMilli()}
	if !t.LastUsed.IsZero() {
		v.LastUsed = t.LastUsed.UnixMilli()
	}
	return v
}

// allowTokens takes one token or bot change from the client's and the
// account's rate.
func (srv *Server) allowTokens(r *http.Request, user int64) error {
	now := srv.now()
	for _, key := range []string{httpkit.ClientOf(r), "user:" + strconv.FormatInt(user, 10)} {
		if ok, retry := srv.limits.Tokens.Allow(key, now); !ok {
			return srv.limits.TooMany(httpkit.LimTokens, retry, "too many changes to API tokens; try again in %v", retry.Round(time.Second))
		}
	}
	return nil
}

// sessionAction is the start of every handler here: a session (not a
// token), within the rate, and a JSON body read into v.
func (srv *Server) sessionAction(w http.ResponseWriter, r *http.Request, v any) (httpkit.User, bool) {
	u, err := httpkit.SessionUser(r)
	if err == nil {
		err = srv.allowTokens(r, u.ID)
	}
	if err == nil {
		err = httpkit.ReadJSON(w, r, v)
	}
	if err != nil {
		httpkit.WriteError(w, err)
		return u, false
	}
	return u, true
}

// handleBecomeBot answers POST /api/account/bot ({}): the signed-in account
// becomes a bot, for good, if it has played no game.
func (srv *Server) handleBecomeBot(w http.ResponseWriter, r *http.Request) {
	var req struct{}
	u, ok := srv.sessionAction(w, r, &req)
	if !ok {
		return
	}
	bot, err := srv.accounts.MakeBot(r.Context(), u.ID)
	if err != nil {
		httpkit.WriteError(w, err)
		return
	}
	httpkit.WriteJSON(w, http.StatusOK, map[string]any{"name": bot.Name, "bot": bot.Bot})
}

// handleTokens answers GET /api/account/tokens: the account's tokens,
// without the tokens themselves.
func (srv *Server) handleTokens(w http.ResponseWriter, r *http.Request) {
	u, err := httpkit.SessionUser(r)
	if err != nil {
		httpkit.WriteError(w, err)
		return
	}
	if !srv.allowRead(w, r) {
		return
	}
	list, err := srv.accounts.APITokens(r.Context(), u.ID)
	if err != nil {
		httpkit.WriteError(w, err)
		return
	}
	out := make([]apiTokenJSON, len(list))
	for i, t := range list {
		out[i] = viewAPIToken(t)
	}
	httpkit.WriteJSON(w, http.StatusOK, map[string]any{"tokens": out})
}

// handleTokenCreate answers POST /api/account/tokens ({"label"}) with the
// new token, shown this once, and its description.
func (srv *Server) handleTokenCreate(w http.ResponseWriter, r *http.Request) {
	var req struct {
		Label string `json:"label"`
	}
	u, ok := srv.sessionAction(w, r, &req)
	if !ok {
		return
	}
	tok, t, err := srv.accounts.CreateAPIToken(r.Context(), u.ID, req.Label)
	if err != nil {
		httpkit.WriteError(w, err)
		return
	}
	httpkit.WriteJSON(w, http.StatusCreated, map[string]any{"token": tok, "info": viewAPIToken(t)})
}

// handleTokenRevoke answers POST /api/account/tokens/{id}/revoke ({}).
func (srv *Server) handleTokenRevoke(w http.ResponseWriter, r *http.Request) {
	var req struct{}
	u, ok := srv.sessionAction(w, r, &req)
	if !ok {
		return
	}
	if err := srv.accounts.RevokeAPIToken(r.Context(), u.ID, r.PathValue("id")); err != nil {
		httpkit.WriteError(w, err)
		return
	}
	httpkit.WriteJSON(w, http.StatusOK, map[string]bool{"ok": true})
}
