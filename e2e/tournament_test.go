package e2e

import (
	"fmt"
	"path/filepath"
	"strings"
	"testing"

	"github.com/chromedp/chromedp"
)

// TestTournamentJoinMovesPlayersToTheirGame: a player creates a Swiss
// tournament of one round from the tournaments' form, another joins it from its page; when it
// starts, both are moved to the board of their game, each holding a seat,
// and once it is over back to the tournament page, whose standings count
// the win. Screenshots of the list, the page before the start and the
// page with standings, at laptop and phone width.
func TestTournamentJoinMovesPlayersToTheirGame(t *testing.T) {
	s := startServer(t, filepath.Join(t.TempDir(), "e2e.db"), "")
	alice, bob := newBrowser(t), newBrowser(t)
	alice.signUp(s, "alice")
	bob.signUp(s, "bob")
	alice.run("the tournaments", chromedp.EmulateViewport(1280, 800), chromedp.Navigate(s.URL+"#/tournaments"),
		chromedp.WaitVisible(chromedp.ID("create-tournament")))
	alice.waitJS("the games", `document.querySelector('#create-tournament select[name=game] option[value=dragon]') !== null`)
	alice.eval(`(() => { const f = document.getElementById('create-tournament');
		f.name.value = 'Browser Swiss'; f.game.value = 'dragon'; f.kind.value = 'swiss'; f.kind.dispatchEvent(new Event('change'));
		f.length.value = '1'; f.startsIn.value = '0.2'; f.rated.checked = false; return true })()`)
	alice.clickCSS("create", `#create-tournament button[type=submit]`)
	alice.waitJS("the tournament's page", `location.hash.startsWith('#/tournaments/') && document.getElementById('t-join') !== null`)
	id := strings.TrimPrefix(evalJS[string](alice, `location.hash`), "#/tournaments/")
	alice.clickCSS("join", `#t-join`)
	alice.waitJS("joined", `document.getElementById('t-withdraw') !== null`)

	bob.run("bob opens the tournament", chromedp.EmulateViewport(390, 844), chromedp.Navigate(s.URL+"#/tournaments/"+id),
		chromedp.WaitVisible(chromedp.ID("t-join")))
	bob.clickCSS("join", `#t-join`)
	bob.waitJS("two players", `document.querySelectorAll('#t-standings tbody tr').length === 2`)
	bob.waitJS("the countdown", `/Starts in \d+:\d\d/.test(document.getElementById('t-countdown').textContent)`)
	bob.screenshot("tournament-before-phone")
	alice.waitJS("two players", `document.querySelectorAll('#t-standings tbody tr').length === 2`)
	alice.screenshot("tournament-before-laptop")

	// The start moves both to the same game, each in a seat of their own.
	seats := map[int]bool{}
	var game string
	for _, b := range []*browser{alice, bob} {
		g := b.gameID()
		if game != "" && g != game {
			t.Fatalf("moved to games %s and %s", game, g)
		}
		game = g
		seats[b.mySeat()] = true
	}
	if len(seats) != 2 {
		t.Fatalf("both players hold the same seat: %v", seats)
	}
	alice.waitJS("resign button", `document.getElementById('resign') !== null`)
	alice.resign()
	for _, b := range []*browser{alice, bob} {
		b.waitJS("the way back", fmt.Sprintf(`document.getElementById('back-to-tournament') !== null || location.hash === '#/tournaments/%s'`, id))
	}
	for _, b := range []*browser{alice, bob} {
		b.waitJS("back on the tournament page", fmt.Sprintf(`location.hash === '#/tournaments/%s' && document.querySelector('#t-standings td.score') !== null`, id))
	}
	bob.waitJS("bob wins the tournament with 1 point", `document.querySelector('#t-standings tbody tr').textContent.includes('bob') && document.querySelector('#t-standings td.score').textContent === '1' && document.getElementById('t-status').textContent === 'Finished'`)
	bob.screenshot("tournament-standings-phone")
	alice.waitJS("the finished game", `document.querySelector('#t-finished li a') !== null`)
	alice.screenshot("tournament-standings-laptop")
	if got := evalJS[bool](alice, `/\b(null|undefined|NaN)\b/.test(document.body.innerText)`); got {
		t.Errorf("the tournament page shows a null, undefined or NaN: %q", evalJS[string](alice, `document.body.innerText`))
	}
	alice.run("the list", chromedp.Navigate(s.URL+"#/tournaments"), chromedp.WaitVisible(chromedp.ID("tournaments-finished")))
	alice.waitJS("listed as finished", `document.querySelector('#tournaments-finished a') !== null`)
	alice.screenshot("tournaments-laptop")
	bob.run("bob's profile", chromedp.Navigate(s.URL+"#/players/bob"), chromedp.WaitVisible(chromedp.ID("player-tournaments")))
	bob.waitJS("the tournament on the profile", `document.querySelector('#player-tournaments li') !== null && document.querySelector('#player-tournaments li').textContent.includes('1st of 2')`)
	bob.screenshot("profile-tournaments-phone")
	bob.run("the list", chromedp.Navigate(s.URL+"#/tournaments"), chromedp.WaitVisible(chromedp.ID("tournaments-finished")))
	bob.screenshot("tournaments-phone")
}

// TestArenaPageWhilePlaying: two players join an arena, one going berserk;
// once it starts both are at their game, and the page shows the player's
// game under way, the leading game and the berserk mark. Screenshots at
// laptop and phone width.
func TestArenaPageWhilePlaying(t *testing.T) {
	s := startServer(t, filepath.Join(t.TempDir(), "e2e.db"), "")
	alice, bob := newBrowser(t), newBrowser(t)
	alice.signUp(s, "alice")
	bob.signUp(s, "bob")
	alice.run("the tournaments", chromedp.EmulateViewport(1280, 800), chromedp.Navigate(s.URL+"#/tournaments"),
		chromedp.WaitVisible(chromedp.ID("create-tournament")))
	alice.waitJS("the games", `document.querySelector('#create-tournament select[name=game] option[value=dragon]') !== null`)
	alice.eval(`(() => { const f = document.getElementById('create-tournament');
		f.name.value = 'Browser arena'; f.game.value = 'dragon'; f.startsIn.value = '0.15'; return true })()`)
	alice.clickCSS("create", `#create-tournament button[type=submit]`)
	alice.waitJS("the tournament's page", `location.hash.startsWith('#/tournaments/') && document.getElementById('t-join') !== null`)
	id := strings.TrimPrefix(evalJS[string](alice, `location.hash`), "#/tournaments/")
	alice.clickCSS("join", `#t-join`)
	alice.waitJS("joined", `document.getElementById('t-berserk') !== null`)
	alice.clickCSS("berserk", `#t-berserk`)
	alice.waitJS("berserk on", `document.getElementById('t-berserk').getAttribute('aria-pressed') === 'true'`)
	bob.run("bob opens the tournament", chromedp.EmulateViewport(390, 844), chromedp.Navigate(s.URL+"#/tournaments/"+id),
		chromedp.WaitVisible(chromedp.ID("t-join")))
	bob.clickCSS("join", `#t-join`)
	game := alice.gameID()
	if g := bob.gameID(); g != game {
		t.Fatalf("moved to games %s and %s", game, g)
	}
	for _, b := range []*browser{alice, bob} {
		b.run("back to the tournament", chromedp.Navigate(s.URL+"#/tournaments/"+id), chromedp.WaitVisible(chromedp.ID("t-standings")))
		b.waitJS("the game under way", fmt.Sprintf(`document.getElementById('t-your-game') !== null &&
			document.querySelector('#t-featured a').getAttribute('href') === '#/g/%s' &&
			document.querySelectorAll('#t-lead-board svg [data-sq]').length === 64 &&
			document.querySelector('#t-playing li').textContent.includes('alice ⚔') &&
			/Ends in \d+:\d\d/.test(document.getElementById('t-countdown').textContent)`, game))
	}
	alice.screenshot("arena-playing-laptop")
	bob.screenshot("arena-playing-phone")
}
