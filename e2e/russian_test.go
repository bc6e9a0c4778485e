package e2e

import (
	"context"
	"path/filepath"
	"testing"
	"time"

	"github.com/chromedp/cdproto/cdp"
	"github.com/chromedp/cdproto/emulation"
	"github.com/chromedp/chromedp"
)

// cyrillicJS is the share of Cyrillic letters among all letters a person
// reads on the page (document.body.innerText).
const cyrillicJS = `(() => { const t = document.body.innerText; const all = (t.match(/\p{L}/gu) || []).length;
	return all ? (t.match(/\p{Script=Cyrillic}/gu) || []).length / all : 0 })()`

// overflowJS lists the words that stick out of the screen or of their
// own box, which longer Russian words could push out: the header, and
// the page's buttons, headings, labels and status lines (the boards,
// which fit themselves to the window, are left out).
const overflowJS = `(() => { const w = document.documentElement.clientWidth; const out = [];
	const top = document.querySelector('header.top');
	if (top && top.scrollWidth > top.clientWidth + 1) out.push('header ' + top.scrollWidth + ' > ' + top.clientWidth);
	for (const e of document.querySelectorAll('header.top a, header.top select, main button:not(.grip), main a.btn, main h1, main h2, main label, main .status')) {
		if (e.closest('.board-wrap, .levels, svg') || !e.offsetParent) continue;
		const r = e.getBoundingClientRect();
		if (r.right > w + 1 || e.scrollWidth > e.clientWidth + 2) out.push((e.id || e.tagName) + ' «' + e.textContent.trim().slice(0, 30) + '» ' + Math.round(r.right) + '/' + e.scrollWidth + '>' + e.clientWidth);
	}
	return out.slice(0, 10) })()`

// russian makes b a browser set to Russian: its languages, the
// Accept-Language it sends and its locale.
func (b *browser) russian() {
	b.run("Russian browser", chromedp.Action[chromedp.Void](func(ctx context.Context, tg *chromedp.Target) (chromedp.Void, error) {
		ua, err := chromedp.Run(ctx, chromedp.Evaluate[string](`navigator.userAgent`))
		if err != nil {
			return chromedp.Void{}, err
		}
		if _, err := cdp.Call(ctx, tg, emulation.SetUserAgentOverride, emulation.SetUserAgentOverrideParams{UserAgent: ua, AcceptLanguage: "ru-RU,ru"}); err != nil {
			return chromedp.Void{}, err
		}
		_, err = cdp.Call(ctx, tg, emulation.SetLocaleOverride, emulation.SetLocaleOverrideParams{Locale: "ru-RU"})
		return chromedp.Void{}, err
	}))
}

// checkRussian measures the page's Cyrillic share and what overflows,
// and saves a screenshot at the two widths players use.
func (b *browser) checkRussian(name string) float64 {
	b.t.Helper()
	share := evalJS[float64](b, cyrillicJS)
	b.t.Logf("%s: %.0f%% of the letters are Cyrillic", name, share*100)
	if share < 0.7 {
		b.t.Errorf("%s: %.0f%% Cyrillic, want 70%% or more; English left: %s", name, share*100,
			evalJS[string](b, `(document.body.innerText.match(/[A-Za-z][A-Za-z ',.]{3,}/g) || []).slice(0, 30).join(' | ')`))
	}
	for _, size := range []struct {
		w, h int64
		tag  string
	}{{1280, 800, "wide"}, {390, 844, "phone"}} {
		b.run("viewport", chromedp.EmulateViewport(size.w, size.h, chromedp.EmulateScale(1)))
		viewShot(b, "ru-"+name+"-"+size.tag)
		if out := evalJS[[]string](b, overflowJS); len(out) > 0 {
			b.t.Errorf("%s at %d px: overflows: %v", name, size.w, out)
		}
	}
	b.run("wide", chromedp.EmulateViewport(1280, 800, chromedp.EmulateScale(1)))
	return share
}

// TestRussianPages: a browser set to Russian sees the lobby, a game page
// and the rules index in Russian (at least 70% of their letters
// Cyrillic), fitting a laptop and a phone; the header's switcher turns a
// page to English and back, and the choice outlasts a reload.
func TestRussianPages(t *testing.T) {
	s := startServer(t, filepath.Join(t.TempDir(), "e2e.db"), "")
	b := newBrowser(t)
	b.russian()
	b.run("lobby", chromedp.Navigate(s.URL), chromedp.WaitVisible(chromedp.ID("create")))
	b.waitJS("lobby in Russian", `document.documentElement.lang === 'ru' && document.getElementById('create').textContent === 'Создать партию'`)
	b.checkRussian("lobby")

	b.create(s, "dragonchess", map[string]string{"clock": "10+5"}, "local", "computer")
	b.waitJS("game page in Russian", `document.querySelector('.status') && /Ход|ход/.test(document.querySelector('.status').textContent) && document.querySelectorAll('.moves').length > 0`)
	b.checkRussian("game")
	// The seat names, pieces and options come from the game in Russian.
	if !evalJS[bool](b, `document.body.innerText.includes('Золотые') && document.body.innerText.includes('Алые')`) {
		t.Error("the game page does not name the seats Золотые and Алые")
	}

	// Switched to English on this page, it reads English, and after a
	// reload too; switched back, Russian again.
	b.eval(`(() => { const s = document.getElementById('lang'); s.value = 'en'; s.dispatchEvent(new Event('change')); return true })()`)
	time.Sleep(time.Second) // the page loads again
	b.waitJS("English", `document.documentElement.lang === 'en' && document.querySelector('.status') && document.querySelector('.status').textContent.includes('to move')`)
	if share := evalJS[float64](b, cyrillicJS); share > 0.05 {
		t.Errorf("in English the game page is %.0f%% Cyrillic", share*100)
	}
	b.run("reload", chromedp.Reload())
	time.Sleep(500 * time.Millisecond)
	b.waitJS("English kept", `document.documentElement.lang === 'en' && document.querySelector('.status') && document.querySelector('.status').textContent.includes('to move')`)
	b.eval(`(() => { const s = document.getElementById('lang'); s.value = 'ru'; s.dispatchEvent(new Event('change')); return true })()`)
	time.Sleep(time.Second)
	b.waitJS("Russian again", `document.documentElement.lang === 'ru' && document.querySelector('.status') && /Ход/.test(document.querySelector('.status').textContent)`)

	b.run("rules", chromedp.Navigate(s.URL+"rules/"), chromedp.WaitVisible(chromedp.CSS("main.rules li")))
	b.waitJS("rules index in Russian", `document.documentElement.lang === 'ru'`)
	b.checkRussian("rules")
	b.run("a rules page", chromedp.Click(chromedp.CSS(`main.rules li a`)), chromedp.WaitVisible(chromedp.CSS(".diagram")))
	b.checkRussian("rules-game")
}

// TestAccountLanguageFollowsSignIn: a player who chose Russian while
// signed in reads Russian in another browser, set to English, as soon as
// they sign in there.
func TestAccountLanguageFollowsSignIn(t *testing.T) {
	s := startServer(t, filepath.Join(t.TempDir(), "e2e.db"), "")
	a := newBrowser(t)
	a.signUp(s, "olga")
	a.eval(`(() => { const s = document.getElementById('lang'); s.value = 'ru'; s.dispatchEvent(new Event('change')); return true })()`)
	time.Sleep(time.Second) // the page loads again
	a.waitJS("Russian", `document.documentElement.lang === 'ru' && document.getElementById('account-link').textContent === 'olga'`)

	b := newBrowser(t)
	b.run("account screen", chromedp.Navigate(s.URL+"#/account"), chromedp.WaitVisible(chromedp.ID("signin")))
	if lang := evalJS[string](b, `document.documentElement.lang`); lang != "en" {
		t.Fatalf("a fresh English browser reads %q", lang)
	}
	b.eval(`document.getElementById('acct-name').value = 'olga'; document.getElementById('acct-pass').value = 'a long password'; true`)
	b.run("sign in", chromedp.Click(chromedp.ID("signin")))
	time.Sleep(time.Second) // the page loads again, in the account's language
	b.waitJS("the account's language", `document.documentElement.lang === 'ru' && document.getElementById('lang').value === 'ru' && document.querySelector('#app h1') !== null`)
}
