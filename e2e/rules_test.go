package e2e

import (
	"path/filepath"
	"testing"

	"github.com/chromedp/chromedp"
)

// TestOptionsAndRulesReadInWords: the new-game form shows every option's
// choices by the words their game gives them, never an identifier the game
// has words for, and each rules page draws its pieces with the game's own
// pictures. Screenshots of the form and the rules pages at laptop and phone
// widths.
func TestOptionsAndRulesReadInWords(t *testing.T) {
	s := startServer(t, filepath.Join(t.TempDir(), "e2e.db"), "")
	b := newBrowser(t)
	b.run("lobby", chromedp.EmulateViewport(1280, 800), chromedp.Navigate(s.URL), chromedp.WaitVisible(chromedp.ID("create")))
	for _, g := range gamesOf(t, s) {
		b.eval(`document.querySelector('input[name=game][value=` + g.Name + `]').click(); true`)
		b.waitJS(g.Name+" form", `document.querySelector('a[href="/rules/`+g.Name+`"]') !== null`)
		// Each option with words for its choices: no choice shows its id.
		raw := evalJS[[]any](b, `(async () => {
			const meta = await (await fetch('/api/meta')).json();
			const g = meta.games.find(g => g.name === '`+g.Name+`');
			const out = [];
			for (const o of g.options) {
				const el = document.querySelector('[data-opt="' + o.name + '"]');
				if (!el || !o.choiceLabels) continue;
				const field = el.closest('.field');
				const shown = [...field.querySelectorAll('option')].map(x => x.textContent.trim())
					.concat([...field.querySelectorAll('.choice')].map(x => x.firstChild.textContent.trim()));
				o.choices.forEach((c, i) => {
					if (o.choiceLabels[i] && o.choiceLabels[i] !== c && shown.includes(c)) out.push(o.name + ': ' + c);
				});
				if (!o.choices.some((c, i) => o.choiceLabels[i] && shown.includes(o.choiceLabels[i]))) out.push(o.name + ': no labels shown');
			}
			return out })()`, chromedp.EvalAwaitPromise)
		if len(raw) > 0 {
			t.Errorf("%s: the form shows raw ids %v", g.Name, raw)
		}
	}
	b.eval(`document.querySelector('input[name=game][value=dragonchess]').click(); true`)
	b.waitJS("explained rules", `document.querySelectorAll('[data-opt=variants] .choice small').length === 9`)
	b.eval(`document.querySelector('[data-opt=variants]').scrollIntoView(); true`)
	viewShot(b, "form-dragonchess-options")
	b.run("phone", chromedp.EmulateViewport(390, 844, chromedp.EmulateScale(2)))
	b.eval(`document.querySelector('[data-opt=variants]').scrollIntoView(); true`)
	viewShot(b, "phone-form-dragonchess-options")

	for _, g := range gamesOf(t, s) {
		for _, w := range []struct {
			name string
			w, h int64
		}{{"laptop", 1280, 800}, {"phone", 390, 844}} {
			b.run("rules "+g.Name, chromedp.EmulateViewport(w.w, w.h), chromedp.Navigate(s.URL+"rules/"+g.Name))
			b.waitJS("pictures", `document.querySelectorAll('.diagram svg image').length > 0 &&
				[...document.querySelectorAll('.diagram svg image')].slice(0, 3).every(i => i.getBBox().width > 0)`)
			if evalJS[bool](b, `document.body.innerText.includes('wyrm perft')`) {
				t.Errorf("%s: the rules page shows a perft command", g.Name)
			}
			if evalJS[bool](b, `document.documentElement.scrollWidth > innerWidth + 1`) {
				wide := evalJS[string](b, `[...document.querySelectorAll('body *')].filter(e => e.getBoundingClientRect().right > innerWidth + 1 || e.scrollWidth > e.clientWidth + 1).slice(0, 3).map(e => e.tagName + ' ' + e.scrollWidth + '/' + e.clientWidth + ' ' + e.textContent.slice(0, 40)).join(' | ') + ' page ' + document.documentElement.scrollWidth + '/' + innerWidth`)
				t.Errorf("%s: the rules page scrolls sideways at %s width: %s", g.Name, w.name, wide)
			}
			if g.Name == "dragonchess" {
				b.eval(`document.querySelector('.options').scrollIntoView(); true`)
				viewShot(b, "rules-"+g.Name+"-options-"+w.name)
			}
			b.eval(`document.querySelector('.diagrams').scrollIntoView(); true`)
			viewShot(b, "rules-"+g.Name+"-"+w.name)
		}
	}
}
