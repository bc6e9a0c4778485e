package server

import (
	"context"
	"net/http"
	"strconv"
	"strings"
	"time"

	"wyrm/server/account"
	"wyrm/server/apierr"
)

// A program acting for an account (a bot's bridge, a script) sends one of
// the account's API tokens as "Authorization: Bearer <token>" instead of a
// session cookie. Such a request needs no CSRF token and no JSON content
// type: a browser attaches cookies to another site's requests by itself,
// but never an Authorization header, which a page of another site could
// only set through a CORS preflight this server never grants. So a
// request that carries a good token was written by its holder.

// bearerOf returns the token of an "Authorization: Bearer" header, and
// whether the request has one. /metrics keeps its own bearer token
// (metricsAllowed), which is no account's.
func bearerOf(r *http.Request) (string, bool) {
	if r.URL.Path == "/metrics" {
		return "", false
	}
	h := r.Header.Get("Authorization")
	if len(h) < 7 || !strings.EqualFold(h[:7], "bearer ") {
		return "", false
	}
	return strings.TrimSpace(h[7:]), true
}

// authenticateBearer makes the request the token's account's. Bearer
// requests are limited per client before the token is looked up (so a
// guesser costs the database little) and per account after; a token that
// is not live is a 401.
func (srv *Server) authenticateBearer(r *http.Request, token string) (*http.Request, error) {
	if srv.accounts == nil {
		return r, apierr.New(apierr.Unauthorized, "this server has no accounts, so no API tokens")
	}
	now := srv.now()
	if ok, retry := srv.limits.api.Allow("bearer:"+srv.clientKey(r), now); !ok {
		return r, srv.limits.tooMany(limAPI, retry, "too many API requests from your address; try again in %v", retry.Round(time.Second))
	}
	ctx, cancel := context.WithTimeout(r.Context(), 10*time.Second)
	defer cancel()
	u, err := srv.accounts.AuthenticateAPIToken(ctx, token)
	if err != nil {
		return r, err
	}
	if ok, retry := srv.limits.api.Allow("bearer-user:"+strconv.FormatInt(u.ID, 10), now); !ok {
		return r, srv.limits.tooMany(limAPI, retry, "too many API requests from your account; try again in %v", retry.Round(time.Second))
	}
	return r.WithContext(context.WithValue(r.Context(), userKey{}, signedIn{user: u, bearer: true})), nil
}

// withSession refuses a request made with an API token: managing tokens and
// becoming a bot need the account's password behind them (a session), so
// that a leaked token cannot make more tokens or outlive its revocation.
func withSession(r *http.Request) (signedIn, error) {
	u, ok := userOf(r)
	if !ok {
		return u, account.ErrNotSignedIn
	}
	if u.bearer {
		return u, apierr.New(apierr.Forbidden, "sign in with your password to manage API tokens; a token cannot")
	}
	return u, nil
}
