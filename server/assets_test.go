package server

import (
	"net/http"
	"strings"
	"testing"
	"testing/fstest"
)

// The analysis board's address serves the app, and the engine is kept by
// the browser for a while; other files keep the file server's defaults.
func TestAnalysisPageAndEngineCaching(t *testing.T) {
	assets := fstest.MapFS{
		"index.html":  {Data: []byte("<!doctype html><title>app</title>")},
		"engine.wasm": {Data: []byte("\x00asm\x01\x00\x00\x00")},
		"app.js":      {Data: []byte("// app")},
	}
	h := newHarnessWith(t, "", func(c *Config) { c.Assets = assets })
	if code, body := h.get("/analysis?game=x&pos=y"); code != 200 || !strings.Contains(body, "<title>app</title>") {
		t.Errorf("/analysis: %d %.60q", code, body)
	}
	cache := func(path string) string {
		resp, err := http.Get(h.http.URL + path)
		if err != nil {
			t.Fatal(err)
		}
		resp.Body.Close()
		if resp.StatusCode != 200 {
			t.Fatalf("%s: %d", path, resp.StatusCode)
		}
		return resp.Header.Get("Cache-Control")
	}
	if got := cache("/engine.wasm"); !strings.Contains(got, "public") || !strings.Contains(got, "max-age=") {
		t.Errorf("engine.wasm Cache-Control %q", got)
	}
	if got := cache("/app.js"); strings.Contains(got, "max-age") {
		t.Errorf("app.js Cache-Control %q: only the engine is cached", got)
	}
}
