// Package owndata is a player's hold on their own data: a download of
// everything the server keeps about their account (GET
// /api/account/export) and closing it (POST /api/account/close, with the
// password). Both need the account's password session, not an API token,
// so that a leaked token can neither carry the data away nor end the
// account.
package owndata

import (
	"net/http"
	"strconv"
	"time"

	"wyrm/server/account"
	"wyrm/server/chat"
	"wyrm/server/httpkit"
)

// Seats resigns a closed account's seats in the games under way.
type Seats interface {
	ResignAccount(user int64) int
}

// API serves a player's own data.
type API struct {
	Accounts *account.Accounts
	// Chat keeps the player's messages, reports and blocks; nil: no chat.
	Chat *chat.Store
	// Seats and Kick are as in server/moderation; either may be nil.
	Seats Seats
	Kick  func()
	// Limits are the server's; Now their clock.
	Limits *httpkit.Limiters
	Now    func() time.Time
}

// Routes registers the routes on mux.
func (a *API) Routes(mux *httpkit.Mux) {
	mux.HandleErr("GET /api/account/export", a.export)
	mux.HandleErr("POST /api/account/close", a.close)
}

// allow takes one request from the client's and the account's rate of
// account changes (that of API tokens and settings).
func (a *API) allow(r *http.Request, user int64) error {
	now := a.Now()
	for _, key := range []string{httpkit.ClientOf(r), "user:" + strconv.FormatInt(user, 10)} {
		if err := a.Limits.Allow(a.Limits.Tokens, httpkit.LimTokens, key, now, "too many account requests; try again in %v"); err != nil {
			return err
		}
	}
	return nil
}

// export answers everything kept about the signed-in account, as a JSON
// file to save.
func (a *API) export(w http.ResponseWriter, r *http.Request) error {
	u, err := httpkit.SessionUser(r)
	if err != nil {
		return err
	}
	if err := a.allow(r, u.ID); err != nil {
		return err
	}
	out, err := a.Accounts.Export(r.Context(), u.ID)
	if err != nil {
		return err
	}
	if a.Chat != nil {
		talk, err := a.Chat.Export(r.Context(), u.ID)
		if err != nil {
			return err
		}
		for k, v := range talk {
			out[k] = v
		}
	}
	out["exported"] = a.Now().UnixMilli()
	w.Header().Set("Content-Disposition", `attachment; filename="wyrm-`+u.Name+`.json"`)
	httpkit.WriteJSON(w, http.StatusOK, out)
	return nil
}

// close answers POST /api/account/close ({"password"}): the account is
// closed (account.CloseOwn), its seats in games under way resign, and the
// browser's cookie is cleared.
func (a *API) close(w http.ResponseWriter, r *http.Request) error {
	var req struct {
		Password string `json:"password"`
	}
	u, err := httpkit.SessionUser(r)
	if err != nil {
		return err
	}
	if err := a.allow(r, u.ID); err != nil {
		return err
	}
	if err := httpkit.ReadJSON(w, r, &req); err != nil {
		return err
	}
	if _, err := a.Accounts.CloseOwn(r.Context(), u.Session, req.Password, httpkit.ClientOf(r)); err != nil {
		return err
	}
	if a.Kick != nil {
		a.Kick()
	}
	resigned := 0
	if a.Seats != nil {
		resigned = a.Seats.ResignAccount(u.ID)
	}
	http.SetCookie(w, account.ClearCookie(httpkit.HTTPS(r)))
	httpkit.WriteJSON(w, http.StatusOK, map[string]any{"closed": true, "resigned": resigned})
	return nil
}
