package e2e

import (
	"fmt"
	"path/filepath"
	"testing"

	"github.com/chromedp/chromedp"
)

// cutNamesJS lists the unit names under css whose text does not fit their
// box (scrollWidth beyond clientWidth), with the sizes.
func cutNamesJS(css string) string {
	return fmt.Sprintf(`[...document.querySelectorAll(%q)].filter(e => e.scrollWidth > e.clientWidth).map(e => e.textContent + ' ' + e.scrollWidth + '>' + e.clientWidth)`, css)
}

// oldNameGoneJS is true when the page names the Infernal faction and never
// by the rulebook's old name.
const oldNameGoneJS = `!/redskin/i.test(document.body.innerText) && document.body.innerText.includes('Infernal')`

// TestDungeonUnitNamesFitOnAPhone: at phone width every unit's name in the
// draft (each faction's cards) and in the deployment's tray shows whole.
func TestDungeonUnitNamesFitOnAPhone(t *testing.T) {
	s := startServer(t, filepath.Join(t.TempDir(), "e2e.db"), "")
	b := newBrowser(t)
	b.run("phone", chromedp.EmulateViewport(390, 844, chromedp.EmulateScale(2)))
	b.create(s, "dungeon", nil, "local", "computer")
	b.waitJS("draft cards", `document.querySelectorAll('.unit .what strong').length > 0 && document.querySelectorAll('.factions button').length === 4`)
	b.waitJS("the computer drafted", `/drafted/.test(document.querySelector('pre.visible').textContent)`)
	factions := evalJS[int](b, `document.querySelectorAll('.factions button').length`)
	for i := range factions {
		b.eval(fmt.Sprintf(`document.querySelectorAll('.factions button')[%d].click(); true`, i))
		b.waitJS("faction chosen", fmt.Sprintf(`document.querySelectorAll('.factions button')[%d].getAttribute('aria-checked') === 'true'`, i))
		if cut := evalJS[[]any](b, cutNamesJS(`.unit .what strong`)); len(cut) > 0 {
			t.Errorf("draft names cut off at phone width: %v", cut)
		}
		if i == 2 {
			b.eval(`document.querySelector('.units').scrollIntoView(); true`)
			viewShot(b, "phone-dungeon-draft-names")
		}
	}
	if evalJS[bool](b, `document.documentElement.scrollWidth > innerWidth + 1`) {
		t.Error("the draft scrolls sideways on a phone")
	}
	// The faction the rulebook calls Redskin reads Infernal (a ruling).
	if !evalJS[bool](b, oldNameGoneJS) {
		t.Error("the draft shows the old faction name, or not Infernal")
	}
	b.run("suggest", chromedp.Click(chromedp.ID("suggest-setup")))
	b.waitJS("an army", `/\d+ of 80 XP/.test(document.querySelector('.tally').textContent) && !document.getElementById('submit-setup').disabled`)
	b.run("submit draft", chromedp.Click(chromedp.ID("submit-setup")))
	b.waitJS("deployment tray", `document.querySelectorAll('.tray .chip').length > 0`)
	if cut := evalJS[[]any](b, cutNamesJS(`.tray .chip span`)); len(cut) > 0 {
		t.Errorf("deployment names cut off at phone width: %v", cut)
	}
	if evalJS[bool](b, `document.documentElement.scrollWidth > innerWidth + 1`) {
		t.Error("the deployment scrolls sideways on a phone")
	}
	if evalJS[bool](b, `/redskin/i.test(document.body.innerText)`) {
		t.Error("the deployment shows the old faction name")
	}
	b.eval(`document.querySelector('.tray').scrollIntoView(); true`)
	viewShot(b, "phone-dungeon-deploy-names")
}
