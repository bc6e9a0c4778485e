package httpkit

import (
	"context"
	"net"
	"net/http"
	"net/netip"
)

type frontKey struct{}

// Front is what the server's front door worked out about the client of a
// request: the connection alone may not say it, since a reverse proxy
// connects for every client and another node of a cluster forwards for
// its own.
type Front struct {
	// Key names the client for per-client limits (see AddressKey).
	Key string
	// Local reports that the client is this machine itself (a loopback
	// address that no proxy speaks for), the one that may read /metrics
	// without a token.
	Local bool
	// HTTPS reports that the client reached the site over https: TLS on
	// this listener, or at a trusted proxy that says so.
	HTTPS bool
}

// WithFront returns r marked with what the front door learned of its client.
func WithFront(r *http.Request, f Front) *http.Request {
	return r.WithContext(context.WithValue(r.Context(), frontKey{}, f))
}

// WithClient returns r marked as coming from the client key.
func WithClient(r *http.Request, key string) *http.Request {
	f := FrontOf(r)
	f.Key = key
	return WithFront(r, f)
}

// FrontOf is what the front door learned of r's client; a request that did
// not pass the front door is judged by its own connection.
func FrontOf(r *http.Request) Front {
	if f, ok := r.Context().Value(frontKey{}).(Front); ok {
		return f
	}
	return Front{Key: AddressKey(r.RemoteAddr), Local: IsLoopback(r.RemoteAddr) && !Forwarded(r), HTTPS: r.TLS != nil}
}

// ClientOf is the key of the client r comes from, as the server's front
// door worked it out (see AddressKey); per-client limits count by it. A
// request that did not pass the front door counts by its own address.
func ClientOf(r *http.Request) string { return FrontOf(r).Key }

// HTTPS reports whether r's client reached the site over https, so that
// its session cookie is Secure.
func HTTPS(r *http.Request) bool { return FrontOf(r).HTTPS }

// forwardingHeaders are those by which a proxy says it speaks for another
// client.
var forwardingHeaders = []string{"X-Forwarded-For", "Forwarded", "X-Real-IP"}

// Forwarded reports whether r says it was passed on by a proxy for another
// client: a loopback connection that carries such a header may be a proxy
// on this machine speaking for anyone, so it is not this machine's own
// request. (A client that adds one of its own only loses trust by it.)
func Forwarded(r *http.Request) bool {
	for _, h := range forwardingHeaders {
		if r.Header.Get(h) != "" {
			return true
		}
	}
	return false
}

// IsLoopback reports whether addr (host, or host:port) is a loopback
// address.
func IsLoopback(addr string) bool {
	host, _, err := net.SplitHostPort(addr)
	if err != nil {
		host = addr
	}
	ip, err := netip.ParseAddr(host)
	return err == nil && ip.Unmap().IsLoopback()
}

// AddressKey names the client at addr (host, or host:port) for per-client
// limits: IPv6 addresses count by their /64, which one subscriber usually
// holds.
func AddressKey(addr string) string {
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
