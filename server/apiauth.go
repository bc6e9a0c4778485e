package server

import (
	"context"
	"net/http"
	"strconv"
	"time"

	"wyrm/server/apierr"
	"wyrm/server/httpkit"
)

// authenticateBearer makes the request the token's account's. Bearer
// requests are limited per client before the token is looked up (so a
// guesser costs the database little) and per account after; a token that
// is not live is a 401.
func (srv *Server) authenticateBearer(r *http.Request, token string) (*http.Request, error) {
	if srv.accounts == nil {
		return r, apierr.New(apierr.Unauthorized, "this server has no accounts, so no API tokens")
	}
	now := srv.now()
	if ok, retry := srv.limits.API.Allow("bearer:"+httpkit.ClientOf(r), now); !ok {
		return r, srv.limits.TooMany(httpkit.LimAPI, retry, "too many API requests from your address; try again in %v", retry.Round(time.Second))
	}
	ctx, cancel := context.WithTimeout(r.Context(), 10*time.Second)
	defer cancel()
	u, err := srv.accounts.AuthenticateAPIToken(ctx, token)
	if err != nil {
		return r, err
	}
	if ok, retry := srv.limits.API.Allow("bearer-user:"+strconv.FormatInt(u.ID, 10), now); !ok {
		return r, srv.limits.TooMany(httpkit.LimAPI, retry, "too many API requests from your account; try again in %v", retry.Round(time.Second))
	}
	return httpkit.WithUser(r, httpkit.User{ID: u.ID, Name: u.Name, Bot: u.Bot, Bearer: true}), nil
}
