// Package i18n is the server's side of translations: the language a
// request asks for, and the server's own messages (its errors and the
// rules pages' headings) in each language, from catalogue files
// "<lang>.json" embedded here that map the English format to the
// language's. A new language is one more file; the web app and each game
// keep catalogues of their own.
package i18n

import (
	"embed"
	"encoding/json"
	"fmt"
	"net/http"
	"slices"
	"strings"
)

//go:embed *.json
var files embed.FS

// English is the language the code is written in, and the fallback.
const English = "en"

var catalogues = load()

func load() map[string]map[string]string {
	out := map[string]map[string]string{}
	names, _ := files.ReadDir(".")
	for _, n := range names {
		raw, err := files.ReadFile(n.Name())
		if err != nil {
			panic(err)
		}
		var m map[string]string
		if err := json.Unmarshal(raw, &m); err != nil {
			panic("i18n: " + n.Name() + ": " + err.Error())
		}
		out[strings.TrimSuffix(n.Name(), ".json")] = m
	}
	return out
}

// Languages lists the languages the server speaks, English first.
func Languages() []string {
	out := []string{English}
	for l := range catalogues {
		out = append(out, l)
	}
	slices.Sort(out[1:])
	return out
}

// Supported reports whether the server speaks lang.
func Supported(lang string) bool { return lang == English || catalogues[lang] != nil }

// Catalogue is the catalogue of lang (nil for English).
func Catalogue(lang string) map[string]string { return catalogues[lang] }

// Format is format in lang, or "" when lang's catalogue lacks it.
func Format(lang, format string) string { return catalogues[lang][format] }

// T is text in lang, or text itself when the catalogue lacks it.
func T(lang, text string) string {
	if s := catalogues[lang][text]; s != "" {
		return s
	}
	return text
}

// FromRequest is the language r asks for: ?lang= on a page's address (a
// link of the language switcher), the lang cookie the web app sets, then
// the browser's Accept-Language; English when none is spoken here.
func FromRequest(r *http.Request) string {
	if l := r.URL.Query().Get("lang"); Supported(l) {
		return l
	}
	if c, err := r.Cookie("lang"); err == nil && Supported(c.Value) {
		return c.Value
	}
	return FromAcceptLanguage(r.Header.Get("Accept-Language"))
}

// FromAcceptLanguage picks the first language of an Accept-Language header
// the server speaks, by the order and weights given.
func FromAcceptLanguage(h string) string {
	type pick struct {
		lang string
		q    float64
	}
	var picks []pick
	for i, part := range strings.Split(h, ",") {
		tag, params, _ := strings.Cut(strings.TrimSpace(part), ";")
		q := 1.0
		if v, ok := strings.CutPrefix(strings.TrimSpace(params), "q="); ok {
			q = parseQ(v)
		}
		base, _, _ := strings.Cut(strings.ToLower(strings.TrimSpace(tag)), "-")
		if Supported(base) && q > 0 {
			picks = append(picks, pick{base, q - float64(i)*1e-6})
		}
	}
	slices.SortStableFunc(picks, func(a, b pick) int {
		switch {
		case a.q > b.q:
			return -1
		case a.q < b.q:
			return 1
		}
		return 0
	})
	if len(picks) > 0 {
		return picks[0].lang
	}
	return English
}

func parseQ(v string) float64 {
	q, scale, seen := 0.0, 1.0, false
	for _, c := range v {
		switch {
		case c == '.':
			seen = true
		case c >= '0' && c <= '9':
			if seen {
				scale /= 10
				q += float64(c-'0') * scale
			} else {
				q = q*10 + float64(c-'0')
			}
		default:
			return 0
		}
	}
	return q
}

// TN is a count's text in lang: one and other are the English forms
// ("%d square", "%d squares"), and the catalogue gives the language's
// forms under "one|other", separated by "|" in the order of its plural
// categories (Russian: one, few, many). The count fills the form's verb.
func TN(lang, one, other string, n int) string {
	if forms := catalogues[lang][one+"|"+other]; forms != "" {
		fs := strings.Split(forms, "|")
		if i := pluralIndex(lang, n); i < len(fs) {
			return fmt.Sprintf(fs[i], n)
		}
	}
	if n == 1 {
		return fmt.Sprintf(one, n)
	}
	return fmt.Sprintf(other, n)
}

// pluralIndex is n's plural category in lang, as the index of its form.
func pluralIndex(lang string, n int) int {
	if n < 0 {
		n = -n
	}
	switch lang {
	case "ru":
		switch {
		case n%10 == 1 && n%100 != 11:
			return 0
		case n%10 >= 2 && n%10 <= 4 && (n%100 < 12 || n%100 > 14):
			return 1
		}
		return 2
	}
	if n == 1 {
		return 0
	}
	return 1
}

// Sprintf formats format in lang, English when the catalogue lacks it.
func Sprintf(lang, format string, args ...any) string { return fmt.Sprintf(T(lang, format), args...) }
