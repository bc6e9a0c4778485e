package httpkit

import (
	"context"
	"net"
	"net/http"
	"net/netip"
)

type clientKey struct{}

// WithClient returns r marked as coming from the client key.
func WithClient(r *http.Request, key string) *http.Request {
	return r.WithContext(context.WithValue(r.Context(), clientKey{}, key))
}

// ClientOf is the key of the client r comes from, as the server's front
// door worked it out (see AddressKey); per-client limits count by it. A
// request that did not pass the front door counts by its own address.
func ClientOf(r *http.Request) string {
	if k, ok := r.Context().Value(clientKey{}).(string); ok {
		return k
	}
	return AddressKey(r.RemoteAddr)
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
