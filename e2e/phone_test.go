package e2e

import (
	"path/filepath"
	"testing"

	"github.com/chromedp/chromedp"
)

// TestPhoneClocksAndHeader: on a phone the clocks stand right above and
// below the board (the players card is far below it), and the header is
// one row whose links open from a menu button, kept one row when the
// connection notice shows. On a laptop the header shows its links and the
// players card its clocks.
func TestPhoneClocksAndHeader(t *testing.T) {
	s := startServer(t, filepath.Join(t.TempDir(), "e2e.db"), "")
	b := newBrowser(t)
	b.run("phone", chromedp.EmulateViewport(390, 844, chromedp.EmulateScale(1)))
	b.create(s, "dragon", map[string]string{"clock": "3+2"}, "local", "computer")
	b.waitJS("clocks beside the board", `document.querySelectorAll('.boardclocks .clock-b').length === 2 && /\d:\d\d/.test(document.querySelector('.bottom-clocks .clock-b').textContent)`)
	// Each strip within a few pixels of the board, and the bottom one on
	// the screen without scrolling.
	gaps := evalJS[[]float64](b, `(() => {
		const board = document.querySelector('.board-wrap').getBoundingClientRect();
		const top = document.querySelector('.top-clocks').getBoundingClientRect(), bottom = document.querySelector('.bottom-clocks').getBoundingClientRect();
		return [board.top - top.bottom, bottom.top - board.bottom, bottom.bottom, innerHeight] })()`)
	if gaps[0] > 60 || gaps[0] < 0 || gaps[1] > 60 || gaps[1] < 0 {
		t.Errorf("clocks %.0f px above and %.0f px below the board", gaps[0], gaps[1])
	}
	if gaps[2] > gaps[3] {
		t.Errorf("the bottom clock ends at %.0f px, below the screen (%.0f px)", gaps[2], gaps[3])
	}
	if evalJS[bool](b, `getComputedStyle(document.querySelector('.seat .clock')).display !== 'none'`) {
		t.Error("the players card shows its clocks too on a phone")
	}
	// The header: one row, its links behind the menu button.
	h0 := evalJS[float64](b, `document.querySelector('header.top').getBoundingClientRect().height`)
	if h0 > 56 {
		t.Errorf("the phone header is %.0f px high", h0)
	}
	if evalJS[bool](b, `document.querySelector('#main-nav').offsetParent !== null`) {
		t.Error("the links show without the menu")
	}
	b.eval(`document.getElementById('conn').textContent = 'Connection lost: reconnecting…'; true`)
	if h := evalJS[float64](b, `document.querySelector('header.top').getBoundingClientRect().height`); h != h0 {
		t.Errorf("the header grew from %.0f to %.0f px with the connection notice", h0, h)
	}
	b.screenshot("phone-game-clocks")
	b.clickCSS("menu", `#menu-open`)
	b.waitJS("links open", `document.querySelector('#main-nav').offsetParent !== null && document.getElementById('menu-open').getAttribute('aria-expanded') === 'true'`)
	viewShot(b, "phone-menu-open")
	b.run("puzzles", chromedp.Click(chromedp.CSS(`#main-nav a[href="#/puzzles"]`)))
	b.waitJS("puzzles, menu closed", `location.hash.startsWith('#/puzzles') && document.querySelector('#main-nav').offsetParent === null`)
	// A laptop: links in the header, no menu button, clocks in the card.
	b.run("laptop", chromedp.EmulateViewport(1280, 800, chromedp.EmulateScale(1)))
	b.run("back", chromedp.NavigateBack())
	b.waitJS("card clocks", `document.querySelector('.seat .clock') !== null && getComputedStyle(document.querySelector('.seat .clock')).display !== 'none'`)
	if evalJS[bool](b, `document.getElementById('menu-open').offsetParent !== null || document.querySelector('#main-nav').offsetParent === null || document.querySelector('.boardclocks').offsetParent !== null`) {
		t.Error("the laptop header or clocks look like the phone's")
	}
}
