package main

import (
	"fmt"
	"io"
	"log/slog"
)

// newLogger is the server's structured log on w: key=value text for a
// person reading a terminal or the journal, JSON for a log collector.
func newLogger(format string, w io.Writer, lv slog.Level) (*slog.Logger, error) {
	opts := &slog.HandlerOptions{Level: lv}
	switch format {
	case "text":
		return slog.New(slog.NewTextHandler(w, opts)), nil
	case "json":
		return slog.New(slog.NewJSONHandler(w, opts)), nil
	}
	return nil, fmt.Errorf("bad -log-format %q: text or json", format)
}
