package httpkit

import (
	"mime"
	"net/http"
	"net/url"
	"strings"

	"wyrm/server/apierr"
)

// contentSecurityPolicy allows the app's own scripts only (no inline
// script), its own styles (the rules pages keep one inline style sheet),
// its own pictures and data: icons, websockets to itself, and no framing.
const contentSecurityPolicy = "default-src 'self'; script-src 'self' 'wasm-unsafe-eval'; style-src 'self' 'unsafe-inline'; " +
	"img-src 'self' data:; connect-src 'self'; worker-src 'self'; frame-ancestors 'none'; base-uri 'none'; form-action 'self'; object-src 'none'"

// hsts tells a browser that came over https to come only so for a year.
// It names no subdomains: the operator's other sites are not the server's
// to decide.
const hsts = "max-age=31536000"

// SecureHeaders sets the headers every answer carries, and HSTS on those
// to a client that came over https (browsers ignore it over http).
func SecureHeaders(h http.Header, https bool) {
	h.Set("X-Content-Type-Options", "nosniff")
	h.Set("Content-Security-Policy", contentSecurityPolicy)
	h.Set("X-Frame-Options", "DENY")
	h.Set("Referrer-Policy", "same-origin")
	h.Set("Cross-Origin-Opener-Policy", "same-origin")
	if https {
		h.Set("Strict-Transport-Security", hsts)
	}
}

// secureHeaderNames are the headers SecureHeaders may set.
var secureHeaderNames = []string{"X-Content-Type-Options", "Content-Security-Policy", "X-Frame-Options", "Referrer-Policy",
	"Cross-Origin-Opener-Policy", "Strict-Transport-Security"}

// DropSecureHeaders removes from h the headers SecureHeaders sets: an
// answer passed on from another server (a node of the cluster) drops its
// own, since the node that passes it on has set them already, and a
// header sent twice is read by browsers as the two values joined or
// ignored.
func DropSecureHeaders(h http.Header) {
	for _, k := range secureHeaderNames {
		h.Del(k)
	}
}

// StateChanging reports whether a request may change state.
func StateChanging(r *http.Request) bool {
	return r.Method != http.MethodGet && r.Method != http.MethodHead && r.Method != http.MethodOptions
}

// CheckSameOrigin refuses a state-changing request a page of another site
// could have sent: the body must be JSON (a form or text/plain post, which
// needs no preflight, is refused) and the Origin, when the browser sends
// one, must be this server's own. A request with an API token may have any
// body type (see Bearer).
func CheckSameOrigin(r *http.Request) error {
	if !StateChanging(r) {
		return nil
	}
	_, bearer := Bearer(r)
	mt, _, err := mime.ParseMediaType(r.Header.Get("Content-Type"))
	if !bearer && (err != nil || mt != "application/json") {
		return apierr.New(apierr.BadRequest, "send the request as application/json")
	}
	if r.Header.Get("Sec-Fetch-Site") == "cross-site" {
		return apierr.New(apierr.Forbidden, "requests from other sites are refused")
	}
	if o := r.Header.Get("Origin"); o != "" {
		u, err := url.Parse(o)
		if err != nil || !strings.EqualFold(u.Host, r.Host) {
			return apierr.New(apierr.Forbidden, "requests from other sites are refused")
		}
	}
	return nil
}

// A program acting for an account (a bot's bridge, a script) sends one of
// the account's API tokens as "Authorization: Bearer <token>" instead of a
// session cookie. Such a request needs no CSRF token and no JSON content
// type: a browser attaches cookies to another site's requests by itself,
// but never an Authorization header, which a page of another site could
// only set through a CORS preflight this server never grants. So a
// request that carries a good token was written by its holder.

// Bearer returns the token of an "Authorization: Bearer" header, and
// whether the request has one. /metrics keeps its own bearer token, which
// is no account's.
func Bearer(r *http.Request) (string, bool) {
	if r.URL.Path == "/metrics" {
		return "", false
	}
	h := r.Header.Get("Authorization")
	if len(h) < 7 || !strings.EqualFold(h[:7], "bearer ") {
		return "", false
	}
	return strings.TrimSpace(h[7:]), true
}
