// Package web holds the browser app (plain ES modules, SVG and CSS),
// embedded in the binary so that the server needs no files at run time.
package web

import (
	"embed"
	"io/fs"
)

//go:embed static
var files embed.FS

// FS is the app with index.html at its root.
var FS fs.FS = mustSub(files, "static")

func mustSub(f fs.FS, dir string) fs.FS {
	s, err := fs.Sub(f, dir)
	if err != nil {
		panic(err)
	}
	return s
}
