package httpkit

import (
	"context"
	"errors"
	"net/http"

	"wyrm/server/apierr"
)

// User is the account a request is made for: signed in with a session
// cookie, or acting through one of the account's API tokens.
type User struct {
	ID   int64
	Name string
	Bot  bool
	// Session is the session's secret; "" with an API token.
	Session string
	// Bearer marks a request made with an API token.
	Bearer bool
}

type userKey struct{}

// WithUser returns r made for u.
func WithUser(r *http.Request, u User) *http.Request {
	return r.WithContext(context.WithValue(r.Context(), userKey{}, u))
}

// UserOf returns the account r is made for, if any.
func UserOf(r *http.Request) (User, bool) {
	u, ok := r.Context().Value(userKey{}).(User)
	return u, ok
}

// UserID is the id of the account r is made for, 0 for a guest.
func UserID(r *http.Request) int64 {
	u, _ := UserOf(r)
	return u.ID
}

// ErrNotSignedIn answers a request that needs an account.
var ErrNotSignedIn = &apierr.Error{Code: apierr.Forbidden, Message: "not signed in"}

// SessionUser returns the account of a request signed in with a password
// session. A request made with an API token is refused: managing tokens
// and becoming a bot need the account's password behind them, so that a
// leaked token cannot make more tokens or outlive its revocation.
func SessionUser(r *http.Request) (User, error) {
	u, ok := UserOf(r)
	if !ok {
		return u, ErrNotSignedIn
	}
	if u.Bearer {
		return u, apierr.New(apierr.Forbidden, "sign in with your password to manage API tokens; a token cannot")
	}
	return u, nil
}

// ErrCredentialsEnded is the cause of a request's context when the session
// or API token it was made with ends while it is still open (signed out,
// signed out everywhere, the password changed, the token revoked), so that
// a websocket or a stream can say why it closes.
var ErrCredentialsEnded = errors.New("your session or API token has ended; sign in again")
