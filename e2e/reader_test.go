package e2e

import (
	"fmt"
	"path/filepath"
	"regexp"
	"strings"
	"testing"

	"github.com/chromedp/chromedp"
	"github.com/chromedp/chromedp/kb"
)

// typeReader types text into the screen reader's field and presses Enter, as a
// keyboard would.
func (b *browser) typeReader(text string) {
	b.t.Helper()
	// What a mistaken line left in the field is cleared first.
	b.run("type "+text, chromedp.Focus(chromedp.ID("sr-input")), chromedp.Evaluate[chromedp.Void](`document.getElementById('sr-input').value = ''`), chromedp.SendKeys(chromedp.ID("sr-input"), text+kb.Enter))
}

// answerHas waits until the screen reader's answer contains want.
func (b *browser) answerHas(want string) string {
	b.t.Helper()
	b.waitJS("answer "+want, fmt.Sprintf(`document.getElementById('sr-answer').textContent.includes(%q)`, want))
	return evalJS[string](b, `document.getElementById('sr-answer').textContent`)
}

// logHas waits until the announcements contain want.
func (b *browser) logHas(want string) {
	b.t.Helper()
	b.waitJS("announced "+want, fmt.Sprintf(`document.getElementById('sr-log').textContent.includes(%q)`, want))
}

// pressKey focuses the element with id and presses Enter on it.
func (b *browser) pressKey(id string) {
	b.t.Helper()
	b.waitJS(id, fmt.Sprintf(`(e => e !== null && !e.disabled && e.offsetParent !== null)(document.getElementById(%q))`, id))
	b.run("enter on "+id, chromedp.Focus(chromedp.ID(id)), chromedp.KeyEvent(kb.Enter))
}

// TestScreenReaderPlaysTheComputer: with the screen-reader mode on, games
// against the computer are played from the keyboard alone: moves typed in
// the game's notation or as two squares, every move announced with its
// piece and squares, commands answering with the clocks, the last moves,
// the pieces (of one level of three), what reaches a square and a piece's
// moves; Dungeon Chess's draft and deployment done with Enter on buttons.
func TestScreenReaderPlaysTheComputer(t *testing.T) {
	s := startServer(t, filepath.Join(t.TempDir(), "e2e.db"), "")
	b := newBrowser(t)
	b.run("laptop", chromedp.EmulateViewport(1280, 800, chromedp.EmulateScale(1)))
	b.run("lobby", chromedp.Navigate(s.URL), chromedp.WaitVisible(chromedp.ID("create")))
	b.eval(`localStorage.setItem('wyrm.settings', JSON.stringify({ reader: true })); true`)

	b.create(s, "dragon", map[string]string{"clock": "10+5"}, "local", "computer")
	b.logHas("White to move")
	b.typeReader("e2 e4")
	b.logHas("White: Pawn e2 to e4 (e4)")
	b.logHas("Black: ")
	b.logHas("Your move.")
	if got := b.answerHas("Sent e4"); got != "Sent e4." {
		t.Errorf("answer %q", got)
	}
	b.typeReader("c")
	if got := b.answerHas("running"); !regexp.MustCompile(`^White \d+:\d\d, running; Black 10:00\.$`).MatchString(got) {
		t.Errorf("clocks read %q", got)
	}
	b.typeReader("l")
	b.answerHas("1. White: e4; 1. Black: ")
	b.typeReader("p")
	b.answerHas("White: Rook a1, Knight b1, Bishop c1, Queen d1, King e1")
	b.typeReader("a f3")
	b.answerHas("f3, empty: White can move there with")
	b.answerHas("Knight g1")
	b.typeReader("m g1")
	b.answerHas("From g1: ")
	b.answerHas("Nf3")
	b.typeReader("zz")
	b.answerHas(`"zz" is neither a legal move here nor a command`)
	b.typeReader("Nf3")
	b.logHas("White: Knight g1 to f3 (Nf3)")
	b.waitPlies(4)
	b.screenshot("reader-dragon-laptop")
	b.checkAxe("game page with the screen-reader mode")
	b.run("phone", chromedp.EmulateViewport(390, 844, chromedp.EmulateScale(1)))
	b.screenshot("reader-dragon-phone")
	b.run("laptop", chromedp.EmulateViewport(1280, 800, chromedp.EmulateScale(1)))

	// Three boards: the pieces of one level, a move typed as two squares.
	b.create(s, "dragonchess", nil, "local", "computer")
	b.logHas("to move")
	b.typeReader("p sky")
	b.answerHas("On Sky: ")
	b.typeReader("p 4")
	b.answerHas("No level 4. The levels: ")
	squares := b.legalBySquares()
	b.typeReader(squares)
	b.logHas(strings.Replace(squares, " ", " to ", 1))
	b.waitPlies(2)
	b.logHas("Your move.")

	// The draft and the deployment with Enter on the setup's buttons.
	b.create(s, "dungeon", nil, "local", "computer")
	b.logHas("Draft")
	b.pressKey("suggest-setup")
	b.waitJS("an army suggested", `/units/.test(document.querySelector('.tally').textContent) && !document.querySelector('.tally').classList.contains('over')`)
	b.pressKey("submit-setup")
	b.logHas("Deploy")
	// One unit placed by keyboard: Enter on its chip, then on a free
	// square of the zone; the rest as the game suggests.
	b.waitJS("tray", `document.querySelectorAll('.tray .chip').length > 1`)
	chips := evalJS[int](b, `document.querySelectorAll('.tray .chip').length`)
	b.run("pick a unit", chromedp.Focus(chromedp.CSS(".tray .chip")), chromedp.KeyEvent(kb.Enter))
	free := evalJS[string](b, `[...document.querySelectorAll('.levels [data-sq]')].find(g => g.querySelector('.zone') && !g.querySelector('.piece')).dataset.sq`)
	b.run("place it", chromedp.Focus(chromedp.CSS(`[data-sq="`+free+`"]`)), chromedp.KeyEvent(kb.Enter))
	b.waitJS("placed by keyboard", fmt.Sprintf(`document.querySelectorAll('.tray .chip').length === %d && document.querySelector('[data-sq="%s"] .piece') !== null`, chips-1, free))
	b.pressKey("suggest-setup")
	b.waitJS("all placed", `document.querySelectorAll('.tray .chip').length === 0`)
	b.pressKey("submit-setup")
	b.waitJS("play", `document.getElementById('sr-log').textContent.includes('to move')`)
	b.waitJS("my move", `document.getElementById('sr-log').textContent.includes('Your move') || /your move/.test(document.querySelector('.status').textContent)`)
	squares = b.legalBySquares()
	b.typeReader(squares)
	b.logHas(strings.Replace(squares, " ", " to ", 1))
	b.screenshot("reader-dungeon-laptop")
	// The end, announced: resigned from the keyboard.
	b.pressKey("resign")
	b.pressKey("resign")
	b.logHas("wins — ")
}

// legalBySquares reads, through the screen reader's own "m" command on
// each of the player's pieces, a move as "from to".
func (b *browser) legalBySquares() string {
	b.t.Helper()
	b.waitJS("a movable piece", `document.querySelector('[data-movable]') !== null`)
	from := evalJS[string](b, `document.querySelector('[data-movable]').getAttribute('aria-label').split(' ')[0]`)
	b.typeReader("m " + from)
	b.answerHas("From " + from + ": ")
	// The squares the piece can reach, from the board's marks once it is
	// selected by keyboard.
	b.run("select", chromedp.Focus(chromedp.CSS(`[data-movable]`)), chromedp.KeyEvent(kb.Enter))
	b.waitJS("targets", `document.querySelector('[data-target="move"]') !== null`)
	to := evalJS[string](b, `document.querySelector('[data-target="move"]').getAttribute('aria-label').split(' ')[0]`)
	b.run("deselect", chromedp.KeyEvent(kb.Escape))
	return from + " " + to
}
