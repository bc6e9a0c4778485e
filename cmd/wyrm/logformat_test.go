package main

import (
	"encoding/json"
	"log/slog"
	"strings"
	"testing"
)

func TestLogFormats(t *testing.T) {
	var b strings.Builder
	log, err := newLogger("json", &b, slog.LevelInfo)
	if err != nil {
		t.Fatal(err)
	}
	log.Info("listening", "addr", "127.0.0.1:1")
	var rec map[string]any
	if err := json.Unmarshal([]byte(b.String()), &rec); err != nil || rec["msg"] != "listening" || rec["addr"] != "127.0.0.1:1" {
		t.Errorf("json log: %q %v", b.String(), err)
	}
	b.Reset()
	log, _ = newLogger("text", &b, slog.LevelWarn)
	log.Info("hidden")
	log.Warn("shown", "game", "g1")
	if s := b.String(); strings.Contains(s, "hidden") || !strings.Contains(s, "msg=shown game=g1") {
		t.Errorf("text log: %q", s)
	}
	var out, errb strings.Builder
	if code := run([]string{"serve", "--log-format", "xml"}, nil, &out, &errb); code != 2 || !strings.Contains(errb.String(), "text or json") {
		t.Errorf("a bad format: %d %q", code, errb.String())
	}
	out.Reset()
	if code := run([]string{"version"}, nil, &out, &errb); code != 0 || !strings.HasPrefix(out.String(), "wyrm ") {
		t.Errorf("wyrm version: %d %q", code, out.String())
	}
}
