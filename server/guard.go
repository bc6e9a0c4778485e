package server

import (
	"net/http"
	"strings"

	"wyrm/server/httpkit"
)

// clientKey names the client a request comes from, for per-client limits:
// its address, or with a trusted proxy header the address the proxy saw;
// IPv6 addresses count by their /64, which one subscriber usually holds.
func (srv *Server) clientKey(r *http.Request) string {
	if k := srv.hall.PeerClient(r); k != "" { // forwarded by another node (server/cluster)
		return k
	}
	addr := r.RemoteAddr
	if srv.proxyHeader != "" {
		if v := r.Header.Get(srv.proxyHeader); v != "" {
			parts := strings.Split(v, ",")
			addr = strings.TrimSpace(parts[len(parts)-1])
		}
	}
	return httpkit.AddressKey(addr)
}
