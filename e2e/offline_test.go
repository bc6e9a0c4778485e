package e2e

import (
	"context"
	"fmt"
	"net"
	"net/url"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/chromedp/cdproto/cdp"
	"github.com/chromedp/cdproto/network"
	"github.com/chromedp/cdproto/page"
	"github.com/chromedp/chromedp"

	"wyrm/game"
	"wyrm/games"
	"wyrm/record"
)

// setOffline cuts b's page and its service worker off the network (and
// tells the page, as navigator.onLine), or connects them again.
func (b *browser) setOffline(off bool) {
	b.t.Helper()
	b.run(fmt.Sprintf("offline %v", off), chromedp.Func(func(ctx context.Context, t *chromedp.Target) error {
		if _, err := cdp.Call(ctx, t, network.Enable, network.EnableParams{}); err != nil {
			return err
		}
		if _, err := cdp.Call(ctx, t, network.EmulateNetworkConditionsByRule, network.EmulateNetworkConditionsByRuleParams{
			EmulateOfflineServiceWorker: &off, MatchedNetworkConditions: []*network.Conditions{{Offline: off, DownloadThroughput: -1, UploadThroughput: -1}},
		}); err != nil {
			return err
		}
		_, err := cdp.Call(ctx, t, network.OverrideNetworkState, network.OverrideNetworkStateParams{Offline: off, DownloadThroughput: -1, UploadThroughput: -1})
		return err
	}))
}

// freeAddr is a loopback address with a port free now, for a server that
// is stopped and started again at the same origin.
func freeAddr(t *testing.T) string {
	l, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	defer l.Close()
	return l.Addr().String()
}

// cachesJS lists the page's caches, comma-separated.
const cachesJS = `caches.keys().then(k => k.sort().join(','))`

// TestOfflineApp: after one visit the app works with no connection. The
// analysis board opens, under the service worker, and shows the engine's
// lines; the lobby offers games against the computer in the browser, in
// which the computer moves in every game; one is played to its end,
// kept, written as a record and analysed. When the connection returns the
// online lobby does, and a new build's worker replaces the old cache.
func TestOfflineApp(t *testing.T) {
	db, addr := filepath.Join(t.TempDir(), "e2e.db"), freeAddr(t)
	s := startServer(t, db, addr)
	b := newBrowser(t)
	b.run("laptop", chromedp.EmulateViewport(1280, 800, chromedp.EmulateScale(1)))
	b.run("lobby", chromedp.Navigate(s.URL), chromedp.WaitVisible(chromedp.ID("create")))
	b.waitController()
	// The browser would install it: its manifest, icons and worker suffice.
	b.run("installable", chromedp.Func(func(ctx context.Context, t *chromedp.Target) error {
		r, err := cdp.Call(ctx, t, page.GetInstallabilityErrors, cdp.Empty{})
		if err != nil {
			return err
		}
		for _, e := range r.InstallabilityErrors {
			if e.ErrorID == "in-incognito" {
				continue // each test's browser context is a private one
			}
			b.t.Errorf("not installable: %s %v", e.ErrorID, e.ErrorArguments)
		}
		return nil
	}))
	// Online, the lobby leads to the same games in the browser.
	b.clickCSS("in the browser", "#in-browser")
	b.waitJS("the browser's games online", `document.getElementById('off-play') !== null && document.querySelector('#off-game option') !== null && document.querySelector('main h1').textContent === 'In this browser'`)
	v1 := evalJS[string](b, `fetch('/api/build').then(r => r.json()).then(j => j.version)`, chromedp.EvalAwaitPromise)
	if got := evalJS[string](b, cachesJS, chromedp.EvalAwaitPromise); !strings.Contains(got, "wyrm-"+v1) {
		t.Fatalf("caches %q, want wyrm-%s", got, v1)
	}

	// The puzzles, fetched once online, are there offline.
	b.run("puzzles", chromedp.Navigate(s.URL+"#/puzzles"))
	b.waitJS("a puzzle", `document.querySelector('main svg') !== null`)
	puzzle := evalJS[string](b, `document.querySelector('main h1, main h2').textContent`)
	engines := engineGames(t, s)
	s.kill()
	b.setOffline(true)
	b.run("analysis offline", chromedp.Navigate(s.URL+"analysis?game=dragonchess"))
	b.waitJS("three lines offline", `document.querySelectorAll('.pvline').length === 3`)
	if !evalJS[bool](b, `navigator.serviceWorker.controller !== null && !navigator.onLine`) {
		t.Error("the analysis board is not under the service worker, or the page thinks it is online")
	}
	b.screenshot("offline-analysis-laptop")
	b.run("puzzles offline", chromedp.Navigate(s.URL+"#/puzzles"))
	b.waitJS("the same puzzle offline", fmt.Sprintf(`document.querySelector('main svg') !== null && document.querySelector('main h1, main h2').textContent === %q`, puzzle))
	b.run("rules offline", chromedp.Navigate(s.URL+"rules/dragon"), chromedp.WaitVisible(chromedp.CSS("h1")))
	b.waitJS("the rules' diagrams", `document.querySelector('.diagram svg') !== null`)

	// The offline lobby: the computer moves first in every game.
	for _, g := range engines {
		b.run("offline lobby", chromedp.Navigate(s.URL))
		b.waitJS("offline lobby", `document.getElementById('off-play') !== null && document.querySelector('#off-game option') !== null`)
		b.eval(fmt.Sprintf(`document.getElementById('off-game').value = %q; document.getElementById('off-seat').value = '1'; document.getElementById('off-play').click(); true`, g.Name))
		b.run("the game's page", chromedp.WaitVisible(chromedp.ID("vs-state")))
		b.waitJS(g.Name+": the computer's first move", `document.querySelectorAll('.tree .mv').length === 1 && document.getElementById('vs-state').textContent === 'Your move'`)
	}
	b.screenshot("offline-vs-computer-laptop")

	// A game to its end: the player's move, then the computer mates.
	pos := "4r1k1/8/8/8/8/8/P4PPP/6K1[] w - - 0 1"
	b.run("from a position", chromedp.Navigate(s.URL+"analysis?"+url.Values{"game": {"dragon"}, "vs": {"computer"}, "pos": {pos}}.Encode()))
	b.waitJS("your move", `document.getElementById('vs-state')?.textContent === 'Your move'`)
	// Typed as two squares, and announced in the screen-reader mode.
	b.eval(`localStorage.setItem('wyrm.settings', JSON.stringify({ reader: true })); true`)
	b.run("reload", chromedp.Reload())
	b.waitJS("your move", `document.getElementById('vs-state')?.textContent === 'Your move' && !document.getElementById('sr-log').hidden`)
	b.run("type a2 a3", chromedp.SendKeys(chromedp.CSS("#anmove"), "a2 a3\r"))
	b.waitJS("mated", `document.getElementById('vs-state').textContent.startsWith('Game over')`)
	b.waitJS("announced", `document.getElementById('sr-log').textContent === 'White: Pawn a2 to a3 (a3)Black: Rook e8 to e1, check (Re1#)Game over: checkmate.'`)
	id := evalJS[string](b, `new URLSearchParams(location.search).get('local')`)
	// Looking back does not cut the kept game short.
	b.clickCSS("back a move", `button[aria-label="Previous move"]`)
	b.waitJS("looking back", `document.getElementById('vs-state').textContent === 'Game over: checkmate (looking back)'`)
	if n := evalJS[int](b, fmt.Sprintf(`JSON.parse(localStorage.getItem('wyrm.offline')).find(g => g.id === %q).moves.length`, id)); n != 2 {
		t.Errorf("the kept game has %d moves after looking back, want 2", n)
	}
	rec := evalJS[string](b, fmt.Sprintf(`import('/offlinegame.js').then(m => m.recordText(m.loadGame(%q)))`, id), chromedp.EvalAwaitPromise)
	for _, want := range []string{`[Result "0-1"]`, `[FEN "` + pos + `"]`, "1. a3 Re1#"} {
		if !strings.Contains(rec, want) {
			t.Errorf("the record lacks %q:\n%s", want, rec)
		}
	}
	// wyrm's own record reader takes it, and replays it to the same end.
	if rs, err := record.Parse(rec); err != nil || len(rs) != 1 {
		t.Errorf("the record does not read: %v", err)
	} else {
		gm, _ := games.Lookup("dragon")
		plies := 0
		end, err := rs[0].Replay(gm, func(game.Position, game.Move) error { plies++; return nil })
		if err != nil || plies != 2 || !end.Outcome().Over {
			t.Errorf("the record replays %d plies to an end %v: %v", plies, end != nil && end.Outcome().Over, err)
		}
	}
	b.screenshot("offline-game-over-laptop")
	b.run("phone", chromedp.EmulateViewport(390, 844, chromedp.EmulateScale(1)))
	b.screenshot("offline-game-over-phone")
	b.run("laptop", chromedp.EmulateViewport(1280, 800, chromedp.EmulateScale(1)))
	b.checkAxe("a game against the computer offline")
	// The download button hands the same record to the browser as a file.
	// (The file's blob is read where it is made: the page's security policy
	// lets no script fetch a blob: address.)
	b.eval(`window.realClick = HTMLAnchorElement.prototype.click; URL.createObjectURL = blob => { window.saved = {}; blob.text().then(t => { window.saved.text = t; }); return 'about:blank'; };
		HTMLAnchorElement.prototype.click = function () { window.saved.name = this.download; }; true`)
	b.clickCSS("download", "#vs-download")
	b.waitJS("downloaded", fmt.Sprintf(`window.saved && window.saved.name === 'wyrm-dragon-%s.pgn' && window.saved.text === %q`, id, rec))
	b.eval(`HTMLAnchorElement.prototype.click = window.realClick; true`)
	b.clickCSS("analyse it", "#vs-analyse")
	b.run("the analysis page", chromedp.WaitVisible(chromedp.CSS(".pvstats")))
	b.waitJS("analysed with both moves", `document.querySelectorAll('.tree .mv').length === 2 && document.querySelector('.card:not([hidden]) .pvstats') !== null`)

	// The kept games in the offline lobby; then the connection returns.
	b.run("offline lobby", chromedp.Navigate(s.URL))
	b.waitJS("kept games", `document.querySelectorAll('.kept li').length === 4`)
	b.checkAxe("offline lobby")
	b.run("phone", chromedp.EmulateViewport(390, 844, chromedp.EmulateScale(1)))
	b.screenshot("offline-lobby-phone")
	b.run("laptop", chromedp.EmulateViewport(1280, 800, chromedp.EmulateScale(1)))
	s2 := startServer(t, db, addr, "-build-note", "a new build")
	b.setOffline(false)
	b.waitJS("back online", `document.getElementById('conn').textContent === 'Back online' && document.getElementById('create') !== null`)

	// The new build: its worker fills its cache, takes over at the next
	// visit, which loads again from it, and deletes the old cache.
	v2 := evalJS[string](b, `fetch('/api/build').then(r => r.json()).then(j => j.version)`, chromedp.EvalAwaitPromise)
	if v2 == v1 {
		t.Fatalf("the new build has the old version %s", v1)
	}
	// The browser looks for the new worker, which fills its cache and then
	// waits for the old build's pages to go.
	if state := evalJS[string](b, `navigator.serviceWorker.getRegistration().then(r => r.update().then(() => {
		const w = r.installing;
		if (!w) return r.waiting ? 'installed' : 'no new worker';
		return new Promise(done => {
			w.onstatechange = () => { if (w.state === 'installed' || w.state === 'redundant') done(w.state) };
			setTimeout(() => done('still ' + w.state + ' after 30 s'), 30000);
		}) }, e => 'the update failed: ' + e.message))`, chromedp.EvalAwaitPromise); state != "installed" {
		t.Fatalf("the new build's worker: %s", state)
	}
	b.waitPromise("the new worker waiting", `navigator.serviceWorker.getRegistration().then(r => r.waiting !== null)`)
	// The next visit, once the old build's pages are closed, is the new
	// worker's: it takes over and deletes the old cache.
	b.run("close the old page", chromedp.Navigate("about:blank"))
	b.run("come back", chromedp.Navigate(s2.URL))
	b.waitJS("loaded again", `navigator.serviceWorker.controller !== null && document.getElementById('create') !== null`)
	b.waitPromise("the new cache alone", fmt.Sprintf(`caches.keys().then(k => k.includes('wyrm-%s') && !k.includes('wyrm-%s'))`, v2, v1))
	if got := evalJS[string](b, cachesJS, chromedp.EvalAwaitPromise); got != "wyrm-"+v2+",wyrm-runtime" {
		t.Errorf("caches after the update: %q", got)
	}
}

// waitPromise polls until the promise js makes resolves to true.
func (b *browser) waitPromise(what, js string) {
	b.t.Helper()
	defer b.step(what, time.Now())
	for end := time.Now().Add(30 * time.Second); !evalJS[bool](b, js, chromedp.EvalAwaitPromise); time.Sleep(100 * time.Millisecond) {
		if time.Now().After(end) {
			b.fail(what, fmt.Errorf("not true after 30 s: %s", js))
		}
	}
}

// waitController waits for the service worker to control the page, and
// says how far its registration got when it does not.
func (b *browser) waitController() {
	b.t.Helper()
	defer b.step("the service worker in control", time.Now())
	for end := time.Now().Add(60 * time.Second); !evalJS[bool](b, `navigator.serviceWorker.controller !== null`); time.Sleep(100 * time.Millisecond) {
		if time.Now().After(end) {
			state := evalJS[string](b, `navigator.serviceWorker.getRegistration().then(r => JSON.stringify(r ? { installing: r.installing && r.installing.state, waiting: r.waiting && r.waiting.state, active: r.active && r.active.state } : 'no registration'))`, chromedp.EvalAwaitPromise)
			b.fail("the service worker in control", fmt.Errorf("not after 60 s: %s", state))
		}
	}
}

// waitAcrossLoads polls js until it is true, through the page loading
// again meanwhile (an evaluation cut short by it is tried again).
func (b *browser) waitAcrossLoads(what, js string) {
	b.t.Helper()
	defer b.step(what, time.Now())
	var last error
	for end := time.Now().Add(30 * time.Second); time.Now().Before(end); time.Sleep(100 * time.Millisecond) {
		ctx, cancel := context.WithTimeout(b.ctx, 5*time.Second)
		ok, err := chromedp.Run(ctx, chromedp.Evaluate[bool](js))
		cancel()
		if err == nil && ok {
			return
		}
		last = err
	}
	b.fail(what, fmt.Errorf("not true after 30 s (%v): %s", last, js))
}
