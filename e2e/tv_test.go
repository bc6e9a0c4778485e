package e2e

import (
	"path/filepath"
	"strings"
	"testing"

	"github.com/chromedp/chromedp"
)

// A game's TV channel (/tv/<game>) shows the rated game two accounts play:
// their names and ratings, each move as it arrives and how many watch; the
// lobby shows it as a small live board that leads there.
func TestTVFollowsARatedGame(t *testing.T) {
	s := startServer(t, filepath.Join(t.TempDir(), "e2e.db"), "")
	alice, bob, viewer, other := newBrowser(t), newBrowser(t), newBrowser(t), newBrowser(t)
	viewer.run("empty TV", chromedp.Navigate(s.URL+"/tv/dragon"))
	viewer.waitJS("nothing on", `(e => e && !e.hidden && e.textContent.includes('Nothing is being played'))(document.getElementById('tv-empty'))`)
	viewer.screenshot("tv-empty-laptop")

	alice.signUp(s, "alice")
	bob.signUp(s, "bob")
	id := alice.create(s, "dragon", map[string]string{"rated": "true", "clock": "10+5"}, "local", "open")
	bob.run("join", chromedp.Navigate(s.URL+"#/join/"+id+"/1"))
	bob.waitSeated("bob seated")

	// The channel comes on by itself once the game is under way.
	names := `[...document.querySelectorAll('.tv-player .player-name')].map(e => e.textContent).join(',')`
	viewer.waitJS("both players on TV", names+` === 'bob,alice'`)
	if got := evalJS[string](viewer, `[...document.querySelectorAll('.tv-player .rating')].map(e => e.textContent.trim()).join(',')`); got != "1500?,1500?" {
		t.Errorf("ratings on TV %q, want both 1500?", got)
	}
	viewer.waitJS("the TV counts itself", `document.getElementById('tv-watching').textContent.includes('1 watching')`)
	other.run("watch the game page", chromedp.Navigate(s.URL+"#/g/"+id))
	viewer.waitJS("two watching", `document.getElementById('tv-watching').textContent.includes('2 watching')`)
	other.waitJS("the game page counts them", `(e => e && e.textContent.includes('2 watching'))(document.getElementById('watching'))`)

	alice.playMove()
	viewer.waitJS("alice's move on TV", `document.getElementById('tv-last').textContent.startsWith('Last move: 1.')`)
	bob.playMove()
	viewer.waitJS("bob's move on TV", `document.getElementById('tv-last').textContent.startsWith('Last move: 1…')`)
	if got := evalJS[int](viewer, `document.querySelectorAll('.tv .clock').length`); got != 2 {
		t.Errorf("%d clocks on TV, want 2", got)
	}
	// White (alice, the first seat) at the bottom, as spectators see it.
	if got := evalJS[string](viewer, `document.querySelector('.tv-players.tv-bottom .player-name').textContent`); got != "alice" {
		t.Errorf("at the bottom: %q", got)
	}
	viewer.screenshot("tv-laptop")
	viewer.run("phone", chromedp.EmulateViewport(390, 844, chromedp.EmulateScale(1)))
	viewer.waitJS("redrawn to fit the phone", `document.querySelector('.tv .level svg') !== null && document.documentElement.scrollWidth <= innerWidth`)
	viewer.screenshot("tv-phone")

	// The lobby's tile: a live board, the players, a link to the channel.
	other.run("lobby", chromedp.Navigate(s.URL+"#/"))
	tile := `document.querySelector('.tv-tile[href="/tv/dragon"]')`
	other.waitJS("the TV tile", `(t => t && t.querySelector('svg') && t.textContent.includes('alice (1500?) vs bob (1500?)'))(`+tile+`)`)
	other.screenshot("tv-lobby-laptop")
	other.run("open the channel", chromedp.Click(chromedp.CSS(`.tv-tile[href="/tv/dragon"]`)), chromedp.WaitVisible(chromedp.CSS(".tv-player")))
	other.waitJS("the channel", names+` === 'bob,alice'`)
	if got := evalJS[string](other, `location.pathname`); !strings.HasPrefix(got, "/tv/") {
		t.Errorf("the tile led to %q", got)
	}
	viewer.run("phone lobby", chromedp.Navigate(s.URL+"/#/"))
	viewer.waitJS("the TV tile on a phone", tile+` !== null && document.documentElement.scrollWidth <= innerWidth`)
	viewer.screenshot("tv-lobby-phone")

	// When the game ends the channel shows the result, then the next game
	// in progress (two guests at one screen) comes on by itself.
	viewer.run("laptop", chromedp.EmulateViewport(1280, 800, chromedp.EmulateScale(1)), chromedp.Navigate(s.URL+"/tv/dragon"))
	viewer.waitJS("back on the channel", names+` === 'bob,alice'`)
	guests := newBrowser(t)
	guests.create(s, "dragon", nil, "local", "local")
	alice.resign()
	viewer.waitJS("the result on TV", `(t => t.includes('wins') && t.includes('next game'))(document.getElementById('tv-status').textContent)`)
	viewer.screenshot("tv-result-laptop")
	viewer.waitJS("the next game on TV", names+` === 'Guest,Guest'`)
	if got := evalJS[string](viewer, `document.querySelector('.tv-players.tv-bottom small').textContent`); !strings.Contains(got, "White") {
		t.Errorf("the next game's bottom seat: %q, want White", got)
	}
}
