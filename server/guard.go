package server

import (
	"net/http"
	"strings"

	"wyrm/server/httpkit"
)

// front works out who a request's client is (httpkit.Front): its address,
// or with a trusted proxy header the address the proxy saw, or the one a
// forwarding node of the cluster vouches for; and whether it came over
// https. IPv6 addresses count by
// their /64, which one subscriber usually holds.
func (srv *Server) front(r *http.Request) httpkit.Front {
	if k := srv.hall.PeerClient(r); k != "" { // forwarded by another node (server/cluster)
		return httpkit.Front{Key: k, HTTPS: srv.hall.PeerHTTPS(r)}
	}
	addr, proxied := r.RemoteAddr, false
	if srv.proxyHeader != "" {
		if v := lastValue(r.Header.Get(srv.proxyHeader)); v != "" {
			addr, proxied = v, true
		}
	}
	// Without a trusted header, a loopback connection that says it speaks
	// for someone else is a proxy on this machine, not this machine.
	local := httpkit.IsLoopback(addr) && (proxied || !httpkit.Forwarded(r))
	// A TLS-terminating proxy says in X-Forwarded-Proto how the client came;
	// only a trusted proxy is believed.
	https := r.TLS != nil || srv.proxyHeader != "" && strings.EqualFold(lastValue(r.Header.Get("X-Forwarded-Proto")), "https")
	return httpkit.Front{Key: httpkit.AddressKey(addr), Local: local, HTTPS: https}
}

// lastValue is the last of a header's comma-separated values: the one the
// trusted proxy appended, never one the client wrote before it.
func lastValue(v string) string {
	if i := strings.LastIndexByte(v, ','); i >= 0 {
		v = v[i+1:]
	}
	return strings.TrimSpace(v)
}
