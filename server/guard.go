package server

import (
	"mime"
	"net"
	"net/http"
	"net/netip"
	"net/url"
	"strings"

	"wyrm/server/apierr"
)

// contentSecurityPolicy allows the app's own scripts only (no inline
// script), its own styles (the rules pages keep one inline style sheet),
// its own pictures and data: icons, websockets to itself, and no framing.
const contentSecurityPolicy = "default-src 'self'; script-src 'self' 'wasm-unsafe-eval'; style-src 'self' 'unsafe-inline'; " +
	"img-src 'self' data:; connect-src 'self'; worker-src 'self'; frame-ancestors 'none'; base-uri 'none'; form-action 'self'; object-src 'none'"

// secureHeaders sets the headers every answer carries.
func secureHeaders(h http.Header) {
	h.Set("X-Content-Type-Options", "nosniff")
	h.Set("Content-Security-Policy", contentSecurityPolicy)
	h.Set("X-Frame-Options", "DENY")
	h.Set("Referrer-Policy", "same-origin")
	h.Set("Cross-Origin-Opener-Policy", "same-origin")
}

// stateChanging reports whether a request may change state.
func stateChanging(r *http.Request) bool {
	return r.Method != http.MethodGet && r.Method != http.MethodHead && r.Method != http.MethodOptions
}

// checkSameOrigin refuses a state-changing request a page of another site
// could have sent: the body must be JSON (a form or text/plain post, which
// needs no preflight, is refused) and the Origin, when the browser sends
// one, must be this server's own. A request with an API token may have any
// body type (apiauth.go says why).
func checkSameOrigin(r *http.Request) error {
	if !stateChanging(r) {
		return nil
	}
	_, bearer := bearerOf(r)
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

// clientKey names the client a request comes from, for per-client limits:
// its address, or with a trusted proxy header the address the proxy saw;
// IPv6 addresses count by their /64, which one subscriber usually holds.
func (srv *Server) clientKey(r *http.Request) string {
	if k := srv.peerClient(r); k != "" { // forwarded by another node (forward.go)
		return k
	}
	addr := r.RemoteAddr
	if srv.proxyHeader != "" {
		if v := r.Header.Get(srv.proxyHeader); v != "" {
			parts := strings.Split(v, ",")
			addr = strings.TrimSpace(parts[len(parts)-1])
		}
	}
	host, _, err := net.SplitHostPort(addr)
	if err != nil {
		host = addr
	}
	ip, err := netip.ParseAddr(host)
	if err != nil {
		return host
	}
	ip = ip.Unmap()
	if ip.Is6() {
		p, _ := ip.Prefix(64)
		return p.String()
	}
	return ip.String()
}

// metricsAllowed reports whether r may read /metrics on the public
// address: from this machine, or with the operator's token.
func (srv *Server) metricsAllowed(r *http.Request) bool {
	if srv.metricsToken != "" && r.Header.Get("Authorization") == "Bearer "+srv.metricsToken {
		return true
	}
	host, _, err := net.SplitHostPort(r.RemoteAddr)
	if err != nil {
		return false
	}
	ip, err := netip.ParseAddr(host)
	return err == nil && ip.IsLoopback()
}
