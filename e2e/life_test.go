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
	// Until the claim is allowed, a disabled button counts down to it.
	alice.waitJS("claim counts down", `(b => b && b.disabled && /Claim the win in [12]s/.test(b.textContent))(document.getElementById('claim-wait'))`)
	alice.screenshot("claim-countdown")
	alice.waitJS("claim offered", `document.getElementById('claim-win') !== null && !document.getElementById('claim-wait')`)
	alice.run("claim", chromedp.Click(chromedp.ID("claim-win")))
	// One opponent: the reason is in the singular.
	alice.waitJS("result", `document.getElementById('result') && document.getElementById('result').textContent.includes('wins — opponent left the game')`)
	// The finished game's board still shows its pieces.
	alice.waitJS("pieces drawn", `document.querySelectorAll('.levels image').length >= 30`)
	alice.screenshot("claimed-win")
}
