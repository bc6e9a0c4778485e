package e2e

import (
	"fmt"
	"math"
	"path/filepath"
	"testing"

	"github.com/chromedp/chromedp"

	"wyrm/rating"
)

// signUp creates an account in b's browser through the account screen.
func (b *browser) signUp(s *server, name string) {
	b.t.Helper()
	b.run("account screen", chromedp.Navigate(s.URL+"#/account"), chromedp.WaitVisible(chromedp.ID("signup")))
	b.eval(fmt.Sprintf(`document.getElementById('acct-name').value = %q; document.getElementById('acct-pass').value = 'a long password'; true`, name))
	b.run("sign up", chromedp.Click(chromedp.ID("signup")))
	b.waitJS("signed in", fmt.Sprintf(`document.getElementById('account-link').textContent === %q`, name))
}

// TestRatedGameChangesBothRatings: two signed-in players in two browsers
// play a rated game; both ratings change as Glicko-2 says and the profiles
// show them.
func TestRatedGameChangesBothRatings(t *testing.T) {
	s := startServer(t, filepath.Join(t.TempDir(), "e2e.db"), "")
	alice, bob := newBrowser(t), newBrowser(t)
	alice.signUp(s, "alice")
	bob.signUp(s, "bob")
	// The account screen labels its password fields where one can see them.
	for _, f := range []string{"pw-old", "pw-new"} {
		alice.waitJS("label of "+f, fmt.Sprintf(`(l => l !== null && l.offsetWidth > 0 && l.textContent.includes('password'))(document.querySelector('label[for=%s]'))`, f))
	}
	alice.screenshot("account-password")
	id := alice.create(s, "dragon", map[string]string{"rated": "true"}, "local", "open")
	bob.run("join", chromedp.Navigate(s.URL+"#/join/"+id+"/1"))
	bob.waitSeated("bob seated")
	alice.playMove()
	bob.playMove()
	alice.resign()
	alice.waitJS("result", `document.getElementById('result') !== null`)
	win, loss := rating.UpdateTwoPlayer(rating.New(), rating.New(), 0) // alice lost
	for _, c := range []struct {
		b    *browser
		name string
		want float64
	}{{alice, "alice", win.R}, {bob, "bob", loss.R}} {
		c.b.run("profile", chromedp.Navigate(s.URL+"#/players/"+c.name))
		c.b.waitJS("ratings", `document.querySelector('main table') !== null`)
		got := evalJS[string](c.b, `document.querySelector('#ratings tbody td:nth-child(2)').textContent`)
		if want := fmt.Sprintf("%d?", int(math.Round(c.want))); got != want {
			t.Errorf("%s's rating %q, want %q", c.name, got, want)
		}
	}
	bob.screenshot("profile")
}
