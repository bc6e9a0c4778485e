package e2e

import (
	"context"
	"fmt"
	"net/http"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/chromedp/chromedp"

	"wyrm/rating"
	"wyrm/server/account"
	"wyrm/server/chat"
	"wyrm/server/fairplay"
	"wyrm/server/store"
)

// seedModeration fills db with a moderator (keeper), a player who beat
// ann and ben in rated games (mallory) and whose rude message ben
// reported, and whom fair play flagged; it returns ann's and ben's
// ratings after those losses.
func seedModeration(t *testing.T, db string) map[string]float64 {
	t.Helper()
	ctx := context.Background()
	st, err := store.Open(db)
	if err != nil {
		t.Fatal(err)
	}
	defer st.Close()
	acc, err := account.Open(ctx, st, account.Config{Params: account.Params{Time: 1, MemoryKiB: 8 << 10, Threads: 1, SaltLen: 16, KeyLen: 32}})
	if err != nil {
		t.Fatal(err)
	}
	defer acc.Close()
	ids := map[string]int64{}
	for _, n := range []string{"keeper", "mallory", "ann", "ben"} {
		u, _, err := acc.SignUp(ctx, n, "a long password", "192.0.2.1")
		if err != nil {
			t.Fatal(err)
		}
		ids[n] = u.ID
	}
	if err := acc.SetModerator(ctx, "keeper", true, account.Actor{Moderator: "operator"}); err != nil {
		t.Fatal(err)
	}
	at := time.Now().Add(-time.Hour)
	for i, victim := range []string{"ann", "ben", "ann"} {
		r := account.Result{GameID: fmt.Sprintf("seed%d", i), Game: "toy", Speed: rating.Blitz, Rated: true, At: at.Add(time.Duration(i) * time.Minute),
			Players: []account.Player{{UserID: ids["mallory"], Place: 1}, {UserID: ids[victim], Place: 2}}}
		if _, err := acc.RecordResult(ctx, r); err != nil {
			t.Fatal(err)
		}
	}
	talk, err := chat.Open(ctx, st)
	if err != nil {
		t.Fatal(err)
	}
	defer talk.Close()
	var rude chat.Message
	for i, m := range []struct{ who, text string }{{"ben", "good luck"}, {"mallory", "you are a worthless potato"}, {"ben", "that is rude"}} {
		said, err := talk.Add(ctx, chat.Message{Game: "seed1", Room: chat.Players, Seat: i % 2, UserID: ids[m.who], Name: m.who, Text: m.text, AtMs: at.UnixMilli() + int64(i)})
		if err != nil {
			t.Fatal(err)
		}
		if m.who == "mallory" {
			rude = said
		}
	}
	if err := talk.AddReport(ctx, rude, "ben", ids["ben"]); err != nil {
		t.Fatal(err)
	}
	// Fair play found mallory's moves to be the engine's far too often.
	fp, err := fairplay.Open(ctx, st)
	if err != nil {
		t.Fatal(err)
	}
	for i := range fairplay.MinGames {
		if err := fp.Add(ctx, fairplay.Figures{GameID: fmt.Sprintf("fp%d", i), UserID: ids["mallory"], Game: "toy", Speed: "blitz",
			Rating: 1500, Moves: 30, Matches: 27, LossCP: 300, TimedMoves: 30, TimeMs: 30 * 2500, AtMs: at.UnixMilli()}); err != nil {
			t.Fatal(err)
		}
	}
	out := map[string]float64{}
	for _, n := range []string{"ann", "ben"} {
		rs, err := acc.Ratings(ctx, ids[n])
		if err != nil || len(rs) != 1 {
			t.Fatalf("%s's ratings: %v %v", n, rs, err)
		}
		out[n] = rs[0].Rating.R
	}
	return out
}

// signIn signs name in through the account screen.
func (b *browser) signIn(s *server, name string) {
	b.t.Helper()
	b.run("account screen", chromedp.Navigate(s.URL+"#/account"), chromedp.WaitVisible(chromedp.ID("signin")))
	b.eval(fmt.Sprintf(`document.getElementById('acct-name').value = %q; document.getElementById('acct-pass').value = 'a long password'; true`, name))
	b.run("sign in", chromedp.Click(chromedp.ID("signin")))
	b.waitJS("signed in", fmt.Sprintf(`document.getElementById('account-link').textContent === %q`, name))
}

// TestModeratorClosesReportedAccount: a moderator opens the moderators'
// page from the header, reads a report with the chat around it, marks its
// author a cheat and closes the account; the author's rated opponents get
// back every point they lost to it, the author is signed out and gone from
// the site, and the log shows both actions. Nobody else sees the page.
func TestModeratorClosesReportedAccount(t *testing.T) {
	db := filepath.Join(t.TempDir(), "e2e.db")
	lost := seedModeration(t, db)
	if lost["ann"] >= 1500 || lost["ben"] >= 1500 {
		t.Fatalf("the victims lost nothing: %v", lost)
	}
	s := startServer(t, db, "")
	mallory, mod := newBrowser(t), newBrowser(t)
	mallory.signIn(s, "mallory")
	if shown := evalJS[int](mallory, `document.getElementById('mod-link').offsetWidth`); shown != 0 {
		t.Error("a player sees the moderation link")
	}
	if resp, err := http.Get(s.URL + "api/mod/reports"); err != nil || resp.StatusCode != 404 {
		t.Errorf("a guest reads the queue: %v %v", resp.StatusCode, err)
	}

	mod.run("laptop", chromedp.EmulateViewport(1280, 800, chromedp.EmulateScale(1)))
	mod.signIn(s, "keeper")
	mod.waitJS("the moderation link shown", `document.getElementById('mod-link').offsetWidth > 0`)
	mod.clickCSS("moderation link", `#mod-link`)
	mod.waitJS("the report in its chat", `(() => { const r = document.querySelector('.mod-report'); if (!r) return false;
		const lines = [...r.querySelectorAll('.mod-chat li')].map(li => li.textContent);
		return lines.length === 3 && r.querySelector('li.reported').textContent.includes('worthless potato') && lines[2].includes('that is rude') &&
			r.querySelector('a[href="#/g/seed1"]') !== null })()`)
	mod.waitJS("the fair play flag", `(t => t !== null && t.querySelector('tbody tr').textContent.includes('mallory') && t.textContent.includes('90%'))(document.getElementById('mod-flags-table'))`)
	mod.screenshot("moderation-laptop")
	mod.clickCSS("act on the author", ".mod-report .mod-pick")
	mod.waitJS("mallory's standing", `document.getElementById('mod-standing').textContent.includes('mallory')`)
	mod.eval(`document.getElementById('mod-reason').value = 'insults, and engine moves in rated games'; document.getElementById('mod-mark-kind').value = 'cheat'; true`)
	mod.clickCSS("mark", "#mod-mark")
	mod.waitJS("refunded", `document.getElementById('mod-status').textContent.includes('3 refund(s)')`)
	// The mark shows on the profile, which the leaderboard no longer links.
	mallory.run("her profile", chromedp.Navigate(s.URL+"#/players/mallory"))
	mallory.waitJS("the mark", `(m => m !== null && m.textContent === 'CHEAT')(document.getElementById('mark'))`)
	mallory.screenshot("moderation-marked-profile")
	mod.clickCSS("close", "#mod-close")
	mod.waitJS("asked to confirm", `document.getElementById('mod-close').textContent === 'Confirm: close mallory'`)
	mod.clickCSS("confirm close", "#mod-close")
	mod.waitJS("closed", `document.getElementById('mod-status').textContent.startsWith('Closed') && document.getElementById('mod-standing').textContent.includes('closed')`)
	mod.waitJS("the log", `(() => { const rows = [...document.querySelectorAll('#mod-log-list li')].map(r => r.textContent);
		return rows.length === 3 && rows[0].includes('close') && rows[1].includes('mark cheat') && rows[1].includes('engine moves') })()`)
	mod.waitJS("the flag gone", `document.getElementById('mod-flags-table') === null && document.getElementById('mod-flags').textContent.includes('Nobody flagged')`)
	mod.screenshot("moderation-closed-laptop")
	mod.run("phone", chromedp.EmulateViewport(390, 844, chromedp.EmulateScale(1)))
	mod.phoneShot("moderation-phone")

	// Every point ann and ben lost to mallory is back: they played nobody
	// else, so each is at the start's 1500 again.
	for _, n := range []string{"ann", "ben"} {
		p := apiGet[struct{ Ratings []struct{ Rating float64 } }](t, s, "/api/players/"+n)
		if len(p.Ratings) != 1 || p.Ratings[0].Rating != 1500 {
			t.Errorf("%s's rating after the refund: %+v (it was %.1f)", n, p.Ratings, lost[n])
		}
	}
	mod.run("ann's profile", chromedp.EmulateViewport(1280, 800, chromedp.EmulateScale(1)), chromedp.Navigate(s.URL+"#/players/ann"))
	mod.waitJS("ann restored", `(() => { const td = document.querySelector('#ratings tbody td:nth-child(2)'); return td && td.textContent.startsWith('1500') })()`)
	mod.waitJS("the closed opponent unnamed", `(p => p !== null && p.querySelectorAll('.played-game').length === 2 && p.textContent.includes('deleted account') &&
		!p.textContent.includes('mallory') && p.querySelector('a[href*="deleted"]') === null)(document.getElementById('played'))`)
	mod.screenshot("moderation-refunded-profile")
	if resp, err := http.Get(s.URL + "api/players/mallory"); err != nil || resp.StatusCode != 404 {
		t.Errorf("a closed account's profile: %v %v", resp.StatusCode, err)
	}
	mallory.run("reload", chromedp.Reload())
	mallory.waitJS("signed out", `document.getElementById('account-link').textContent === 'Sign in'`)
	if got := evalJS[string](mallory, `document.querySelector('main').textContent`); strings.Contains(got, "mallory") {
		t.Errorf("the closed account's page still names it: %q", got)
	}
}

// TestCloseOwnAccountInBrowser: on the account page a player downloads their data
// and closes their account with the password, confirming on the button;
// they are signed out and cannot sign in again.
func TestCloseOwnAccountInBrowser(t *testing.T) {
	s := startServer(t, filepath.Join(t.TempDir(), "e2e.db"), "")
	b := newBrowser(t)
	b.run("phone", chromedp.EmulateViewport(390, 844, chromedp.EmulateScale(1)))
	b.signUp(s, "leaver")
	b.waitJS("own data", `document.getElementById('export') !== null`)
	name := evalJS[string](b, `(async () => (await (await fetch(document.getElementById('export').href)).json()).account.name)()`, chromedp.EvalAwaitPromise)
	if name != "leaver" {
		t.Fatalf("the download names %q", name)
	}
	b.eval(`document.getElementById('close-pass').value = 'a long password'; true`)
	b.clickCSS("close", "#close-account")
	b.waitJS("asked to confirm", `document.getElementById('close-account').textContent.startsWith('Confirm')`)
	b.phoneShot("own-data-phone")
	b.clickCSS("confirm", "#close-account")
	b.waitJS("closed", `document.getElementById('closed-note') !== null && document.getElementById('account-link').textContent === 'Sign in'`)
	b.run("sign-in screen", chromedp.Navigate(s.URL+"#/"), chromedp.Navigate(s.URL+"#/account"), chromedp.WaitVisible(chromedp.ID("signin")))
	b.eval(`document.getElementById('acct-name').value = 'leaver'; document.getElementById('acct-pass').value = 'a long password'; true`)
	b.run("sign in", chromedp.Click(chromedp.ID("signin")))
	b.waitJS("refused", `document.querySelector('.error').textContent.includes('wrong user name or password')`)
}
