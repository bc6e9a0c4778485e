package httpkit

import (
	"encoding/json"
	"io"
	"net/http"
	"time"

	"wyrm/server/apierr"
)

// MaxBody bounds a request body (and a JSON value passed in a query).
const MaxBody = 64 << 10

// bodyTimeout bounds the reading of a request body, so that a client
// trickling (or never sending) its body cannot hold a connection forever.
const bodyTimeout = 10 * time.Second

// WriteJSON answers v as JSON with status code; answers are never cached.
func WriteJSON(w http.ResponseWriter, code int, v any) {
	w.Header().Set("Content-Type", "application/json")
	w.Header().Set("Cache-Control", "no-store")
	w.WriteHeader(code)
	_ = json.NewEncoder(w).Encode(v)
}

// ReadJSON decodes the request body, one JSON object with no unknown
// fields and at most MaxBody bytes, into v.
func ReadJSON(w http.ResponseWriter, r *http.Request, v any) error {
	_ = http.NewResponseController(w).SetReadDeadline(time.Now().Add(bodyTimeout))
	dec := json.NewDecoder(http.MaxBytesReader(w, r.Body, MaxBody))
	dec.DisallowUnknownFields()
	if err := dec.Decode(v); err != nil {
		return apierr.New(apierr.BadRequest, "malformed request: %v", err)
	}
	// One JSON value per body: trailing data means a broken client.
	if _, err := dec.Token(); err != io.EOF {
		return apierr.New(apierr.BadRequest, "malformed request: data after the JSON object")
	}
	return nil
}
