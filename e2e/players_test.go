package e2e

import (
	"fmt"
	"math"
	"path/filepath"
	"strings"
	"testing"

	"github.com/chromedp/chromedp"

	"wyrm/rating"
)

// A rated game between two accounts shows both names and ratings to both
// players and to a spectator, and each player's rating change at the end.
func TestRatedGameShowsThePlayers(t *testing.T) {
	s := startServer(t, filepath.Join(t.TempDir(), "e2e.db"), "")
	alice, bob, watcher := newBrowser(t), newBrowser(t), newBrowser(t)
	alice.signUp(s, "alice")
	bob.signUp(s, "bob")
	id := alice.create(s, "dragon", map[string]string{"rated": "true"}, "local", "open")
	bob.run("join", chromedp.Navigate(s.URL+"#/join/"+id+"/1"))
	bob.waitSeated("bob seated")
	// The spectator watches on a phone.
	watcher.run("phone", chromedp.EmulateViewport(390, 844, chromedp.EmulateScale(1)))
	watcher.run("watch", chromedp.Navigate(s.URL+"#/g/"+id))
	names := `[...document.querySelectorAll('.seat .player-name')].map(e => e.textContent).join(',')`
	ratings := `[...document.querySelectorAll('.seat .rating')].map(e => e.textContent).join(',')`
	for _, b := range []*browser{alice, bob, watcher} {
		b.waitJS("both names", names+` === 'alice,bob'`)
		if got := evalJS[string](b, ratings); got != "1500?,1500?" {
			t.Errorf("ratings %q, want both 1500?", got)
		}
	}
	if you := evalJS[string](alice, `document.querySelector('.seat').textContent`); !strings.Contains(you, "you") {
		t.Errorf("alice's own seat does not say so: %q", you)
	}
	alice.screenshot("rated-players-laptop")
	watcher.screenshot("rated-players-spectator-phone")
	alice.playMove()
	bob.playMove()
	alice.resign()
	aliceAfter, bobAfter := rating.UpdateTwoPlayer(rating.New(), rating.New(), 0) // alice lost
	want := fmt.Sprintf("\u2212%d,+%d", 1500-int(math.Round(aliceAfter.R)), int(math.Round(bobAfter.R))-1500)
	changes := `[...document.querySelectorAll('.seat .rating-change')].map(e => e.textContent).join(',')`
	alice.waitJS("result", `document.getElementById('result') !== null`)
	for _, b := range []*browser{alice, bob, watcher} {
		b.waitJS("rating changes", changes+` === '`+want+`'`)
	}
	bob.screenshot("rated-players-after")
	watcher.screenshot("rated-players-spectator-phone-after")
}
