package server

import (
	"net/http"
	"strings"
	"time"
)

// Timeouts of the HTTP server. A client that sends its headers slowly, or
// keeps an idle connection, or does not read an answer, is dropped after
// these, so that it holds neither a goroutine nor a buffer for long.
const (
	readHeaderTimeout = 10 * time.Second
	// DefaultIdleTimeout closes a keep-alive connection left idle.
	DefaultIdleTimeout = 90 * time.Second
	// DefaultWriteTimeout bounds the writing of an ordinary answer (not a
	// websocket or an event stream, which bound each message instead).
	DefaultWriteTimeout = 30 * time.Second
	maxHeader           = 32 << 10
)

// HTTPServer returns an http.Server for h with the play server's timeouts
// (idle 0: DefaultIdleTimeout). Whole-request deadlines are not set on the
// server itself, since they would cut websockets; the handler sets a write
// deadline per answer (Config.WriteTimeout).
func HTTPServer(h http.Handler, idle time.Duration) *http.Server {
	if idle <= 0 {
		idle = DefaultIdleTimeout
	}
	return &http.Server{Handler: h, ReadHeaderTimeout: readHeaderTimeout, IdleTimeout: idle, MaxHeaderBytes: maxHeader}
}

// longLived reports whether a request is a websocket or an event stream,
// whose messages carry their own deadlines.
func longLived(r *http.Request) bool {
	return strings.HasPrefix(r.URL.Path, "/ws/") || strings.HasSuffix(r.URL.Path, "/events")
}

// setWriteDeadline bounds the answer to an ordinary request.
func (srv *Server) setWriteDeadline(w http.ResponseWriter, r *http.Request) {
	if !longLived(r) {
		_ = http.NewResponseController(w).SetWriteDeadline(time.Now().Add(srv.writeTimeout))
	}
}
