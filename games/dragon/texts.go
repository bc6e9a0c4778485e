// The browser's engine shows no texts: the page has the game's words from
// the server, so the catalogues stay out of engine.wasm.

//go:build !(js && wasm)

package dragon

import (
	"embed"

	"wyrm/game"
)

// The game's words in other languages, one catalogue file per language.
//
//go:embed i18n/*.json
var catalogueFiles embed.FS

var catalogues = game.CataloguesIn(catalogueFiles, "i18n")

// Texts gives the game's words in lang (game.Texter).
func (gameDef) Texts(lang string) map[string]string { return catalogues.Texts(lang) }
