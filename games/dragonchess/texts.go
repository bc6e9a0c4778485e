// The browser's engine shows no texts: the page has the game's words from
// the server, so the catalogues stay out of engine.wasm.

//go:build !(js && wasm)

package dragonchess

import (
	"embed"
	"io/fs"

	"wyrm/game"
)

// The game's words in other languages, one catalogue file per language.
//
//go:embed i18n/*.json
var catalogueFiles embed.FS

var catalogues = &game.Catalogues{FS: mustSubFS(catalogueFiles, "i18n")}

func mustSubFS(f fs.FS, dir string) fs.FS {
	sub, err := fs.Sub(f, dir)
	if err != nil {
		panic(err)
	}
	return sub
}

// Texts gives the game's words in lang (game.Texter).
func (dragonchessGame) Texts(lang string) map[string]string { return catalogues.Texts(lang) }
