package e2e

import (
	"path/filepath"
	"testing"

	"github.com/chromedp/chromedp"
)

// TestTakebackFromTheComputer: a player asks to take back a move in a game
// against the computer, which grants it.
func TestTakebackFromTheComputer(t *testing.T) {
	s := startServer(t, filepath.Join(t.TempDir(), "e2e.db"), "")
	b := newBrowser(t)
	b.create(s, "dragon", nil, "local", "computer")
	b.playMove()
	b.waitPlies(2)
	b.run("ask", chromedp.Click(chromedp.ID("takeback")))
	b.waitJS("moves taken back", `document.querySelectorAll('.moves button').length === 0`)
	b.screenshot("takeback")
}

// TestClaimTheWinWhenTheOpponentLeft: once the other player has been gone
// past the claim timeout, the one left may claim the game.
func TestClaimTheWinWhenTheOpponentLeft(t *testing.T) {
	s := startServer(t, filepath.Join(t.TempDir(), "e2e.db"), "")
	alice, bob := newBrowser(t), newBrowser(t)
	alice.create(s, "dragon", nil, "local", "invite")
	link := alice.inviteLink()
	bob.run("open link", chromedp.Navigate(link))
	bob.waitSeated("bob seated")
	alice.waitJS("bob is here", `document.querySelectorAll('.presence.here').length === 2`)
	alice.playMove()
	bob.playMove()
	// Bob closes his tab (a page left for another may be kept, socket and
	// all, in the browser's back-forward cache).
	if err := chromedp.Cancel(bob.ctx); err != nil {
		t.Fatal(err)
	}
	alice.waitJS("bob is away", `document.querySelectorAll('.presence.here').length === 1`)
	alice.waitJS("claim offered", `document.getElementById('claim-win') !== null`)
	alice.run("claim", chromedp.Click(chromedp.ID("claim-win")))
	alice.waitJS("result", `document.getElementById('result') && document.getElementById('result').textContent.includes('wins')`)
	// The finished game's board still shows its pieces.
	alice.waitJS("pieces drawn", `document.querySelectorAll('.levels image').length >= 30`)
	alice.screenshot("claimed-win")
}
