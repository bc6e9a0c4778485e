package account

import (
	"crypto/hmac"
	"crypto/sha256"
	"encoding/base64"
	"net/http"
	"time"

	"wyrm/server/apierr"
)

// CookieName is the session cookie's name.
const CookieName = "wyrm_session"

// SessionCookie is the cookie that carries s's token: HttpOnly so that no
// script reads it, SameSite=Lax so that other sites' forms and fetches do
// not carry it, Secure when the client came over https
// (httpkit.HTTPS: TLS here, or at a trusted proxy), and kept until
// the session would expire.
func SessionCookie(s Session, secure bool) *http.Cookie {
	return &http.Cookie{
		Name:     CookieName,
		Value:    s.Token,
		Path:     "/",
		Expires:  s.Expires,
		MaxAge:   max(1, int(time.Until(s.Expires)/time.Second)),
		HttpOnly: true,
		Secure:   secure,
		SameSite: http.SameSiteLaxMode,
	}
}

// ClearCookie is the cookie that removes the session cookie (on sign-out).
func ClearCookie(secure bool) *http.Cookie {
	return &http.Cookie{Name: CookieName, Value: "", Path: "/", MaxAge: -1, HttpOnly: true, Secure: secure, SameSite: http.SameSiteLaxMode}
}

// TokenFrom returns the session token r carries, or "".
func TokenFrom(r *http.Request) string {
	c, err := r.Cookie(CookieName)
	if err != nil {
		return ""
	}
	return c.Value
}

// CSRFHeader is the request header that must carry CSRFToken on every
// request that changes something on behalf of a session.
const CSRFHeader = "X-CSRF-Token"

// csrfLabel keys the HMAC to this one use of the token.
const csrfLabel = "wyrm csrf v1"

// CSRFToken returns the anti-forgery token of a session: an HMAC-SHA256
// keyed with the session's token. The session token is the per-session
// secret, so nothing more is stored; and since it is in an HttpOnly cookie,
// a script of another site can neither read it nor compute this, while
// knowing this reveals nothing of the session token. The server hands it
// to its own page (in the sign-in answer and with the account's details),
// which sends it back in CSRFHeader.
func CSRFToken(sessionToken string) string {
	m := hmac.New(sha256.New, []byte(sessionToken))
	m.Write([]byte(csrfLabel))
	return base64.RawURLEncoding.EncodeToString(m.Sum(nil))
}

// ErrCSRF refuses a request that would change something without the
// session's anti-forgery token.
var ErrCSRF = &apierr.Error{Code: apierr.Forbidden, Message: "missing or wrong " + CSRFHeader + "; reload the page"}

// CheckCSRF returns nil when r may act for the session sessionToken: a
// safe method (GET, HEAD, OPTIONS: they must change nothing), or a
// CSRFHeader equal to CSRFToken(sessionToken), compared in constant time.
// A request without a session has nothing to forge and is not checked
// here.
func CheckCSRF(r *http.Request, sessionToken string) error {
	switch r.Method {
	case http.MethodGet, http.MethodHead, http.MethodOptions:
		return nil
	}
	if sessionToken == "" {
		return nil
	}
	got := r.Header.Get(CSRFHeader)
	if got == "" || !hmac.Equal([]byte(got), []byte(CSRFToken(sessionToken))) {
		return ErrCSRF
	}
	return nil
}
