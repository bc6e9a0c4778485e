package e2e

import (
	"fmt"
	"path/filepath"
	"testing"
	"time"

	"github.com/chromedp/chromedp"
)

// say types text into b's chat and sends it.
func (b *browser) say(text string) {
	b.t.Helper()
	b.waitJS("chat input", `document.getElementById('chat-text') !== null && !document.querySelector('.chat-say').hidden`)
	b.eval(fmt.Sprintf(`document.getElementById('chat-text').value = %q; true`, text))
	b.clickCSS("send", `#chat-send`)
}

// chatHas is true once b's chat shows a line holding text.
func chatHas(text string) string {
	return fmt.Sprintf(`[...document.querySelectorAll('.chat-line .chat-text')].some(e => e.textContent === %q)`, text)
}

// TestChatPlayersAndSpectators: two players chat; a spectator's message
// stays in the spectators' room, never shown to the players; markup is
// shown as text; a banned term is refused; a muted player's messages stay
// hidden after a reload; a report is acknowledged.
func TestChatPlayersAndSpectators(t *testing.T) {
	s := startServer(t, filepath.Join(t.TempDir(), "e2e.db"), "")
	alice, bob, carol := newBrowser(t), newBrowser(t), newBrowser(t)
	alice.signUp(s, "alice")
	id := alice.create(s, "dragon", nil, "local", "invite")
	link := alice.inviteLink()
	bob.run("open link", chromedp.Navigate(link))
	bob.waitSeated("bob seated")
	carol.signUp(s, "carol")
	carol.run("watch", chromedp.Navigate(s.URL+"#/g/"+id))
	carol.waitJS("spectators' room", `document.getElementById('chat-toggle') !== null && document.getElementById('chat-toggle').textContent.includes('Spectators')`)

	alice.say("good luck, have fun")
	bob.waitJS("bob hears alice", chatHas("good luck, have fun"))
	bob.say("<b>thanks</b> & you")
	alice.waitJS("alice hears bob", chatHas("<b>thanks</b> & you"))
	if n := evalJS[int](alice, `document.querySelectorAll('.chat-line b b, .chat-text *').length`); n != 0 {
		t.Errorf("markup in a message became %d elements", n)
	}
	carol.say("spectators only: a hint!")
	carol.waitJS("carol hears herself", chatHas("spectators only: a hint!"))
	alice.say("after the spectator")
	bob.waitJS("bob hears alice again", chatHas("after the spectator"))
	for _, p := range []*browser{alice, bob} {
		if evalJS[bool](p, chatHas("spectators only: a hint!")) {
			t.Error("a player was shown the spectators' room")
		}
	}
	if evalJS[bool](carol, chatHas("good luck, have fun")) {
		t.Error("the spectator was shown the players' room")
	}

	bob.say("FREE gold for everyone")
	bob.waitJS("refused", `document.querySelector('.chat-note').textContent.includes('not allowed')`)
	if v := evalJS[string](bob, `document.getElementById('chat-text').value`); v != "FREE gold for everyone" {
		t.Errorf("the refused message was cleared from the input: %q", v)
	}

	alice.run("laptop", chromedp.EmulateViewport(1280, 800, chromedp.EmulateScale(1)))
	alice.screenshot("chat-laptop")
	// Mute bob in this browser; his messages stay hidden after a reload.
	alice.clickCSS("bob's message actions", `.chat-line:not(.own) .chat-more`)
	alice.clickCSS("report", `.chat-line:not(.own) .chat-report`)
	alice.waitJS("reported", `document.querySelector('.chat-note').textContent.includes('Reported')`)
	alice.clickCSS("bob's message actions", `.chat-line:not(.own) .chat-more`)
	alice.clickCSS("mute", `.chat-line:not(.own) .chat-mute`)
	alice.waitJS("muted", `!(`+chatHas("<b>thanks</b> & you")+`)`)
	alice.run("reload", chromedp.Reload())
	alice.waitJS("history", chatHas("after the spectator"))
	time.Sleep(200 * time.Millisecond)
	if evalJS[bool](alice, chatHas("<b>thanks</b> & you")) {
		t.Error("a muted player's message came back after a reload")
	}
	alice.run("phone", chromedp.EmulateViewport(390, 844, chromedp.EmulateScale(1)))
	alice.waitJS("resized", `innerWidth === 390`)
	time.Sleep(300 * time.Millisecond) // the board is fitted after a resize settles
	alice.eval(`document.getElementById('chat').scrollIntoView(); true`)
	alice.screenshot("chat-phone")
	if side := evalJS[bool](alice, `document.documentElement.scrollWidth > innerWidth`); side {
		t.Error("the chat makes the phone's page scroll sideways")
	}
	carol.screenshot("chat-spectator")

	// A guest watching reads the spectators' room and is asked to sign in
	// to write there.
	dave := newBrowser(t)
	dave.run("watch", chromedp.Navigate(s.URL+"#/g/"+id))
	dave.waitJS("spectators' room", chatHas("spectators only: a hint!"))
	if evalJS[bool](dave, `!document.querySelector('.chat-say').hidden || !document.querySelector('.chat-why a[href="#/account"]')`) {
		t.Error("a guest spectator may write, or is not asked to sign in")
	}
}
