package server

import (
	"errors"
	"fmt"
	"net/http"
	"strings"
	"time"

	"wyrm/internal/buildinfo"
	"wyrm/server/apierr"
	"wyrm/server/httpkit"
)

func (srv *Server) handleHealth(w http.ResponseWriter, _ *http.Request) {
	if srv.life.Stopping() {
		httpkit.WriteError(w, apierr.New(apierr.Unavailable, "shutting down"))
		return
	}
	if srv.hall.Health(w) {
		return
	}
	httpkit.WriteJSON(w, http.StatusOK, map[string]any{"ok": true, "version": buildinfo.Version()})
}

// statusRecorder remembers the status code for the request log.
type statusRecorder struct {
	http.ResponseWriter
	code int
}

func (s *statusRecorder) WriteHeader(code int) {
	s.code = code
	s.ResponseWriter.WriteHeader(code)
}

// Unwrap lets http.ResponseController (and the websocket upgrade) reach the
// underlying writer.
func (s *statusRecorder) Unwrap() http.ResponseWriter { return s.ResponseWriter }

func (srv *Server) logRequests(h http.Handler) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		start := time.Now()
		rec := &statusRecorder{ResponseWriter: w, code: http.StatusOK}
		defer func() {
			if v := recover(); v != nil {
				if errors.Is(asErr(v), http.ErrAbortHandler) {
					panic(v)
				}
				srv.log.Error("handler panic", "path", r.URL.Path, "value", fmt.Sprint(v))
				httpkit.WriteError(rec, apierr.New(apierr.Internal, "internal error"))
			}
			d := time.Since(start)
			if !strings.HasPrefix(r.URL.Path, "/ws/") { // websockets live for minutes
				srv.metrics.ObserveHTTP(d)
			}
			if r.URL.Path != "/healthz" && r.URL.Path != "/metrics" {
				srv.log.Debug("http", "method", r.Method, "path", r.URL.Path, "status", rec.code, "ms", d.Milliseconds())
			}
		}()
		f := srv.front(r)
		r = httpkit.WithFront(r, f)
		httpkit.SecureHeaders(w.Header(), f.HTTPS)
		srv.setWriteDeadline(w, r)
		if err := httpkit.CheckSameOrigin(r); err != nil {
			httpkit.WriteError(rec, err)
			return
		}
		r, err := srv.accountAPI.Authenticate(rec, r)
		if err != nil {
			httpkit.WriteError(rec, err)
			return
		}
		r, release := srv.accountAPI.Hold(r)
		defer release()
		h.ServeHTTP(rec, r)
	})
}

func asErr(v any) error {
	if e, ok := v.(error); ok {
		return e
	}
	return nil
}
