package e2e

import (
	"path/filepath"
	"testing"

	"github.com/chromedp/chromedp"
)

// TestBotProfileShowsBot: an account made a bot is marked BOT on its
// profile, where a person may still challenge it. Screenshots at laptop
// and phone width.
func TestBotProfileShowsBot(t *testing.T) {
	s := startServer(t, filepath.Join(t.TempDir(), "e2e.db"), "")
	robo, alice := newBrowser(t), newBrowser(t)
	robo.signUp(s, "robo")
	// The page's own session makes the account a bot, as a script would.
	status := evalJS[int](robo, `(() => {
		const me = new XMLHttpRequest(); me.open('GET', '/api/account/me', false); me.send();
		const x = new XMLHttpRequest(); x.open('POST', '/api/account/bot', false);
		x.setRequestHeader('Content-Type', 'application/json');
		x.setRequestHeader('X-CSRF-Token', JSON.parse(me.responseText).csrf);
		x.send('{}'); return x.status })()`)
	if status != 200 {
		t.Fatalf("becoming a bot: %d", status)
	}
	alice.signUp(s, "alice")
	for _, size := range []struct {
		name string
		w, h int64
	}{{"laptop", 1280, 800}, {"phone", 390, 844}} {
		alice.run("robo's profile", chromedp.EmulateViewport(size.w, size.h), chromedp.Navigate(s.URL+"#/players/robo"), chromedp.WaitVisible(chromedp.ID("challenge")))
		alice.waitJS("the BOT mark", `document.querySelector('h1 .badge.bot')?.textContent === 'BOT'`)
		alice.screenshot("bot-profile-" + size.name)
	}
	// A person's profile has no mark.
	alice.run("alice's profile", chromedp.Navigate(s.URL+"#/players/alice"))
	alice.waitJS("alice's name", `document.querySelector('h1')?.textContent === 'alice'`)
	if evalJS[bool](alice, `document.querySelector('.badge.bot') !== null`) {
		t.Fatal("a person is marked as a bot")
	}
}
