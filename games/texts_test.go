package games

import (
	"strings"
	"testing"

	"wyrm/game"
)

// languages are the languages every game must speak besides English.
var languages = []string{"ru"}

// TestTextsTranslated fails when a game's catalogue lacks a text that the
// game shows people through the contract (game.EnglishTexts): a piece, a
// seat or faction, an option or choice, a level, a diagram's note, a
// setup's help.
func TestTextsTranslated(t *testing.T) {
	for _, g := range All() {
		texts := game.EnglishTexts(g)
		if len(texts) < 10 {
			t.Errorf("%s: only %d texts found; the collector is broken", g.Info().Name, len(texts))
		}
		for _, lang := range languages {
			cat := game.TextsOf(g, lang)
			if cat == nil {
				t.Errorf("%s has no %s catalogue", g.Info().Name, lang)
				continue
			}
			var missing []string
			for _, s := range texts {
				if strings.TrimSpace(cat[s]) == "" {
					missing = append(missing, s)
				}
			}
			if len(missing) > 0 {
				t.Errorf("%s's %s catalogue lacks %d texts:\n%s", g.Info().Name, lang, len(missing), strings.Join(missing, "\n"))
			}
		}
	}
}
