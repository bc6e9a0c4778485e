package site

import (
	"encoding/json"
	"io"
	"net/http"
	"net/http/httptest"
	"regexp"
	"strings"
	"testing"
	"testing/fstest"

	"wyrm/game"
	"wyrm/internal/toysetup"
	"wyrm/server/httpkit"
)

// workerOf starts a site on assets and returns its /sw.js and /api/build.
func workerOf(t *testing.T, assets fstest.MapFS) (script, build string) {
	t.Helper()
	mux := httpkit.NewMux()
	New(Config{Games: []game.Game{toysetup.Game{}}, Assets: assets, Rules: fstest.MapFS{"toy.md": {Data: []byte("# Toy")}}}).Routes(mux)
	srv := httptest.NewServer(mux)
	defer srv.Close()
	get := func(path string) (string, http.Header) {
		res, err := http.Get(srv.URL + path)
		if err != nil {
			t.Fatal(err)
		}
		defer res.Body.Close()
		b, _ := io.ReadAll(res.Body)
		if res.StatusCode != 200 {
			t.Fatalf("%s: %s", path, res.Status)
		}
		return string(b), res.Header
	}
	script, h := get("/sw.js")
	if h.Get("Cache-Control") != "no-cache" || !strings.HasPrefix(h.Get("Content-Type"), "text/javascript") {
		t.Errorf("/sw.js headers %v", h)
	}
	body, _ := get("/api/build")
	var v struct{ Version string }
	if err := json.Unmarshal([]byte(body), &v); err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(script, `const VERSION = "`+v.Version+`";`) {
		t.Errorf("the worker does not carry the build %q:\n%.300s", v.Version, script)
	}
	return script, v.Version
}

func appFS(main string) fstest.MapFS {
	return fstest.MapFS{
		"index.html":       {Data: []byte("<!doctype html>")},
		"app.js":           {Data: []byte(main)},
		"serviceworker.js": {Data: []byte("self.addEventListener('install', () => {});")},
	}
}

// The worker is told its build and what to keep: the app's files, its
// pages, the rules and every piece picture; another build of the files is
// another version, the same files the same one.
func TestServiceWorkerVersionAndFiles(t *testing.T) {
	script, v1 := workerOf(t, appFS("one"))
	m := regexp.MustCompile(`const PRECACHE = (\[.*\]);`).FindStringSubmatch(script)
	if m == nil {
		t.Fatalf("no PRECACHE in %.300s", script)
	}
	var files []string
	if err := json.Unmarshal([]byte(m[1]), &files); err != nil {
		t.Fatal(err)
	}
	has := map[string]bool{}
	for _, f := range files {
		has[f] = true
	}
	for _, want := range []string{"/", "/analysis", "/app.js", "/rules/", "/rules/toy"} {
		if !has[want] {
			t.Errorf("%s is not kept: %v", want, files)
		}
	}
	if has["/serviceworker.js"] || has["/index.html"] {
		t.Errorf("the worker's own source or index.html by name is kept: %v", files)
	}
	pics := 0
	for _, f := range files {
		if strings.HasPrefix(f, "/pictures/toy/") && strings.HasSuffix(f, ".svg") {
			pics++
		}
	}
	if pics == 0 {
		t.Errorf("no piece picture is kept: %v", files)
	}
	if !strings.HasSuffix(script, "self.addEventListener('install', () => {});") {
		t.Errorf("the worker's code does not follow: %.300s", script)
	}
	_, again := workerOf(t, appFS("one"))
	_, v2 := workerOf(t, appFS("two"))
	if again != v1 || v2 == v1 {
		t.Errorf("versions: %q, the same files %q, changed files %q", v1, again, v2)
	}
}
