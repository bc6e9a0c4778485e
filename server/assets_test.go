package server

import (
	"bytes"
	"compress/gzip"
	"io"
	"net/http"
	"strings"
	"testing"
	"testing/fstest"
)

// The analysis board's address and a TV channel's serve the app, and the engine is kept by
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
	// So does a game's TV channel, which the app names by its path.
	if code, body := h.get("/tv/toy"); code != 200 || !strings.Contains(body, "<title>app</title>") {
		t.Errorf("/tv/toy: %d %.60q", code, body)
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

// The app's files go gzipped to a browser that takes gzip, whole to one
// that does not, and not again to one that has them (ETag).
func TestAssetsCompressedAndRevalidated(t *testing.T) {
	js := []byte(strings.Repeat("export const move = 'a long and repetitive module';\n", 200))
	assets := fstest.MapFS{
		"index.html": {Data: []byte("<!doctype html><title>app</title>")},
		"app.js":     {Data: js},
		"tiny.css":   {Data: []byte("p{}")},
		"sub/x.js":   {Data: js},
	}
	h := newHarnessWith(t, "", func(c *Config) { c.Assets = assets })
	// A transport that leaves the encoding to the test.
	client := &http.Client{Transport: &http.Transport{DisableCompression: true}}
	get := func(path string, header ...string) (*http.Response, []byte) {
		t.Helper()
		req, _ := http.NewRequest("GET", h.http.URL+path, nil)
		for i := 0; i+1 < len(header); i += 2 {
			req.Header.Set(header[i], header[i+1])
		}
		resp, err := client.Do(req)
		if err != nil {
			t.Fatal(err)
		}
		defer resp.Body.Close()
		b, _ := io.ReadAll(resp.Body)
		return resp, b
	}

	resp, body := get("/app.js", "Accept-Encoding", "br, gzip")
	if resp.StatusCode != 200 || resp.Header.Get("Content-Encoding") != "gzip" || !strings.HasPrefix(resp.Header.Get("Content-Type"), "text/javascript") ||
		resp.Header.Get("Vary") != "Accept-Encoding" || len(body) >= len(js)/4 {
		t.Fatalf("gzip: %d %v, %d bytes of %d", resp.StatusCode, resp.Header, len(body), len(js))
	}
	zr, err := gzip.NewReader(bytes.NewReader(body))
	if err != nil {
		t.Fatal(err)
	}
	if plain, _ := io.ReadAll(zr); !bytes.Equal(plain, js) {
		t.Fatal("the gzipped file is not the file")
	}
	gzTag := resp.Header.Get("ETag")

	for _, ae := range []string{"", "identity", "gzip;q=0"} {
		resp, body = get("/app.js", "Accept-Encoding", ae)
		if resp.StatusCode != 200 || resp.Header.Get("Content-Encoding") != "" || !bytes.Equal(body, js) {
			t.Errorf("Accept-Encoding %q: %d %v, %d bytes", ae, resp.StatusCode, resp.Header, len(body))
		}
		if tag := resp.Header.Get("ETag"); tag == "" || tag == gzTag {
			t.Errorf("Accept-Encoding %q: ETag %q beside the gzipped %q", ae, tag, gzTag)
		}
	}

	if resp, body = get("/app.js", "Accept-Encoding", "gzip", "If-None-Match", gzTag); resp.StatusCode != http.StatusNotModified || len(body) != 0 {
		t.Errorf("revalidation: %d, %d bytes", resp.StatusCode, len(body))
	}
	// Small files are not worth compressing.
	if resp, body = get("/tiny.css", "Accept-Encoding", "gzip"); resp.StatusCode != 200 || resp.Header.Get("Content-Encoding") != "" || string(body) != "p{}" {
		t.Errorf("tiny.css: %d %v %q", resp.StatusCode, resp.Header, body)
	}
	if resp, _ = get("/sub/x.js", "Accept-Encoding", "gzip"); resp.StatusCode != 200 || resp.Header.Get("Content-Encoding") != "gzip" {
		t.Errorf("sub/x.js: %d %v", resp.StatusCode, resp.Header)
	}
	for _, path := range []string{"/missing.js", "/../server.go", "/sub/../../x"} {
		if resp, _ = get(path, "Accept-Encoding", "gzip"); resp.StatusCode != http.StatusNotFound {
			t.Errorf("%s: %d", path, resp.StatusCode)
		}
	}
	if resp, body = get("/", "Accept-Encoding", "gzip"); resp.StatusCode != 200 || !strings.Contains(string(body), "<title>app</title>") {
		t.Errorf("/: %d %q", resp.StatusCode, body)
	}
}
