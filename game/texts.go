package game

import (
	"encoding/json"
	"fmt"
	"io/fs"
	"slices"
	"strings"
	"sync"
)

// Texter is a game that gives its own words in other languages: the names
// of its pieces, seats and factions, its options and their choices, its
// boards' levels, its rules diagrams' notes and its setup's help. A
// catalogue maps the English text a game gives through this contract to
// the language's; a text it lacks stays in English. A game without Texter
// reads in English everywhere. Records are not translated.
type Texter interface {
	Texts(lang string) map[string]string
}

// TextsOf is g's catalogue for lang (a language code such as "ru"); nil
// when g gives none.
func TextsOf(g Game, lang string) map[string]string {
	if tx, ok := g.(Texter); ok {
		return tx.Texts(lang)
	}
	return nil
}

// Catalogues implements Texter from files "<lang>.json" in a folder, each
// one JSON object from English text to the language's: a new language is
// one more file. It reads each file once.
type Catalogues struct {
	FS   fs.FS
	once sync.Once
	byLg map[string]map[string]string
	err  error
}

// CataloguesIn reads the catalogues in folder dir of f (a game's embedded
// files); a folder that is not there is a programming error.
func CataloguesIn(f fs.FS, dir string) *Catalogues {
	sub, err := fs.Sub(f, dir)
	if err != nil {
		panic(err)
	}
	return &Catalogues{FS: sub}
}

// Texts returns the catalogue of lang, nil when there is none.
func (c *Catalogues) Texts(lang string) map[string]string {
	c.load()
	return c.byLg[lang]
}

// Languages lists the languages of the catalogues, or the error that
// spoiled one of them.
func (c *Catalogues) Languages() ([]string, error) {
	c.load()
	var out []string
	for l := range c.byLg {
		out = append(out, l)
	}
	slices.Sort(out)
	return out, c.err
}

func (c *Catalogues) load() {
	c.once.Do(func() {
		c.byLg = map[string]map[string]string{}
		names, _ := fs.Glob(c.FS, "*.json")
		for _, name := range names {
			raw, err := fs.ReadFile(c.FS, name)
			var m map[string]string
			if err == nil {
				err = json.Unmarshal(raw, &m)
			}
			if err != nil {
				c.err = fmt.Errorf("catalogue %s: %w", name, err)
				continue
			}
			c.byLg[strings.TrimSuffix(name, ".json")] = m
		}
	})
}

// Translate is text in the words of catalogue cat, or text itself when
// cat lacks it.
func Translate(cat map[string]string, text string) string {
	if s, ok := cat[text]; ok && s != "" {
		return s
	}
	return text
}
