package games

import (
	"regexp"
	"slices"
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

// TestMessageFormatsKeepTheirVerbs: a catalogue may translate a game's
// formatted messages ("%d units placed"); the web app fills the
// translation with the values it matched, so the verbs must be the same,
// in the same order.
func TestMessageFormatsKeepTheirVerbs(t *testing.T) {
	verb := regexp.MustCompile(`%[dsqv]`)
	formats := 0
	for _, g := range All() {
		for _, lang := range languages {
			for en, tr := range game.TextsOf(g, lang) {
				a := verb.FindAllString(en, -1)
				if len(a) == 0 {
					continue
				}
				formats++
				if b := verb.FindAllString(tr, -1); !slices.Equal(a, b) {
					t.Errorf("%s %s: %q has verbs %v, its translation %q %v", g.Info().Name, lang, en, a, tr, b)
				}
			}
		}
	}
	if formats == 0 {
		t.Error("no formatted message in any catalogue")
	}
}
