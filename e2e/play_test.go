package e2e

import (
	"bytes"
	"compress/gzip"
	"encoding/json"
	"fmt"
	"io"
	"net/http"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/chromedp/chromedp"
	"github.com/chromedp/chromedp/kb"
)

type metaGame struct {
	Name  string `json:"name"`
	Title string `json:"title"`
}

func gamesOf(t *testing.T, s *server) []metaGame {
	t.Helper()
	resp, err := http.Get(s.URL + "api/meta")
	if err != nil {
		t.Fatal(err)
	}
	defer resp.Body.Close()
	var m struct{ Games []metaGame }
	if err := json.NewDecoder(resp.Body).Decode(&m); err != nil {
		t.Fatal(err)
	}
	return m.Games
}

// create fills the lobby form: the game, option values (by option name)
// and one kind per seat ("local", "invite", "computer"), then creates it
// and waits for the game screen. It returns the game id.
func (b *browser) create(s *server, gameName string, opts map[string]string, seats ...string) string {
	b.t.Helper()
	b.run("open lobby", chromedp.Navigate(s.URL), chromedp.WaitVisible(chromedp.ID("create")))
	b.eval(fmt.Sprintf(`document.querySelector('input[name=game][value=%q]').click(); true`, gameName))
	for k, v := range opts {
		if k == "clock" {
			b.eval(fmt.Sprintf(`(() => { const e = document.getElementById('clock'); e.value = %q; e.dispatchEvent(new Event('change')); return true })()`, v))
			continue
		}
		if k == "rated" { // the account's rated box, not a game option
			b.waitJS("rated box", `document.getElementById('rated') !== null`)
			b.eval(fmt.Sprintf(`document.getElementById('rated').checked = %q === 'true'; true`, v))
			continue
		}
		b.eval(fmt.Sprintf(`(() => { const e = document.querySelector('[data-opt=%q]'); if (e.type === 'checkbox') e.checked = %q === 'true'; else e.value = %q; e.dispatchEvent(new Event('change')); return true })()`, k, v, v))
	}
	b.waitJS("seat rows", fmt.Sprintf(`document.querySelectorAll('.seatrow').length === %d`, len(seats)))
	for i, k := range seats {
		b.eval(fmt.Sprintf(`(() => { const r = document.querySelectorAll('.seatrow')[%d]; const k = r.querySelector('select.kind'); k.value = %q; k.dispatchEvent(new Event('change')); r.querySelector('select.lvl').value = '1'; return true })()`, i, k))
	}
	b.run("create", chromedp.Click(chromedp.ID("create")), chromedp.WaitVisible(chromedp.CSS(".status")))
	hash := evalJS[string](b, `location.hash`)
	return strings.TrimPrefix(hash, "#/g/")
}

func (b *browser) plies() int {
	return evalJS[int](b, `document.querySelectorAll('.moves button').length`)
}

// playMove makes one legal move with the mouse: a movable piece, then a
// highlighted target, then any chooser (promotion, retreat square).
func (b *browser) playMove() {
	b.t.Helper()
	before := b.plies()
	b.waitJS("a movable piece", `document.querySelector('[data-movable]') !== null`)
	b.run("pick piece", chromedp.Click(chromedp.CSS(`[data-movable]`)))
	b.waitJS("targets", `document.querySelector('[data-target]') !== null`)
	b.run("pick target", chromedp.Click(chromedp.CSS(`[data-target]`)))
	// A chooser may come late on a loaded machine: keep looking for one
	// until the move shows, for a few seconds.
	for deadline := time.Now().Add(8 * time.Second); time.Now().Before(deadline); {
		state := evalJS[string](b, `document.querySelector('dialog[open]') ? 'dialog' : document.querySelector('[data-target="then"]') ? 'then' : document.querySelectorAll('.moves button').length > `+fmt.Sprint(before)+` ? 'done' : 'wait'`)
		switch state {
		case "dialog":
			b.run("choose", chromedp.Click(chromedp.CSS(`dialog[open] .choices button`)))
		case "then":
			b.run("retreat", chromedp.Click(chromedp.CSS(`[data-target="then"]`)))
		case "done":
			return
		default:
			time.Sleep(100 * time.Millisecond)
		}
	}
	b.waitJS("move played", fmt.Sprintf(`document.querySelectorAll('.moves button').length > %d`, before))
}

func (b *browser) waitPlies(n int) {
	b.t.Helper()
	b.waitJS(fmt.Sprintf("%d moves", n), fmt.Sprintf(`document.querySelectorAll('.moves button').length >= %d`, n))
}

// TestPlayEachGameAgainstTheComputer creates every game that starts without
// a setup stage, plays two moves against level 1 and saves a screenshot.
func TestPlayEachGameAgainstTheComputer(t *testing.T) {
	s := startServer(t, filepath.Join(t.TempDir(), "e2e.db"), "")
	for _, g := range gamesOf(t, s) {
		if g.Name == "dungeon" {
			continue // has its own test: draft and deployment first
		}
		t.Run(g.Name, func(t *testing.T) {
			b := newBrowser(t)
			b.create(s, g.Name, nil, "local", "computer")
			for i := 1; i <= 2; i++ {
				b.playMove()
				b.waitPlies(2 * i) // the computer answers
			}
			b.screenshot("game-" + g.Name)
		})
	}
}

// TestTwoBrowsersPlayByLink: one person invites another by link.
func TestTwoBrowsersPlayByLink(t *testing.T) {
	s := startServer(t, filepath.Join(t.TempDir(), "e2e.db"), "")
	name := pickGame(t, s)
	alice, bob := newBrowser(t), newBrowser(t)
	id := alice.create(s, name, map[string]string{"clock": "3+2"}, "local", "invite")
	link := alice.inviteLink()
	if !strings.Contains(link, "/#/join/"+id+"/1") {
		t.Fatalf("invite link %q", link)
	}
	bob.run("open link", chromedp.Navigate(link))
	bob.waitSeated("bob seated")
	alice.playMove()
	bob.waitPlies(1)
	bob.playMove()
	alice.waitPlies(2)
	alice.playMove()
	bob.waitPlies(3)
	// Bob's link is spent: a third person only watches.
	carol := newBrowser(t)
	carol.run("open spent link", chromedp.Navigate(link))
	carol.waitJS("refused", `document.body.textContent.includes('already taken')`)
	// Clocks run: after two moves both show less than three minutes and
	// one of them is running.
	alice.waitJS("clocks", `document.querySelectorAll('.clock').length === 2 && document.querySelector('.clock.run') !== null`)
	// Bob drags a piece instead of clicking twice.
	bob.waitJS("bob's turn", `document.querySelector('[data-movable]') !== null`)
	bob.eval(`(() => {
		const from = document.querySelector('[data-movable]');
		const r = from.getBoundingClientRect();
		const x = r.left + r.width / 2, y = r.top + r.height / 2;
		from.dispatchEvent(new PointerEvent('pointerdown', { bubbles: true, clientX: x, clientY: y, pointerId: 7, button: 0 }));
		return true })()`)
	bob.waitJS("targets", `document.querySelector('[data-target]') !== null`)
	bob.eval(`(() => {
		const to = document.querySelector('[data-target]').getBoundingClientRect();
		const x = to.left + to.width / 2, y = to.top + to.height / 2;
		dispatchEvent(new PointerEvent('pointermove', { clientX: x, clientY: y, pointerId: 7 }));
		dispatchEvent(new PointerEvent('pointerup', { clientX: x, clientY: y, pointerId: 7 }));
		return true })()`)
	alice.waitPlies(4)
	alice.screenshot("two-browsers-alice")
	// Alice resigns (two clicks); Bob asks for a rematch, Alice declines
	// and Bob reads it; he asks again, she accepts, and both pages move to
	// the new game with the colours swapped, while Carol, watching, reads
	// the offer and gets a link to watch the rematch.
	carol.run("watch", chromedp.Navigate(s.URL+"/#/g/"+id))
	carol.waitJS("watching", `document.querySelectorAll('.moves button').length >= 3`)
	alice.resign()
	bob.waitJS("result", `document.querySelector('.status').textContent.includes('Black wins')`)
	bob.run("rematch", chromedp.Click(chromedp.ID("rematch")))
	const note = `((document.getElementById('rematch-note') || {}).textContent || '')`
	alice.waitJS("offer shown", note+`.includes('asks for a rematch') && document.getElementById('no-rematch') !== null`)
	carol.waitJS("offer watched", note+`.includes('asks for a rematch') && !document.getElementById('rematch')`)
	carol.run("phone", chromedp.EmulateViewport(390, 844, chromedp.EmulateScale(2)))
	carol.eval(`document.getElementById('rematch-note').scrollIntoView({block: 'center'}); true`)
	viewShot(carol, "phone-rematch-offer-spectator")
	alice.run("decline", chromedp.Click(chromedp.ID("no-rematch")))
	bob.waitJS("declined", note+`.includes('declined the rematch')`)
	bob.screenshot("rematch-declined")
	bob.run("rematch again", chromedp.Click(chromedp.ID("rematch")))
	alice.waitJS("offer again", `document.getElementById('no-rematch') !== null`)
	alice.screenshot("rematch-offered")
	alice.run("phone", chromedp.EmulateViewport(390, 844, chromedp.EmulateScale(2)))
	alice.eval(`document.getElementById('rematch-note').scrollIntoView({block: 'center'}); true`)
	viewShot(alice, "phone-rematch-offered")
	alice.run("accept", chromedp.Click(chromedp.ID("rematch")))
	for _, p := range []*browser{alice, bob} {
		p.waitJS("moved to the rematch", `location.hash.startsWith('#/g/') && location.hash !== '#/g/`+id+`'`)
		p.waitJS("rematch screen", seatedJS+` && document.querySelectorAll('.moves button').length === 0`)
	}
	if alice.gameID() != bob.gameID() {
		t.Fatalf("Alice is at %s and Bob at %s", alice.gameID(), bob.gameID())
	}
	carol.waitJS("watch link", `(document.getElementById('torematch') || {}).textContent === 'Watch the rematch'`)
	carol.eval(`document.getElementById('torematch').scrollIntoView({block: 'center'}); true`)
	viewShot(carol, "phone-rematch-link-spectator")
	alice.screenshot("phone-rematch-new-game")
	bob.playMove() // Bob has White now
	alice.waitPlies(1)
}

// TestSpectatorCannotMove: a watcher sees the game but has no moves, and a
// forged websocket move is refused.
func TestSpectatorCannotMove(t *testing.T) {
	s := startServer(t, filepath.Join(t.TempDir(), "e2e.db"), "")
	name := pickGame(t, s)
	host := newBrowser(t)
	id := host.create(s, name, nil, "local", "local")
	watcher := newBrowser(t)
	watcher.run("watch", chromedp.Navigate(s.URL+"#/g/"+id))
	watcher.waitJS("board", `document.querySelector('.levels svg') !== null && document.body.textContent.includes('You are watching')`)
	movable := evalJS[bool](watcher, `document.querySelector('[data-movable]') !== null || !document.getElementById('movetext').closest('form').hidden`)
	if movable {
		t.Fatal("a spectator is offered moves")
	}
	reply := evalJS[string](watcher, fmt.Sprintf(`new Promise(res => {
		const ws = new WebSocket(location.origin.replace('http', 'ws') + '/ws/%s');
		ws.onmessage = ev => { const m = JSON.parse(ev.data); if (m.type === 'state') ws.send(JSON.stringify({type: 'move', move: 'x'})); else if (m.type !== 'spectators') { res(m.message || m.type); ws.close(); } };
	})`, id), chromedp.EvalAwaitPromise)
	if !strings.Contains(reply, "watching") {
		t.Fatalf("forged move answered %q", reply)
	}
	host.playMove()
	watcher.waitPlies(1)
}

// TestServerKilledAndRestarted: the server dies mid-game (SIGKILL) and
// comes back on the same file; the page reconnects and play goes on with
// nothing lost.
func TestServerKilledAndRestarted(t *testing.T) {
	db := filepath.Join(t.TempDir(), "e2e.db")
	s := startServer(t, db, "")
	name := pickGame(t, s)
	b := newBrowser(t)
	b.create(s, name, nil, "local", "local")
	b.playMove()
	b.playMove()
	s.kill()
	b.waitJS("disconnect noticed", `document.getElementById('conn').textContent.includes('reconnecting')`)
	s2 := startServer(t, db, s.addr)
	_ = s2
	b.waitJS("reconnected", `document.getElementById('conn').textContent === ''`)
	b.waitPlies(2)
	b.playMove()
	b.run("reload", chromedp.Reload())
	b.waitPlies(3)
}

// pageWeight logs and checks what a page loaded before any move: its HTML,
// CSS, JS and pictures (not the API's answers), gzip-compressed as a server
// or proxy would send them, and its first contentful paint.
func (b *browser) pageWeight(s *server, what string) {
	b.t.Helper()
	urls := evalJS[[]string](b, `performance.getEntriesByType('navigation').concat(performance.getEntriesByType('resource')).map(e => e.name).filter(n => n.startsWith(location.origin) && !n.includes('/api/') && !n.includes('/ws/'))`)
	raw, packed := 0, 0
	for _, u := range urls {
		resp, err := http.Get(strings.SplitN(u, "#", 2)[0])
		if err != nil {
			b.t.Fatal(err)
		}
		body, _ := io.ReadAll(resp.Body)
		resp.Body.Close()
		var z bytes.Buffer
		w, _ := gzip.NewWriterLevel(&z, gzip.BestCompression)
		w.Write(body)
		w.Close()
		raw += len(body)
		packed += z.Len()
	}
	paint := evalJS[float64](b, `(performance.getEntriesByName('first-contentful-paint')[0] || {startTime: -1}).startTime`)
	b.t.Logf("%s: %d files, %.1f KB (%.1f KB compressed) of HTML, CSS, JS and pictures; first contentful paint %.0f ms", what, len(urls), float64(raw)/1024, float64(packed)/1024, paint)
	if packed <= 0 || packed > 150*1024 {
		b.t.Errorf("%s weighs %d bytes compressed, want under 150 KB", what, packed)
	}
	if paint < 0 || paint > 1000 {
		b.t.Errorf("%s: first contentful paint %.0f ms, want under 1 s", what, paint)
	}
}

// pickGame prefers Dragon Chess, else the first game without setup.
func pickGame(t *testing.T, s *server) string {
	gs := gamesOf(t, s)
	for _, g := range gs {
		if g.Name == "dragon" {
			return g.Name
		}
	}
	for _, g := range gs {
		if g.Name != "dungeon" {
			return g.Name
		}
	}
	t.Fatal("no game to play")
	return ""
}

// TestDungeonFourPlayers: one person and three computers go through the
// draft, the deployment and the first moves of a four-player game.
func TestDungeonFourPlayers(t *testing.T) {
	s := startServer(t, filepath.Join(t.TempDir(), "e2e.db"), "")
	b := newBrowser(t)
	id := b.create(s, "dungeon", map[string]string{"players": "4"}, "local", "computer", "computer", "computer")
	for _, stage := range []string{"draft", "deploy"} {
		// The notation stays available behind "Type it".
		b.waitJS(stage+" screen", `document.querySelector('.type-it') !== null`)
		b.run("type it", chromedp.Click(chromedp.CSS(`.type-it`)))
		b.waitJS(stage+" text box", fmt.Sprintf(`document.querySelector('textarea[aria-label^=%q]') !== null && !document.querySelector('textarea').hidden`, stage))
		// A wrong choice is refused with the game's explanation, whole.
		bad := "human: 99W"
		if stage == "deploy" {
			bad = "Pa1,Pa2,Pa3,Pa4,Pa5,Pa6,Pa7,Pa8,Pa9"
		}
		b.eval(fmt.Sprintf(`document.querySelector('textarea').value = %q; true`, bad))
		b.run("submit bad "+stage, chromedp.Click(chromedp.ID("submit-setup")))
		b.waitJS("explanation", `document.querySelector('.error').textContent.length > 0`)
		if stage == "deploy" {
			b.waitJS("whole explanation", `!document.querySelector('.error').textContent.includes(' … ') && document.querySelector('.error').textContent.split('\n').length > 8`)
			b.screenshot("dungeon-deploy")
		}
		if stage == "draft" {
			// The computers draft as the game starts; a suggestion made
			// before they have could pick a faction one of them then takes.
			b.waitJS("computers drafted", `(document.querySelector('pre.visible').textContent.match(/drafted/g) || []).length === 3`)
		}
		b.run("suggest", chromedp.Click(chromedp.ID("suggest-setup")))
		b.waitJS("suggestion", fmt.Sprintf(`document.querySelector('textarea').value.length > 0 && document.querySelector('textarea').value !== %q`, bad))
		if stage == "draft" {
			// Seats have no factions yet: they are numbered, not coloured.
			b.waitJS("numbered seats", `document.querySelector('aside').textContent.includes('Seat 4') && !/White|Black/.test(document.querySelector('aside').textContent)`)
			// The game itself adds up the army as it is written.
			b.waitJS("XP tally", `/\d+ of 80 XP/.test(document.querySelector('.tally').textContent)`)
			b.screenshot("dungeon-draft")
		}
		b.run("submit "+stage, chromedp.Click(chromedp.ID("submit-setup")))
		b.waitJS(stage+" done", fmt.Sprintf(`!document.querySelector('textarea[aria-label^=%q]')`, stage))
	}
	b.waitJS("play", `document.querySelector('.status').textContent.includes('your move')`)
	b.playMove()
	b.waitPlies(4) // the three computers answer
	b.playMove()
	b.waitPlies(8)
	// Each computer's last move is marked, not only the latest one, and
	// the player's own move before them is not.
	resp, err := http.Get(s.URL + "api/games/" + id)
	if err != nil {
		t.Fatal(err)
	}
	var st struct {
		Plies []struct{ Seat, From, To, Target int }
	}
	err = json.NewDecoder(resp.Body).Decode(&st)
	resp.Body.Close()
	if err != nil || len(st.Plies) != 8 {
		t.Fatalf("state: %v, %d plies", err, len(st.Plies))
	}
	marked := func(sq int) bool {
		return evalJS[bool](b, fmt.Sprintf(`document.querySelector('.levels figure:not(.mini) [data-sq="%d"] rect.last') !== null`, sq))
	}
	squares := map[int]bool{}
	for _, p := range st.Plies[5:] {
		sq := p.To
		if sq < 0 || sq == p.From {
			sq = p.Target
		}
		squares[sq], squares[p.From] = true, true
		if !marked(sq) {
			t.Errorf("seat %d's last move (to %d) is not marked", p.Seat, sq)
		}
	}
	if own := st.Plies[4]; !squares[own.From] && marked(own.From) {
		t.Errorf("the player's own earlier move (from %d) is marked", own.From)
	}
	b.screenshot("game-dungeon-4p")
}

// TestLobbyAndPhoneLayout screenshots the lobby, the rules and a
// Dragonchess game on a phone-sized screen, and checks the keyboard can
// make a move (Tab to a piece, Enter, Tab to a target, Enter).
func TestLobbyAndPhoneLayout(t *testing.T) {
	s := startServer(t, filepath.Join(t.TempDir(), "e2e.db"), "")
	b := newBrowser(t)
	b.run("lobby", chromedp.Navigate(s.URL), chromedp.WaitVisible(chromedp.ID("create")))
	b.waitJS("game list", `document.querySelectorAll('.lobby .card h2').length >= 3`)
	b.pageWeight(s, "lobby")
	b.screenshot("lobby")
	b.run("rules", chromedp.Navigate(s.URL+"rules/dragonchess"), chromedp.WaitVisible(chromedp.CSS(".diagram svg")))
	b.waitJS("rulings", `document.body.textContent.includes('Rules as wyrm plays them')`)
	b.screenshot("rules-dragonchess")
	id := b.create(s, "dragon", nil, "local", "computer")
	// The game page loaded on its own, before the first move.
	b.run("game page", chromedp.Navigate(s.URL+"#/g/"+id), chromedp.Reload())
	b.waitJS("game board", `document.querySelector('[data-movable]') !== null`)
	b.pageWeight(s, "game page")
	// Keyboard: focus the first movable piece and press Enter, then the
	// first target.
	b.waitJS("movable", `document.querySelector('[data-movable]') !== null`)
	b.eval(`document.querySelector('[data-movable]').focus(); true`)
	b.run("enter on piece", chromedp.KeyEvent("\r"))
	b.waitJS("targets", `document.querySelector('[data-target]') !== null`)
	b.eval(`document.querySelector('[data-target]').focus(); true`)
	b.run("enter on target", chromedp.KeyEvent("\r"))
	b.waitPlies(2)
	// Typing a move in the game's notation.
	b.waitJS("my turn", `!document.getElementById('movetext').closest('form').hidden`)
	b.run("type move", chromedp.SendKeys(chromedp.ID("movetext"), "h3\r"))
	b.waitPlies(4)
	// Browsing the move list: click the first move, step with the arrow
	// keys, come back to the live position with End.
	b.run("first move", chromedp.Click(chromedp.CSS(`.moves button`)))
	b.waitJS("viewing move 1", `document.querySelector('.status').textContent.includes('after 1. ')`)
	b.eval(`document.activeElement.blur(); true`)
	b.run("arrow right", chromedp.KeyEvent(kb.ArrowRight))
	b.waitJS("viewing move 2", `document.querySelector('.status').textContent.includes('after 1… ')`)
	b.run("end", chromedp.KeyEvent(kb.End))
	b.waitJS("live again", `document.querySelector('.status').textContent.includes('your move')`)
	b.create(s, "dragonchess", nil, "local", "computer")
	b.run("phone", chromedp.EmulateViewport(390, 844, chromedp.EmulateScale(2)))
	b.waitJS("board", `document.querySelectorAll('.levels svg').length === 3`)
	b.screenshot("phone-dragonchess")
}
