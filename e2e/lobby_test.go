package e2e

import (
	"path/filepath"
	"strings"
	"testing"

	"github.com/chromedp/chromedp"
)

// TestLobbyFormFromTheSchema: the lobby builds each game's options from the
// typed schema alone (a select per choice, a checkbox per member of a set,
// a select per seat for a per-seat option) and names the seats as the game
// does for the options chosen.
func TestLobbyFormFromTheSchema(t *testing.T) {
	s := startServer(t, filepath.Join(t.TempDir(), "e2e.db"), "")
	b := newBrowser(t)
	b.run("lobby", chromedp.Navigate(s.URL), chromedp.WaitVisible(chromedp.ID("create")))

	b.eval(`document.querySelector('input[name=game][value=dragonchess]').click(); true`)
	b.waitJS("variant checkboxes", `document.querySelectorAll('[data-opt=variants] input[type=checkbox]').length === 9`)
	b.waitJS("Gold and Scarlet", `[...document.querySelectorAll('.seatrow')].map(r => r.textContent).join().includes('Gold')`)
	b.screenshot("lobby-dragonchess")

	b.eval(`document.querySelector('input[name=game][value=dungeon]').click(); true`)
	b.waitJS("map choices", `[...document.querySelectorAll('#opt-map option')].map(o => o.value).includes('compact-skirmish')`)
	b.waitJS("a faction per seat", `document.querySelectorAll('[data-opt=factions] select').length === 2`)
	b.eval(`(() => { const e = document.getElementById('opt-players'); e.value = '4'; e.dispatchEvent(new Event('change')); return true })()`)
	b.waitJS("four seats", `document.querySelectorAll('.seatrow').length === 4 && document.querySelectorAll('[data-opt=factions] select').length === 4`)
	b.waitJS("numbered seats", `document.querySelectorAll('.seatrow')[3].textContent.includes('Seat 4')`)
	// Factions for every seat name the seats after them.
	b.eval(`(() => { const el = document.querySelector('[data-opt=factions]'); ['human','undead','redskin','greenskin'].forEach((f, i) => el.querySelectorAll('select')[i].value = f); el.dispatchEvent(new Event('change')); return true })()`)
	b.waitJS("faction seats", `document.querySelectorAll('.seatrow')[2].textContent.includes('Infernal')`)
	// The rulebook's name for that faction is shown nowhere (a ruling).
	if text := evalJS[string](b, `document.body.innerText`); strings.Contains(strings.ToLower(text), "redskin") {
		t.Errorf("the new-game form shows the old faction name:\n%s", text)
	}
	// Half chosen is refused with the game's explanation.
	b.eval(`(() => { const el = document.querySelector('[data-opt=factions]'); el.querySelectorAll('select')[3].value = ''; el.dispatchEvent(new Event('change')); return true })()`)
	b.waitJS("explanation", `document.querySelector('.lobby .error').textContent.includes('factions')`)
	b.screenshot("lobby-dungeon")
}
