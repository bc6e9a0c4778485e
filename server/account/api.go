package account

import (
	"context"
	"errors"
	"log/slog"
	"net/http"
	"time"

	"wyrm/server/httpkit"
)

// API is the accounts' HTTP API: signing up, in and out, the password,
// the account's own details, its API tokens and becoming a bot, and the
// authentication of every request (Authenticate).
type API struct {
	// Accounts keeps the accounts; nil serves guests only, and then only
	// GET /api/account/me is served.
	Accounts *Accounts
	// Limits are the server's limits, shared with its other features.
	Limits *httpkit.Limiters
	// Log takes what a client is not told.
	Log *slog.Logger
	// Now is the clock of the limits.
	Now func() time.Time
	// Watch ends the open requests of credentials that end (see Hold);
	// nil leaves them open.
	Watch *Watcher
}

// Routes registers the API's routes on mux.
func (a *API) Routes(mux *httpkit.Mux) {
	if a.Accounts != nil {
		mux.HandleErr("POST /api/account/signup", a.signUp)
		mux.HandleErr("POST /api/account/login", a.logIn)
		mux.HandleErr("POST /api/account/logout", a.logOut)
		mux.HandleErr("POST /api/account/logout-all", a.logOutEverywhere)
		mux.HandleErr("POST /api/account/password", a.password)
		mux.HandleErr("POST /api/account/bot", a.becomeBot)
		mux.HandleErr("POST /api/account/settings", a.settings)
		mux.HandleErr("GET /api/account/language", a.language)
		mux.HandleErr("POST /api/account/language", a.language)
		mux.HandleErr("GET /api/account/tokens", a.tokens)
		mux.HandleErr("POST /api/account/tokens", a.tokenCreate)
		mux.HandleErr("POST /api/account/tokens/{id}/revoke", a.tokenRevoke)
	}
	// A guest's page asks too, so this one is served without accounts.
	mux.HandleFunc("GET /api/account/me", a.me)
}

// accountJSON is what the page learns of its own account.
type accountJSON struct {
	SignedIn bool   `json:"signedIn"`
	ID       int64  `json:"id,omitempty"`
	Name     string `json:"name,omitempty"`
	CSRF     string `json:"csrf,omitempty"` // to send as X-CSRF-Token
	Bot      bool   `json:"bot,omitempty"`
	// RefuseStrangers: challenges come only from players played before.
	RefuseStrangers bool `json:"refuseStrangers,omitempty"`
	// Moderator: the web app shows the moderators' page (server/moderation).
	Moderator bool `json:"moderator,omitempty"`
	// Language is the one the player chose to read in ("" for the browser's).
	Language string `json:"language,omitempty"`
}

func (a *API) signUp(w http.ResponseWriter, r *http.Request) error {
	return a.signIn(w, r, a.Accounts.SignUp)
}

func (a *API) logIn(w http.ResponseWriter, r *http.Request) error {
	return a.signIn(w, r, a.Accounts.LogIn)
}

// signIn answers a sign-up or sign-in with the session's cookie.
func (a *API) signIn(w http.ResponseWriter, r *http.Request,
	f func(ctx context.Context, name, password, address string) (User, Session, error)) error {
	var req struct {
		Name     string `json:"name"`
		Password string `json:"password"`
	}
	if err := httpkit.ReadJSON(w, r, &req); err != nil {
		return err
	}
	u, sess, err := f(r.Context(), req.Name, req.Password, httpkit.ClientOf(r))
	if err != nil {
		return a.withRetry(err)
	}
	if old, ok := httpkit.UserOf(r); ok {
		// The session this browser held before (its own, or one planted in
		// it) ends: a sign-in always leaves one fresh session behind.
		if err := a.Accounts.SignOut(r.Context(), old.Session); err != nil {
			a.Log.Warn("end the session replaced by a sign-in", "err", err)
		}
	}
	http.SetCookie(w, SessionCookie(sess, httpkit.HTTPS(r)))
	out := accountJSON{SignedIn: true, ID: u.ID, Name: u.Name, CSRF: CSRFToken(sess.Token)}
	// The page shows a moderator the moderators' link at once; a failure
	// to read it only leaves the link for the next page load.
	out.Moderator, _ = a.Accounts.IsModerator(r.Context(), u.ID)
	// The account's language applies at once (the page switches to it); a
	// failure to read it leaves the page's own until the next load.
	out.Language, _ = a.Accounts.Language(r.Context(), u.ID)
	httpkit.WriteJSON(w, http.StatusOK, out)
	return nil
}

// withRetry gives a sign-in limit's wait to httpkit, which sends it as
// Retry-After, counting a full hashing queue in /metrics.
func (a *API) withRetry(err error) error {
	var re *RetryError
	if errors.Is(err, ErrHashingBusy) && a.Limits != nil {
		a.Limits.Refuse(httpkit.LimHashing)
	}
	if errors.As(err, &re) {
		return httpkit.Retry(err, re.After)
	}
	return err
}

func (a *API) me(w http.ResponseWriter, r *http.Request) {
	u, ok := httpkit.UserOf(r)
	if !ok {
		httpkit.WriteJSON(w, http.StatusOK, accountJSON{})
		return
	}
	me := accountJSON{SignedIn: true, ID: u.ID, Name: u.Name, Bot: u.Bot}
	if !u.Bearer {
		me.CSRF = CSRFToken(u.Session)
	}
	if a.Accounts != nil {
		on, err := a.Accounts.RefusesStrangers(r.Context(), u.ID)
		if err != nil {
			httpkit.WriteError(w, err)
			return
		}
		me.RefuseStrangers = on
		if me.Language, err = a.Accounts.Language(r.Context(), u.ID); err != nil {
			httpkit.WriteError(w, err)
			return
		}
		if !u.Bearer {
			if me.Moderator, err = a.Accounts.IsModerator(r.Context(), u.ID); err != nil {
				httpkit.WriteError(w, err)
				return
			}
		}
	}
	httpkit.WriteJSON(w, http.StatusOK, me)
}

func (a *API) logOut(w http.ResponseWriter, r *http.Request) error {
	return a.signOut(w, r, a.Accounts.SignOut)
}

// tokensChoice is the part of a sign-out everywhere or a password change
// about the account's API tokens: a leaked password may have made them,
// so the player may end them too; they are kept unless asked.
type tokensChoice struct {
	RevokeTokens bool `json:"revokeTokens,omitempty"`
}

// apply revokes user's API tokens if asked, and adds to out what became of
// them ("apiTokens": "revoked" with how many, or "kept").
func (c tokensChoice) apply(ctx context.Context, a *Accounts, user int64, out map[string]any) error {
	if !c.RevokeTokens {
		out["apiTokens"] = "kept"
		return nil
	}
	n, err := a.RevokeAllAPITokens(ctx, user)
	if err != nil {
		return err
	}
	out["apiTokens"], out["tokensRevoked"] = "revoked", n
	return nil
}

func (a *API) logOutEverywhere(w http.ResponseWriter, r *http.Request) error {
	u, err := httpkit.SessionUser(r)
	if err != nil {
		return err
	}
	var req tokensChoice
	if r.ContentLength != 0 { // an empty body keeps the tokens, as before
		if err := httpkit.ReadJSON(w, r, &req); err != nil {
			return err
		}
	}
	if err := a.Accounts.SignOutEverywhere(r.Context(), u.Session); err != nil {
		return a.withRetry(err)
	}
	out := map[string]any{"signedIn": false}
	err = req.apply(r.Context(), a.Accounts, u.ID, out)
	a.kick()
	if err != nil {
		return err
	}
	http.SetCookie(w, ClearCookie(httpkit.HTTPS(r)))
	httpkit.WriteJSON(w, http.StatusOK, out)
	return nil
}

func (a *API) signOut(w http.ResponseWriter, r *http.Request, f func(context.Context, string) error) error {
	u, err := httpkit.SessionUser(r)
	if err != nil {
		return err
	}
	if err := f(r.Context(), u.Session); err != nil {
		return a.withRetry(err)
	}
	a.kick()
	http.SetCookie(w, ClearCookie(httpkit.HTTPS(r)))
	httpkit.WriteJSON(w, http.StatusOK, accountJSON{})
	return nil
}

func (a *API) password(w http.ResponseWriter, r *http.Request) error {
	u, err := httpkit.SessionUser(r)
	if err != nil {
		return err
	}
	var req struct {
		Old string `json:"old"`
		New string `json:"new"`
		tokensChoice
	}
	if err := httpkit.ReadJSON(w, r, &req); err != nil {
		return err
	}
	if err := a.Accounts.ChangePassword(r.Context(), u.Session, req.Old, req.New, httpkit.ClientOf(r)); err != nil {
		return a.withRetry(err)
	}
	out := map[string]any{"ok": true}
	err = req.tokensChoice.apply(r.Context(), a.Accounts, u.ID, out)
	a.kick()
	if err != nil {
		return err
	}
	httpkit.WriteJSON(w, http.StatusOK, out)
	return nil
}

// kick has this node's open requests checked now, after a change here
// ended a credential; other nodes see it at their next check.
func (a *API) kick() {
	if a.Watch != nil {
		a.Watch.Kick()
	}
}
