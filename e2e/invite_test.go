package e2e

import (
	"path/filepath"
	"strings"
	"testing"

	"github.com/chromedp/chromedp"
)

// TestWaitingForYourFriend: after creating an invitation, a panel above
// the board says the game waits for a friend, with the link and a copy
// button, at both widths; it goes when the friend sits down.
func TestWaitingForYourFriend(t *testing.T) {
	s := startServer(t, filepath.Join(t.TempDir(), "e2e.db"), "")
	alice := newBrowser(t)
	id := alice.create(s, "dragon", nil, "local", "invite")
	alice.waitJS("panel", `document.getElementById('invite-panel')?.offsetParent !== null && document.querySelector('#invite-panel input') !== null`)
	link := evalJS[string](alice, `document.querySelector('#invite-panel input').value`)
	if !strings.Contains(link, "/#/join/"+id+"/1/") {
		t.Fatalf("invite link %q", link)
	}
	if !evalJS[bool](alice, `/Waiting for your friend/.test(document.getElementById('invite-panel').textContent)`) {
		t.Error("the panel does not say it waits for a friend")
	}
	// Above the board, on the screen as the game opens.
	for _, sz := range []struct {
		name string
		w, h int64
	}{{"laptop", 1280, 800}, {"phone", 390, 844}} {
		alice.run(sz.name, chromedp.EmulateViewport(sz.w, sz.h, chromedp.EmulateScale(1)))
		alice.waitJS("resized", `innerWidth === `+map[string]string{"laptop": "1280", "phone": "390"}[sz.name])
		alice.eval(`scrollTo(0, 0); true`)
		if !evalJS[bool](alice, `(() => { const p = document.getElementById('invite-panel').getBoundingClientRect(), b = document.querySelector('.board-wrap').getBoundingClientRect();
			return p.bottom <= b.top && p.top >= 0 && p.bottom <= innerHeight && p.right <= innerWidth + 1 })()`) {
			t.Errorf("%s: the panel is not on the screen above the board", sz.name)
		}
		viewShot(alice, "invite-waiting-"+sz.name)
	}
	if evalJS[bool](alice, `/false|undefined/.test(document.querySelector('aside').textContent)`) {
		t.Error("the side panel shows a stray false or undefined")
	}
	alice.run("copy", chromedp.Click(chromedp.CSS(`#invite-panel button.copy`)))
	alice.waitJS("copied", `/Copied/.test(document.querySelector('#invite-panel button.copy').textContent)`)
	bob := newBrowser(t)
	bob.run("open link", chromedp.Navigate(link))
	bob.waitSeated("bob seated")
	alice.waitJS("panel gone", `document.getElementById('invite-panel').hidden`)
	if evalJS[bool](bob, `document.getElementById('invite-panel').offsetParent !== null`) {
		t.Error("the friend sees the invitation panel")
	}
}
