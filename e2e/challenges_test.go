package e2e

import (
	"fmt"
	"path/filepath"
	"strings"
	"testing"

	"github.com/chromedp/chromedp"
)

// mySeat is the index of the seat the game screen marks as the viewer's.
func (b *browser) mySeat() int {
	b.t.Helper()
	b.waitSeated("seated")
	return evalJS[int](b, `[...document.querySelectorAll('.seats .seat')].findIndex(s => s.textContent.includes('you'))`)
}

// gameID is the game the browser's screen shows.
func (b *browser) gameID() string {
	b.t.Helper()
	b.waitJS("a game screen", `location.hash.startsWith('#/g/')`)
	return strings.TrimPrefix(evalJS[string](b, `location.hash`), "#/g/")
}

// pickGame chooses a game and a time control in the lobby's form.
func (b *browser) pickGame(gameName, clock string) {
	b.t.Helper()
	b.waitJS("the form", `document.querySelector('input[name=game]') !== null`)
	b.eval(fmt.Sprintf(`document.querySelector('input[name=game][value=%q]').click(); true`, gameName))
	b.eval(fmt.Sprintf(`(() => { const e = document.getElementById('clock'); e.value = %q; e.dispatchEvent(new Event('change')); return true })()`, clock))
}

// TestSeekAcceptedInTwoBrowsers: a signed-in player posts a seek from the
// lobby's form, another sees it live and accepts it, and both land in the
// same game in opposite seats. Screenshots of the lobby with seeks at
// laptop and phone width.
func TestSeekAcceptedInTwoBrowsers(t *testing.T) {
	s := startServer(t, filepath.Join(t.TempDir(), "e2e.db"), "")
	alice, bob, carol := newBrowser(t), newBrowser(t), newBrowser(t)
	alice.signUp(s, "alice")
	bob.signUp(s, "bob")
	carol.signUp(s, "carol")
	bob.run("bob's lobby", chromedp.EmulateViewport(1280, 800), chromedp.Navigate(s.URL), chromedp.WaitVisible(chromedp.ID("create")))

	alice.run("alice's lobby", chromedp.Navigate(s.URL), chromedp.WaitVisible(chromedp.ID("create")))
	alice.pickGame("dragon", "5+3")
	alice.eval(`document.getElementById('rated').checked = true; document.getElementById('rated').dispatchEvent(new Event('change')); true`)
	alice.clickCSS("seek mode", `input[name=mode][value=seek]`)
	alice.waitJS("the range", `!document.getElementById('rating-min').closest('.field').hidden`)
	alice.eval(`document.getElementById('rating-min').value = '1200'; true`)
	// Alice plays Black: the colour is chosen in the form, for seeks only.
	alice.waitJS("the colour", `!document.getElementById('colour').closest('.field').hidden && document.getElementById('colour').options.length === 3`)
	alice.eval(`document.getElementById('colour').value = 'black'; true`)
	alice.clickCSS("post the seek", `#post-seek`)
	alice.waitJS("seeking", `document.querySelector('.notices .outgoing') !== null`)
	// A second seek, by quick pairing, for the lobby to show more than one.
	carol.run("carol's lobby", chromedp.Navigate(s.URL), chromedp.WaitVisible(chromedp.ID("create")))
	carol.clickCSS("quick pairing", `.quick button.pair[data-key$="/15+10"]`)
	carol.waitJS("carol waits", `document.querySelector('.quick button.pair.on') !== null`)

	bob.waitJS("two seeks live", `document.querySelectorAll('#seeks li[data-id]').length === 2`)
	bob.waitJS("who is online", `['alice', 'bob', 'carol'].every(n => document.getElementById('online').textContent.includes(n))`)
	if text := evalJS[string](bob, `document.getElementById('seeks').textContent`); !strings.Contains(text, "alice (1500?)") || !strings.Contains(text, "rating 1200–∞") || !strings.Contains(text, "alice plays Black") {
		t.Errorf("the seeks as bob sees them: %q", text)
	}
	bob.screenshot("lobby-seeks")
	bob.run("phone", chromedp.EmulateViewport(390, 844, chromedp.EmulateScale(2)))
	bob.waitJS("still two seeks", `document.querySelectorAll('#seeks li[data-id]').length === 2`)
	if evalJS[bool](bob, `document.documentElement.scrollWidth > innerWidth`) {
		t.Error("the phone lobby with seeks scrolls sideways")
	}
	bob.screenshot("phone-lobby-seeks")
	bob.eval(`document.querySelector('.seeks-panel').scrollIntoView(); true`)
	viewShot(bob, "phone-lobby-seeks-view")
	bob.run("laptop", chromedp.EmulateViewport(1280, 800))

	bob.waitJS("accept alice's seek", `(() => { const li = [...document.querySelectorAll('#seeks li[data-id]')].find(li => li.textContent.includes('alice'));
		if (!li) return false; li.querySelector('button.accept').click(); return true })()`)
	id := bob.gameID()
	if got := alice.gameID(); got != id {
		t.Fatalf("alice is in game %s, bob in %s", got, id)
	}
	if a, b := alice.mySeat(), bob.mySeat(); a != 1 || b != 0 {
		t.Fatalf("alice, who sought a game as Black, holds seat %d and bob seat %d", a, b)
	}
	bob.screenshot("seek-game")
}

// TestDirectChallengeAcceptedByTheChallenged: a player challenges another
// from their profile; the challenged player, on another screen, sees it,
// declines it once with a reason the challenger reads, then accepts the
// next, and both land in the game.
func TestDirectChallengeAcceptedByTheChallenged(t *testing.T) {
	s := startServer(t, filepath.Join(t.TempDir(), "e2e.db"), "")
	alice, bob := newBrowser(t), newBrowser(t)
	alice.signUp(s, "alice")
	bob.signUp(s, "bob") // bob stays on his account screen
	challenge := func() {
		alice.run("bob's profile", chromedp.Navigate(s.URL+"#/players/bob"), chromedp.WaitVisible(chromedp.ID("challenge")))
		alice.clickCSS("challenge", `#challenge`)
		alice.waitJS("the challenge form", `document.getElementById('send-challenge') !== null`)
		alice.pickGame("dragonchess", "10+5")
		alice.waitJS("the colour", `!document.getElementById('colour').closest('.field').hidden`)
		alice.eval(`document.getElementById('colour').value = 'white'; true`)
		viewShot(alice, "challenge-form")
		alice.clickCSS("send", `#send-challenge`)
		alice.waitJS("waiting for bob", `(document.querySelector('.notices .outgoing') || {}).textContent?.includes('Waiting for bob')`)
		bob.waitJS("the challenge on bob's screen", `document.querySelector('.notices .incoming') !== null`)
	}
	challenge()
	bob.eval(`document.querySelector('.notices .incoming select').value = 'later'; true`)
	bob.clickCSS("decline", `.notices .incoming button.decline`)
	alice.waitJS("the answer", `document.querySelector('.notices .note') !== null && document.querySelector('.notices .note').textContent.includes('ask me again later')`)
	// The challenge page itself says it was declined, not still waiting.
	alice.waitJS("the page's answer", `(document.querySelector('form [role=status]') || {}).textContent?.includes('bob declined your challenge')`)
	viewShot(alice, "challenge-declined")
	bob.waitJS("the challenge gone", `document.querySelector('.notices .incoming') === null`)
	challenge()
	viewShot(bob, "challenge-received")
	bob.run("phone", chromedp.EmulateViewport(390, 844, chromedp.EmulateScale(2)))
	viewShot(bob, "phone-challenge-received")
	bob.run("laptop", chromedp.EmulateViewport(1280, 800))
	if !strings.Contains(evalJS[string](bob, `location.hash`), "account") {
		t.Fatal("bob left his screen")
	}
	bob.clickCSS("accept", `.notices .incoming button.accept`)
	id := bob.gameID()
	if got := alice.gameID(); got != id {
		t.Fatalf("alice is in game %s, bob in %s", got, id)
	}
	if a, b := alice.mySeat(), bob.mySeat(); a != 0 || b != 1 {
		t.Fatalf("alice, who challenged as White, holds seat %d and bob seat %d", a, b)
	}
}

// TestGuestQuickPairing: a guest presses a quick pairing button and waits;
// a signed-in player accepts the guest's seek from the list, and the guest
// is sent to the game holding the other seat.
func TestGuestQuickPairing(t *testing.T) {
	s := startServer(t, filepath.Join(t.TempDir(), "e2e.db"), "")
	guest, bob := newBrowser(t), newBrowser(t)
	bob.signUp(s, "bob")
	guest.run("the guest's lobby", chromedp.Navigate(s.URL), chromedp.WaitVisible(chromedp.ID("create")))
	guest.clickCSS("quick pairing", `.quick button.pair[data-key="dragon/3+2"]`)
	guest.waitJS("waiting", `document.querySelector('.quick button.pair.on') !== null && document.querySelector('.notices .outgoing') !== null`)
	bob.run("bob's lobby", chromedp.Navigate(s.URL), chromedp.WaitVisible(chromedp.ID("create")))
	bob.waitJS("the guest's seek", `(document.querySelector('#seeks li[data-id]') || {}).textContent?.includes('Anonymous')`)
	bob.clickCSS("accept", `#seeks li[data-id] button.accept`)
	id := bob.gameID()
	if got := guest.gameID(); got != id {
		t.Fatalf("the guest is in game %s, bob in %s", got, id)
	}
	if a, b := guest.mySeat(), bob.mySeat(); a+b != 1 {
		t.Fatalf("the guest holds seat %d and bob seat %d", a, b)
	}
}
