package httpkit

import (
	"io"
	"net/http"
	"time"
)

// streamWriteWait is how long one write to an event stream may wait for
// the client to read.
const streamWriteWait = 10 * time.Second

// StreamWriter sets the headers of a long-lived response of contentType
// and returns its writer. Each write is flushed at once, and a client that
// does not read within streamWriteWait is dropped (the write reports
// false) rather than waited for.
func StreamWriter(w http.ResponseWriter, contentType string) func(text string) bool {
	w.Header().Set("Content-Type", contentType)
	w.Header().Set("Cache-Control", "no-store")
	rc := http.NewResponseController(w)
	return func(text string) bool {
		_ = rc.SetWriteDeadline(time.Now().Add(streamWriteWait))
		if _, err := io.WriteString(w, text); err != nil {
			return false
		}
		return rc.Flush() == nil
	}
}
