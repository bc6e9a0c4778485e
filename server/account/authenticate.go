package account

import (
	"context"
	"net/http"
	"strconv"
	"time"

	"wyrm/server/apierr"
	"wyrm/server/httpkit"
)

// Authenticate is the front door's step that tells whose request r is. A
// valid session cookie puts its user in the request's context (renewing
// the cookie when the session slid), and a state-changing request on a
// session's behalf must carry its CSRF token. Without accounts, or
// without a cookie, the request is a guest's. A request with an API token
// is its account's, whatever cookie it has.
func (a *API) Authenticate(w http.ResponseWriter, r *http.Request) (*http.Request, error) {
	if bearer, ok := httpkit.Bearer(r); ok {
		return a.authenticateBearer(r, bearer)
	}
	tok := TokenFrom(r)
	if a.Accounts == nil || tok == "" {
		return r, nil
	}
	u, sess, err := a.Accounts.Authenticate(r.Context(), tok)
	if err != nil {
		// A stale cookie makes a guest, not an error; it is cleared.
		http.SetCookie(w, ClearCookie(httpkit.HTTPS(r)))
		return r, nil
	}
	if httpkit.StateChanging(r) {
		if err := CheckCSRF(r, tok); err != nil {
			return r, err
		}
	}
	if sess.Renewed {
		http.SetCookie(w, SessionCookie(sess, httpkit.HTTPS(r)))
	}
	return httpkit.WithUser(r, httpkit.User{ID: u.ID, Name: u.Name, Bot: u.Bot, Session: tok}), nil
}

// authenticateBearer makes the request the token's account's. Bearer
// requests are limited per client before the token is looked up (so a
// guesser costs the database little) and per account after; a token that
// is not live is a 401.
func (a *API) authenticateBearer(r *http.Request, token string) (*http.Request, error) {
	if a.Accounts == nil {
		return r, apierr.New(apierr.Unauthorized, "this server has no accounts, so no API tokens")
	}
	now := a.Now()
	if err := a.Limits.Allow(a.Limits.API, httpkit.LimAPI, "bearer:"+httpkit.ClientOf(r), now,
		"too many API requests from your address; try again in %v"); err != nil {
		return r, err
	}
	ctx, cancel := context.WithTimeout(r.Context(), 10*time.Second)
	defer cancel()
	u, err := a.Accounts.AuthenticateAPIToken(ctx, token)
	if err != nil {
		return r, err
	}
	if err := a.Limits.Allow(a.Limits.API, httpkit.LimAPI, "bearer-user:"+strconv.FormatInt(u.ID, 10), now,
		"too many API requests from your account; try again in %v"); err != nil {
		return r, err
	}
	return httpkit.WithUser(r, httpkit.User{ID: u.ID, Name: u.Name, Bot: u.Bot, Bearer: true}), nil
}

// AllowRead takes one of the client's reads of the accounts' database
// (profiles, lists, leaderboards, the account's own tokens and
// challenges), refusing with a TooMany error when they are spent. Every
// feature that reads the accounts for a client counts it here, so that
// all of them share one budget.
func AllowRead(ls *httpkit.Limiters, r *http.Request, now time.Time) error {
	return ls.Allow(ls.Reads, httpkit.LimReads, httpkit.ClientOf(r), now,
		"too many profile and list requests from your address; try again in %v")
}

// Hold ties r to the credential it was made with: its context is
// cancelled with ErrCredentialsEnded when that session or token ends,
// which ends an open websocket or stream. Call release when r is done. A
// guest's request, or an API without a Watcher, is returned as it is.
func (a *API) Hold(r *http.Request) (*http.Request, func()) {
	u, ok := httpkit.UserOf(r)
	if !ok || a.Watch == nil {
		return r, func() {}
	}
	key := sessionKey(u.Session)
	if u.Bearer {
		tok, _ := httpkit.Bearer(r)
		key = tokenKey(tok)
	}
	ctx, release := a.Watch.hold(r.Context(), key)
	return r.WithContext(ctx), release
}
