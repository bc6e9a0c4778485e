package site

import (
	"bytes"
	"compress/gzip"
	"crypto/sha256"
	"encoding/hex"
	"io/fs"
	"mime"
	"net/http"
	"path"
	"strings"
	"sync"
	"time"
)

// compressible are the kinds of web app file sent gzipped to a browser
// that takes it: the engine's WebAssembly shrinks from 5.3 MB to 1.5 MB,
// which on a real connection is most of the wait for the analysis board.
var compressible = map[string]bool{".webmanifest": true, ".wasm": true, ".js": true, ".mjs": true, ".css": true, ".html": true, ".svg": true, ".json": true}

func init() {
	// The app's manifest, which Go's table of types does not know.
	mime.AddExtensionType(".webmanifest", "application/manifest+json")
}

// assetFiles serves the web app's files. The app never changes while the
// server runs, so each file is read, hashed and (where it pays) compressed
// once, on its first request; every answer carries an ETag, so that a
// browser that has the file gets "304 Not Modified" instead of it again.
// What is not a plain file (a folder, a missing name) goes to next.
type assetFiles struct {
	fsys fs.FS
	next http.Handler

	mu    sync.Mutex
	files map[string]*assetFile
}

// assetFile is one file as served: its bytes, and gzipped when smaller.
type assetFile struct {
	once         sync.Once
	raw, gz      []byte
	etag, gzETag string
	contentType  string
	missing      bool // not a plain file of the app
}

// warmSize is the size from which a file is compressed as soon as the
// server starts instead of on its first request (the engine: compressing
// it takes a few tenths of a second).
const warmSize = 256 << 10

func newAssetFiles(fsys fs.FS) *assetFiles {
	a := &assetFiles{fsys: fsys, next: http.FileServerFS(fsys), files: map[string]*assetFile{}}
	go a.warm()
	return a
}

// warm readies the large files in the background.
func (a *assetFiles) warm() {
	fs.WalkDir(a.fsys, ".", func(name string, d fs.DirEntry, err error) error {
		if err != nil || d.IsDir() || !compressible[path.Ext(name)] {
			return nil
		}
		if info, err := d.Info(); err == nil && info.Size() >= warmSize {
			a.file(name)
		}
		return nil
	})
}

func (a *assetFiles) ServeHTTP(w http.ResponseWriter, r *http.Request) {
	name := strings.TrimPrefix(path.Clean("/"+r.URL.Path), "/")
	if name == "" {
		name = "index.html"
	}
	a.serveFile(w, r, name, a.next)
}

// serveFile answers with the app's file name, or passes the request to
// fallback when name is not a plain file of the app.
func (a *assetFiles) serveFile(w http.ResponseWriter, r *http.Request, name string, fallback http.Handler) {
	if !fs.ValidPath(name) {
		fallback.ServeHTTP(w, r)
		return
	}
	f := a.file(name)
	if f.missing {
		fallback.ServeHTTP(w, r)
		return
	}
	h := w.Header()
	h.Set("Content-Type", f.contentType)
	body, etag := f.raw, f.etag
	if f.gz != nil {
		h.Add("Vary", "Accept-Encoding")
		if acceptsGzip(r) {
			body, etag = f.gz, f.gzETag
			h.Set("Content-Encoding", "gzip")
			// A range of the compressed bytes would confuse more than
			// it saves.
			r.Header.Del("Range")
		}
	}
	h.Set("ETag", etag)
	http.ServeContent(w, r, name, time.Time{}, bytes.NewReader(body))
}

// file returns name as served, reading it on first use.
func (a *assetFiles) file(name string) *assetFile {
	a.mu.Lock()
	f := a.files[name]
	if f == nil {
		f = &assetFile{}
		a.files[name] = f
	}
	a.mu.Unlock()
	f.once.Do(func() { f.load(a.fsys, name) })
	return f
}

func (f *assetFile) load(fsys fs.FS, name string) {
	st, err := fs.Stat(fsys, name)
	if err != nil || !st.Mode().IsRegular() {
		f.missing = true
		return
	}
	raw, err := fs.ReadFile(fsys, name)
	if err != nil {
		f.missing = true
		return
	}
	sum := sha256.Sum256(raw)
	tag := hex.EncodeToString(sum[:12])
	f.raw, f.etag = raw, `"`+tag+`"`
	f.contentType = mime.TypeByExtension(path.Ext(name))
	if f.contentType == "" {
		f.contentType = http.DetectContentType(raw)
	}
	if !compressible[path.Ext(name)] || len(raw) < 512 {
		return
	}
	var buf bytes.Buffer
	// The default level: the best saves 1% of the engine's size and
	// takes three times as long on the first request.
	zw := gzip.NewWriter(&buf)
	zw.Write(raw)
	zw.Close()
	if buf.Len() < len(raw)*9/10 {
		f.gz, f.gzETag = buf.Bytes(), `"`+tag+`-gz"`
	}
}

// acceptsGzip reports whether the request's Accept-Encoding takes gzip
// (and does not refuse it with q=0).
func acceptsGzip(r *http.Request) bool {
	for _, part := range strings.Split(r.Header.Get("Accept-Encoding"), ",") {
		coding, params, _ := strings.Cut(strings.TrimSpace(part), ";")
		if strings.EqualFold(strings.TrimSpace(coding), "gzip") || strings.TrimSpace(coding) == "*" {
			q := strings.ReplaceAll(params, " ", "")
			return q != "q=0" && q != "q=0.0" && q != "q=0.00" && q != "q=0.000"
		}
	}
	return false
}
