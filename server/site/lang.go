package site

import (
	"encoding/json"
	"fmt"
	"html"
	"maps"
	"net/http"
	"strings"

	"wyrm/game"
	"wyrm/server/i18n"
)

// handleTexts answers the games' own words in a language, all games in one
// catalogue from English to it, for the web app to show them.
func (s *Site) handleTexts(w http.ResponseWriter, r *http.Request) {
	out := map[string]string{}
	for _, g := range s.order {
		maps.Copy(out, game.TextsOf(g, r.PathValue("lang")))
	}
	w.Header().Set("Content-Type", "application/json")
	w.Header().Set("Cache-Control", "public, max-age=300")
	_ = json.NewEncoder(w).Encode(out)
}

// pageLang is the language of a page the server draws; a choice on the
// page's own switcher (?lang=) is kept in the cookie the web app reads.
func pageLang(w http.ResponseWriter, r *http.Request) string {
	lang := i18n.FromRequest(r)
	if q := r.URL.Query().Get("lang"); q != "" && i18n.Supported(q) {
		http.SetCookie(w, &http.Cookie{Name: "lang", Value: q, Path: "/", MaxAge: 365 * 24 * 3600, SameSite: http.SameSiteLaxMode})
	}
	return lang
}

// langSwitch is a page's links to itself in every language the server
// speaks, each named in its own words.
func langSwitch(lang string) string {
	var b strings.Builder
	b.WriteString(`<span class="langs">`)
	for _, l := range i18n.Languages() {
		name := i18n.T(l, "English")
		if l == lang {
			fmt.Fprintf(&b, `<strong lang="%s">%s</strong> `, l, html.EscapeString(name))
		} else {
			fmt.Fprintf(&b, `<a href="?lang=%s" lang="%s" hreflang="%s">%s</a> `, l, l, l, html.EscapeString(name))
		}
	}
	b.WriteString(`</span>`)
	return b.String()
}

// translatedOptions is opts with the words a person reads in catalogue cat.
func translatedOptions(opts []game.Option, cat map[string]string) []game.Option {
	if cat == nil {
		return opts
	}
	out := make([]game.Option, len(opts))
	for i, o := range opts {
		o.Label = game.Translate(cat, o.Label)
		o.Description = game.Translate(cat, o.Description)
		labels := make([]string, len(o.Choices))
		for j, c := range o.Choices {
			labels[j] = game.Translate(cat, o.ChoiceLabel(c))
		}
		o.ChoiceLabels = labels
		help := make([]string, len(o.ChoiceHelp))
		for j, h := range o.ChoiceHelp {
			help[j] = game.Translate(cat, h)
		}
		o.ChoiceHelp = help
		out[i] = o
	}
	return out
}
