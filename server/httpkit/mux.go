package httpkit

import "net/http"

// Mux is a ServeMux remembering every pattern registered on it: tests hold
// each route to the rules (a state-changing one refuses a forged request)
// from this list, so a new route is covered without anyone remembering to
// add it to a test.
type Mux struct {
	*http.ServeMux
	patterns []string
}

// NewMux returns an empty Mux.
func NewMux() *Mux { return &Mux{ServeMux: http.NewServeMux()} }

// Handle registers h for pattern.
func (m *Mux) Handle(pattern string, h http.Handler) {
	m.patterns = append(m.patterns, pattern)
	m.ServeMux.Handle(pattern, h)
}

// HandleFunc registers h for pattern.
func (m *Mux) HandleFunc(pattern string, h func(http.ResponseWriter, *http.Request)) {
	m.Handle(pattern, http.HandlerFunc(h))
}

// HandleErr registers a handler that returns its error (see Func).
func (m *Mux) HandleErr(pattern string, h Func) { m.Handle(pattern, h) }

// Patterns lists the patterns registered, in order.
func (m *Mux) Patterns() []string { return append([]string(nil), m.patterns...) }
