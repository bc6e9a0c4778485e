package account

import (
	"net/http"
	"strconv"

	"wyrm/server/httpkit"
)

// apiTokenJSON is a token as its owner sees it in the list.
type apiTokenJSON struct {
	ID       string `json:"id"`
	Label    string `json:"label"`
	Created  int64  `json:"created"`
	LastUsed int64  `json:"lastUsed,omitempty"` // to the hour; absent if never
}

func viewAPIToken(t APIToken) apiTokenJSON {
	v := apiTokenJSON{ID: t.Handle, Label: t.Label, Created: t.Created.UnixMilli()}
	if !t.LastUsed.IsZero() {
		v.LastUsed = t.LastUsed.UnixMilli()
	}
	return v
}

// allowTokens takes one token or bot change from the client's and the
// account's rate.
func (a *API) allowTokens(r *http.Request, user int64) error {
	now := a.Now()
	for _, key := range []string{httpkit.ClientOf(r), "user:" + strconv.FormatInt(user, 10)} {
		if err := a.Limits.Allow(a.Limits.Tokens, httpkit.LimTokens, key, now, "too many changes to API tokens; try again in %v"); err != nil {
			return err
		}
	}
	return nil
}

// sessionAction is the start of every change here: a session (not a
// token), within the rate, and a JSON body read into v.
func (a *API) sessionAction(w http.ResponseWriter, r *http.Request, v any) (httpkit.User, error) {
	u, err := httpkit.SessionUser(r)
	if err == nil {
		err = a.allowTokens(r, u.ID)
	}
	if err == nil {
		err = httpkit.ReadJSON(w, r, v)
	}
	return u, err
}

// becomeBot answers POST /api/account/bot ({}): the signed-in account
// becomes a bot, for good, if it has played no game.
func (a *API) becomeBot(w http.ResponseWriter, r *http.Request) error {
	var req struct{}
	u, err := a.sessionAction(w, r, &req)
	if err != nil {
		return err
	}
	bot, err := a.Accounts.MakeBot(r.Context(), u.ID)
	if err != nil {
		return err
	}
	httpkit.WriteJSON(w, http.StatusOK, map[string]any{"name": bot.Name, "bot": bot.Bot})
	return nil
}

// tokens answers GET /api/account/tokens: the account's tokens, without
// the tokens themselves.
func (a *API) tokens(w http.ResponseWriter, r *http.Request) error {
	u, err := httpkit.SessionUser(r)
	if err != nil {
		return err
	}
	if err := AllowRead(a.Limits, r, a.Now()); err != nil {
		return err
	}
	list, err := a.Accounts.APITokens(r.Context(), u.ID)
	if err != nil {
		return err
	}
	out := make([]apiTokenJSON, len(list))
	for i, t := range list {
		out[i] = viewAPIToken(t)
	}
	httpkit.WriteJSON(w, http.StatusOK, map[string]any{"tokens": out})
	return nil
}

// tokenCreate answers POST /api/account/tokens ({"label"}) with the new
// token, shown this once, and its description.
func (a *API) tokenCreate(w http.ResponseWriter, r *http.Request) error {
	var req struct {
		Label string `json:"label"`
	}
	u, err := a.sessionAction(w, r, &req)
	if err != nil {
		return err
	}
	tok, t, err := a.Accounts.CreateAPIToken(r.Context(), u.ID, req.Label)
	if err != nil {
		return err
	}
	httpkit.WriteJSON(w, http.StatusCreated, map[string]any{"token": tok, "info": viewAPIToken(t)})
	return nil
}

// tokenRevoke answers POST /api/account/tokens/{id}/revoke ({}).
func (a *API) tokenRevoke(w http.ResponseWriter, r *http.Request) error {
	var req struct{}
	u, err := a.sessionAction(w, r, &req)
	if err != nil {
		return err
	}
	if err := a.Accounts.RevokeAPIToken(r.Context(), u.ID, r.PathValue("id")); err != nil {
		return err
	}
	a.kick()
	httpkit.WriteJSON(w, http.StatusOK, map[string]bool{"ok": true})
	return nil
}
