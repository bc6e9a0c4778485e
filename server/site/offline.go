package site

import (
	"bytes"
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"io/fs"
	"net/http"
	"sort"

	"wyrm/game"
)

// workerSource is the service worker's code among the app's files; /sw.js
// serves it after the lines that give it this build's version and files.
const workerSource = "serviceworker.js"

// offline is what the service worker is told at start-up: the build's
// version and the addresses it keeps for use without a connection.
type offline struct {
	version string
	script  []byte
}

// newOffline hashes every file the app and its rules pages are made of,
// so that a new build (and only a new build) gets a new version, and with
// it a new cache in the browser, filled whole before it replaces the old.
func newOffline(assets, rules fs.FS, games []game.Game) (*offline, error) {
	h := sha256.New()
	var files []string
	err := fs.WalkDir(assets, ".", func(name string, d fs.DirEntry, err error) error {
		if err != nil || d.IsDir() {
			return err
		}
		b, err := fs.ReadFile(assets, name)
		if err != nil {
			return err
		}
		h.Write([]byte(name + "\x00"))
		h.Write(b)
		if name != workerSource && name != "index.html" {
			files = append(files, "/"+name)
		}
		return nil
	})
	if err != nil {
		return nil, err
	}
	if rules != nil {
		// The rules documents are read at start-up too; missing ones only
		// leave their text out of the pages.
		fs.WalkDir(rules, ".", func(name string, d fs.DirEntry, err error) error {
			if err == nil && !d.IsDir() {
				if b, err := fs.ReadFile(rules, name); err == nil {
					h.Write([]byte("rules/" + name + "\x00"))
					h.Write(b)
				}
			}
			return nil
		})
	}
	// The app's pages, the rules and every piece picture: a game against
	// the computer offline draws a game never opened online.
	files = append(files, "/", "/analysis", "/rules/")
	for _, g := range games {
		name := g.Info().Name
		files = append(files, "/rules/"+name)
		h.Write([]byte("game/" + name + "\x00"))
		if pics := g.Pictures(); pics != nil {
			names, _ := fs.Glob(pics, "*.svg")
			for _, p := range names {
				files = append(files, "/pictures/"+name+"/"+p)
			}
		}
	}
	sort.Strings(files)
	sum := h.Sum(nil)
	o := &offline{version: hex.EncodeToString(sum[:8])}
	src, err := fs.ReadFile(assets, workerSource)
	if err != nil {
		return nil, err
	}
	list, _ := json.Marshal(files)
	var b bytes.Buffer
	b.WriteString("// This build of wyrm, and the files it keeps for use offline.\n")
	b.WriteString("const VERSION = \"" + o.version + "\";\n")
	b.WriteString("const PRECACHE = " + string(list) + ";\n")
	b.Write(src)
	o.script = b.Bytes()
	return o, nil
}

// serveWorker answers /sw.js. The browser checks it for a change on every
// visit, so it is never cached; a changed version installs a new worker.
func (o *offline) serveWorker(w http.ResponseWriter, _ *http.Request) {
	h := w.Header()
	h.Set("Content-Type", "text/javascript; charset=utf-8")
	h.Set("Cache-Control", "no-cache")
	h.Set("X-Wyrm-Build", o.version)
	w.Write(o.script)
}

// serveVersion answers /api/build with the build's version, for a page
// that compares its own with the server's.
func (o *offline) serveVersion(w http.ResponseWriter, _ *http.Request) {
	w.Header().Set("Content-Type", "application/json")
	w.Header().Set("Cache-Control", "no-store")
	json.NewEncoder(w).Encode(map[string]string{"version": o.version})
}
