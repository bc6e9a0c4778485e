// Package docs embeds the project's rules documents so that the binary can
// show them without any files beside it.
package docs

import (
	"embed"
	"io/fs"
)

//go:embed rules/*.md
var files embed.FS

// Rules holds one <game>.md document per game (dragon-chess.md,
// dragonchess.md, dungeon-chess.md).
var Rules fs.FS = mustSub(files, "rules")

func mustSub(f fs.FS, dir string) fs.FS {
	sub, err := fs.Sub(f, dir)
	if err != nil {
		panic(err) // the directory is embedded at build time
	}
	return sub
}
