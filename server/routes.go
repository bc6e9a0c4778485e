package server

import "net/http"

// routeMux is the server's ServeMux, remembering every pattern registered
// on it: tests hold each route to the rules (a state-changing one refuses
// a forged request) from this list, so a new route is covered without
// anyone remembering to add it to a test.
type routeMux struct {
	*http.ServeMux
	patterns *[]string
}

// newRouteMux returns a mux that records its patterns in srv.routes.
func (srv *Server) newRouteMux() routeMux {
	srv.routes = nil
	return routeMux{ServeMux: http.NewServeMux(), patterns: &srv.routes}
}

// Handle registers h for pattern.
func (m routeMux) Handle(pattern string, h http.Handler) {
	*m.patterns = append(*m.patterns, pattern)
	m.ServeMux.Handle(pattern, h)
}

// HandleFunc registers h for pattern.
func (m routeMux) HandleFunc(pattern string, h func(http.ResponseWriter, *http.Request)) {
	m.Handle(pattern, http.HandlerFunc(h))
}
