package e2e

import (
	"path/filepath"
	"strings"
	"testing"

	"github.com/chromedp/chromedp"
)

// TestMistypedGameAddress: a game address that names no game says so with
// a way back to the lobby, instead of loading and reconnecting for ever;
// joining it offers no link to watch it.
func TestMistypedGameAddress(t *testing.T) {
	s := startServer(t, filepath.Join(t.TempDir(), "e2e.db"), "")
	b := newBrowser(t)
	b.run("mistyped address", chromedp.Navigate(s.URL+"#/g/nosuchgame1"))
	b.waitJS("no such game", `(document.getElementById('no-such-game') || {}).textContent?.includes('No such game')`)
	b.waitJS("a link to the lobby", `document.querySelector('#no-such-game a[href="#/"]') !== null && document.getElementById('conn').textContent === ''`)
	b.screenshot("no-such-game")
	b.run("phone", chromedp.EmulateViewport(390, 844, chromedp.EmulateScale(1)))
	b.screenshot("phone-no-such-game")
	b.run("laptop", chromedp.EmulateViewport(1280, 800))

	b.run("join it", chromedp.Navigate(s.URL+"#/join/nosuchgame1/0"))
	b.waitJS("could not join", `document.querySelector('h1')?.textContent === 'Could not join' && document.body.textContent.includes('There is no such game')`)
	if evalJS[bool](b, `document.querySelector('a[href="#/g/nosuchgame1"]') !== null`) {
		t.Fatal("the page links to a game that does not exist")
	}
	b.screenshot("join-no-such-game")
}

// TestAbortedGameReadsAborted: a game aborted before the first moves reads
// "Aborted" in its result, its players' card and the lobby's list, never
// as a draw or a game still going.
func TestAbortedGameReadsAborted(t *testing.T) {
	s := startServer(t, filepath.Join(t.TempDir(), "e2e.db"), "")
	b := newBrowser(t)
	id := b.create(s, "dragon", nil, "local", "local")
	b.waitJS("abort offered", `document.getElementById('abort') !== null`)
	b.run("abort", chromedp.Click(chromedp.ID("abort")))
	b.waitJS("aborted", `(document.getElementById('result') || {}).textContent === 'Aborted'`)
	seats := evalJS[string](b, `document.querySelector('.seats').textContent`)
	for _, bad := range []string{"ongoing", "draw"} {
		if containsFold(seats, bad) {
			t.Fatalf("the players' card reads %q", seats)
		}
	}
	if !containsFold(seats, "aborted") {
		t.Fatalf("the players' card reads %q", seats)
	}
	b.screenshot("aborted-game")
	b.run("lobby", chromedp.Navigate(s.URL+"#/"), chromedp.WaitVisible(chromedp.ID("create")))
	b.waitJS("aborted in the list", `(document.querySelector('li[data-id="`+id+`"] .where') || {}).textContent === 'Aborted'`)
	b.screenshot("aborted-in-lobby")
}

// TestDeclinedDrawToldToTheOfferer: the player who offered a draw reads
// that it was declined.
func TestDeclinedDrawToldToTheOfferer(t *testing.T) {
	s := startServer(t, filepath.Join(t.TempDir(), "e2e.db"), "")
	alice, bob := newBrowser(t), newBrowser(t)
	alice.create(s, "dragon", nil, "local", "invite")
	bob.run("open link", chromedp.Navigate(alice.inviteLink()))
	bob.waitSeated("bob seated")
	alice.playMove()
	bob.playMove()
	alice.eval(`[...document.querySelectorAll('button')].find(b => b.textContent === 'Offer draw').click(); true`)
	bob.waitJS("the offer", `[...document.querySelectorAll('button')].some(b => b.textContent === 'Decline draw')`)
	bob.eval(`[...document.querySelectorAll('button')].find(b => b.textContent === 'Decline draw').click(); true`)
	alice.waitJS("told", `document.querySelector('.status').textContent.includes('Your draw offer was declined')`)
	alice.screenshot("draw-declined")
}

// containsFold reports whether s contains sub, ignoring case.
func containsFold(s, sub string) bool {
	return strings.Contains(strings.ToLower(s), strings.ToLower(sub))
}

// TestResignConfirmSurvivesAnUpdate: the second click of a resignation
// counts even if the game screen was drawn again between the two clicks
// (here because someone started watching); it used to arm the button anew.
func TestResignConfirmSurvivesAnUpdate(t *testing.T) {
	s := startServer(t, filepath.Join(t.TempDir(), "e2e.db"), "")
	b, watcher := newBrowser(t), newBrowser(t)
	id := b.create(s, "dragon", nil, "local", "local")
	b.waitJS("resign offered", `document.getElementById('resign') !== null`)
	// The spectator's page is loaded first, so that the redraw comes well
	// inside the four seconds the first click counts.
	watcher.run("lobby", chromedp.Navigate(s.URL), chromedp.WaitVisible(chromedp.ID("create")))
	b.clickCSS("resign", "#resign")
	b.waitJS("armed", `document.getElementById('resign').textContent.startsWith('Confirm')`)
	watcher.eval(`location.hash = '#/g/` + id + `'; true`)
	b.waitJS("the screen redrawn for the spectator", `(document.getElementById('watching') || {}).textContent === '1 watching'`)
	if !evalJS[bool](b, `document.getElementById('resign').textContent.startsWith('Confirm')`) {
		t.Error("the redrawn button forgot the first click")
	}
	b.clickCSS("confirm", "#resign")
	b.waitJS("resigned", `document.getElementById('result') !== null`)
	watcher.waitJS("the spectator sees the result", `document.getElementById('result') !== null`)
}
