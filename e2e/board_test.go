package e2e

import (
	"fmt"
	"io"
	"net/http"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/chromedp/cdproto/input"
	"github.com/chromedp/chromedp"
)

// flippedJS is true when the board shows its first square (a1) above its
// last: the second seat's side at the bottom.
const flippedJS = `(() => { const n = document.querySelectorAll('.levels figure:not(.mini) [data-sq]').length;
	const a = document.querySelector('[data-sq="0"]').getBoundingClientRect(), b = document.querySelector('[data-sq="' + (n - 1) + '"]').getBoundingClientRect();
	return a.top < b.top })()`

func (b *browser) flipped() bool {
	b.t.Helper()
	b.waitJS("board", `document.querySelector('[data-sq="0"]') !== null`)
	return evalJS[bool](b, flippedJS)
}

// turnsOver reports whether the board comes to show the second seat's side
// at the bottom within a few seconds (the screen turns once the server has
// read the seat tokens, which may come after the seats are shown).
func (b *browser) turnsOver() bool {
	b.t.Helper()
	b.waitJS("board", `document.querySelector('[data-sq="0"]') !== null`)
	for deadline := time.Now().Add(5 * time.Second); time.Now().Before(deadline); time.Sleep(100 * time.Millisecond) {
		// Between two screens (after a rematch link) the old board can
		// be gone before the new one is drawn: asked again then.
		if evalJS[bool](b, `document.querySelectorAll('.levels figure:not(.mini) [data-sq]').length > 0 && `+flippedJS) {
			return true
		}
	}
	return false
}

// TestBlackSeesTheBoardFromBlack: the seat joined by link, or taken in a
// rematch, is at the bottom of its board, after a reload too, and a flip
// by hand is remembered for that game.
func TestBlackSeesTheBoardFromBlack(t *testing.T) {
	s := startServer(t, filepath.Join(t.TempDir(), "e2e.db"), "")
	alice, bob := newBrowser(t), newBrowser(t)
	id := alice.create(s, "dragon", nil, "local", "invite")
	link := alice.inviteLink()
	if alice.flipped() {
		t.Fatal("White's board is upside down")
	}
	bob.run("open link", chromedp.Navigate(link))
	bob.waitSeated("bob seated")
	if !bob.turnsOver() {
		bob.screenshot("fail-black-orientation")
		t.Fatal("Black joined by link sees White at the bottom")
	}
	bob.run("reload", chromedp.Reload())
	bob.waitSeated("bob seated again")
	if !bob.turnsOver() {
		t.Fatal("after a reload Black sees White at the bottom")
	}
	// A flip by hand is kept for this game.
	bob.run("flip", chromedp.Click(chromedp.CSS(`button[aria-label="Flip board"]`)))
	bob.waitJS("flipped by hand", `!`+flippedJS)
	bob.run("reload", chromedp.Reload())
	bob.waitSeated("bob seated again")
	if bob.flipped() {
		t.Fatal("a flip by hand was forgotten on reload")
	}
	// The rematch swaps the seats: Alice has Black and sees it at the bottom.
	alice.resign()
	alice.waitJS("result", `document.getElementById('result') && document.getElementById('result').textContent.includes('Black wins')`)
	alice.run("rematch", chromedp.Click(chromedp.ID("rematch")))
	bob.waitJS("rematch offered", `document.getElementById('no-rematch') !== null`)
	bob.run("accept rematch", chromedp.Click(chromedp.ID("rematch")))
	alice.waitJS("moved to the rematch", `location.hash !== '#/g/`+id+`'`)
	alice.waitJS("rematch screen", seatedJS+` && document.querySelectorAll('.moves button').length === 0`)
	if !alice.turnsOver() {
		t.Fatal("Black in the rematch sees White at the bottom")
	}
	alice.run("reload", chromedp.Reload())
	alice.waitSeated("alice seated")
	if !alice.turnsOver() {
		t.Fatal("after a reload Black in the rematch sees White at the bottom")
	}
	alice.screenshot("black-after-rematch")
}

// TestHandSelectionIsYours: choosing a Dragon in your hand marks that one
// piece, not the opponent's pieces of the same letter.
func TestHandSelectionIsYours(t *testing.T) {
	s := startServer(t, filepath.Join(t.TempDir(), "e2e.db"), "")
	b := newBrowser(t)
	b.create(s, "dragon", nil, "local", "computer")
	// The back rank has room for a Dragon once the Knight has left.
	b.run("type Nf3", chromedp.SendKeys(chromedp.ID("movetext"), "Nf3\r"))
	b.waitPlies(2)
	b.waitJS("hand", `document.querySelector('.hand button:not(:disabled)') !== null`)
	b.run("pick from hand", chromedp.Click(chromedp.CSS(`.hand button:not(:disabled)`)))
	b.waitJS("selected", `document.querySelectorAll('.hand button.sel').length === 1 && document.querySelector('[data-target]') !== null`)
	// A second click puts it back; a drag from the hand drops it on g1.
	b.run("put back", chromedp.Click(chromedp.CSS(`.hand button.sel`)))
	b.waitJS("none selected", `document.querySelector('.hand button.sel') === null && document.querySelector('[data-target]') === null`)
	x1, y1 := b.centre(`.hand button:not(:disabled)`)
	x2, y2 := b.centre(`[data-sq="6"] rect`)
	b.drag("drag a Dragon to g1", x1, y1, x2, y2)
	b.waitPlies(3)
	if m := evalJS[string](b, `document.querySelectorAll('.moves button')[2].textContent`); !strings.Contains(m, "D") || !strings.Contains(m, "g1") {
		t.Fatalf("the drag played %q", m)
	}
}

// TestPremoveAndArrows: a move made while the other side is to move is
// played as soon as it is legal; arrows and circles are drawn with the
// right button and cleared with the left.
func TestPremoveAndArrows(t *testing.T) {
	s := startServer(t, filepath.Join(t.TempDir(), "e2e.db"), "")
	alice, bob := newBrowser(t), newBrowser(t)
	alice.create(s, "dragon", nil, "local", "invite")
	link := alice.inviteLink()
	bob.run("open link", chromedp.Navigate(link))
	bob.waitSeated("bob seated")
	alice.run("type e4", chromedp.SendKeys(chromedp.ID("movetext"), "e4\r"))
	alice.waitPlies(1)
	// Alice queues Ng1-f3 (squares 6 and 21) while Bob thinks.
	alice.run("premove from", chromedp.Click(chromedp.CSS(`[data-sq="6"]`)))
	alice.run("premove to", chromedp.Click(chromedp.CSS(`[data-sq="21"]`)))
	alice.waitJS("premove shown", `document.querySelectorAll('.premove').length === 2`)
	bob.waitJS("bob's turn", `!document.getElementById('movetext').closest('form').hidden`)
	// The tab says whose move it is.
	bob.waitJS("bob's tab", `document.title.startsWith('● Your move') && document.querySelector('link[rel=icon]').href.includes('ffd21f')`)
	if evalJS[bool](alice, `document.title.startsWith('● Your move')`) {
		t.Error("Alice's tab says it is her move")
	}
	bob.run("type e5", chromedp.SendKeys(chromedp.ID("movetext"), "e5\r"))
	alice.waitPlies(3)
	if m := evalJS[string](alice, `document.querySelectorAll('.moves button')[2].textContent`); m != "Nf3" {
		t.Fatalf("premove played as %q", m)
	}
	// A predrop: Alice's Dragon onto g1, which the Knight has left.
	alice.waitJS("hand open for a predrop", `document.querySelector('.hand button:not(:disabled)') !== null`)
	alice.run("pick dragon", chromedp.Click(chromedp.CSS(`.hand button:not(:disabled)`)))
	alice.run("predrop on g1", chromedp.Click(chromedp.CSS(`[data-sq="6"]`)))
	alice.waitJS("predrop shown", `document.querySelectorAll('.premove').length === 1`)
	bob.waitJS("bob's turn again", `!document.getElementById('movetext').closest('form').hidden`)
	bob.run("type d6", chromedp.SendKeys(chromedp.ID("movetext"), "d6\r"))
	alice.waitPlies(5)
	if m := evalJS[string](alice, `document.querySelectorAll('.moves button')[4].textContent`); !strings.Contains(m, "D") || !strings.Contains(m, "g1") {
		t.Fatalf("predrop played as %q", m)
	}
	// Arrows: Bob drags with the right button from c7 (50) to c5 (34), and
	// right-clicks g8 (62).
	bob.waitPlies(5)
	rightDrag := func(from, to int) string {
		return fmt.Sprintf(`(() => {
			const c = sq => { const r = document.querySelector('[data-sq="' + sq + '"]').getBoundingClientRect(); return [r.left + r.width / 2, r.top + r.height / 2]; };
			const [x1, y1] = c(%d), [x2, y2] = c(%d);
			document.querySelector('[data-sq="%d"]').dispatchEvent(new PointerEvent('pointerdown', { bubbles: true, button: 2, clientX: x1, clientY: y1, pointerId: 3 }));
			document.elementFromPoint(x2, y2).dispatchEvent(new PointerEvent('pointerup', { bubbles: true, button: 2, clientX: x2, clientY: y2, pointerId: 3 }));
			return true })()`, from, to, from)
	}
	bob.eval(rightDrag(50, 34))
	bob.waitJS("arrow", `document.querySelectorAll('.marks .arrow').length === 1`)
	bob.eval(rightDrag(62, 62))
	bob.waitJS("circle", `document.querySelectorAll('.marks circle.mark').length === 1 && document.querySelectorAll('.marks .arrow').length === 1`)
	bob.screenshot("arrows")
	// The arrow lies over c6; a click there still reaches the square.
	if got := evalJS[string](bob, squareUnderJS(42)); got != "42" {
		t.Errorf("a click on the arrow over c6 reaches %q, not the square", got)
	}
	bob.run("left click clears", chromedp.Click(chromedp.CSS(`[data-sq="27"]`)))
	bob.waitJS("cleared", `document.querySelectorAll('.marks .mark').length === 0`)
}

// squareUnderJS names the square a click on sq's centre reaches.
func squareUnderJS(sq int) string {
	return fmt.Sprintf(`(() => { const r = document.querySelector('[data-sq="%d"]').getBoundingClientRect();
		const e = document.elementFromPoint(r.left + r.width / 2, r.top + r.height / 2);
		const g = e && e.closest('[data-sq]'); return g ? g.dataset.sq : String(e && e.tagName) })()`, sq)
}

// TestClicksGoThroughHoverHints: hovering a piece dots its moves; a click
// on a dotted square must still reach the square (the dots once swallowed
// it, and a quick click on a target after selecting did nothing).
func TestClicksGoThroughHoverHints(t *testing.T) {
	s := startServer(t, filepath.Join(t.TempDir(), "e2e.db"), "")
	b := newBrowser(t)
	b.create(s, "dragon", nil, "local", "invite")
	b.waitJS("a movable knight", `document.querySelector('[data-sq="6"][data-movable]') !== null`)
	b.eval(`document.querySelector('[data-sq="6"]').scrollIntoView({ block: 'center' }); true`)
	x, y := evalJS[float64](b, `(() => { const r = document.querySelector('[data-sq="6"]').getBoundingClientRect(); return r.left + r.width / 2 })()`),
		evalJS[float64](b, `(() => { const r = document.querySelector('[data-sq="6"]').getBoundingClientRect(); return r.top + r.height / 2 })()`)
	b.run("hover the knight", chromedp.MouseEvent(input.DispatchMouseEventTypeMouseMoved, x, y))
	b.waitJS("hints", `document.querySelectorAll('.hints circle').length > 0`)
	for _, sq := range []int{21, 23} { // f3, h3
		if got := evalJS[string](b, squareUnderJS(sq)); got != fmt.Sprint(sq) {
			t.Errorf("a click on dotted square %d reaches %q", sq, got)
		}
	}
	b.run("pick the knight", chromedp.MouseClickXY(x, y))
	b.waitJS("targets", `document.querySelector('[data-sq="21"][data-target]') !== null`)
	fx := evalJS[float64](b, `(() => { const r = document.querySelector('[data-sq="21"]').getBoundingClientRect(); return r.left + r.width / 2 })()`)
	fy := evalJS[float64](b, `(() => { const r = document.querySelector('[data-sq="21"]').getBoundingClientRect(); return r.top + r.height / 2 })()`)
	b.run("click f3", chromedp.MouseClickXY(fx, fy))
	b.waitPlies(1)
}

// TestPhoneLobbyWithGames: the lobby on a phone does not scroll sideways
// once games are listed, counts full moves, and says who won.
func TestPhoneLobbyWithGames(t *testing.T) {
	s := startServer(t, filepath.Join(t.TempDir(), "e2e.db"), "")
	b := newBrowser(t)
	b.create(s, "dragonchess", nil, "local", "invite")
	b.create(s, "dragon", nil, "local", "computer")
	b.playMove()
	b.waitPlies(2)
	b.create(s, "dragon", nil, "local", "computer")
	b.resign()
	b.waitJS("over", `document.getElementById('result') !== null`)
	b.run("phone", chromedp.EmulateViewport(390, 844, chromedp.EmulateScale(2)))
	b.run("lobby", chromedp.Navigate(s.URL), chromedp.WaitVisible(chromedp.ID("create")))
	b.waitJS("games listed", `document.querySelectorAll('ul.list li').length >= 3`)
	b.waitJS("full moves", `[...document.querySelectorAll('ul.list li')].some(li => li.textContent.includes('Move 2'))`)
	b.waitJS("winner", `[...document.querySelectorAll('ul.list li')].some(li => li.textContent.includes('Black wins — '))`)
	b.waitJS("seat names", `[...document.querySelectorAll('ul.list li')].some(li => li.textContent.includes('Gold: '))`)
	if w := evalJS[string](b, `document.documentElement.scrollWidth + ' > ' + innerWidth`); evalJS[bool](b, `document.documentElement.scrollWidth > innerWidth`) {
		b.screenshot("fail-phone-lobby")
		t.Fatalf("the phone lobby scrolls sideways: %s", w)
	}
	b.screenshot("phone-lobby")
}

// TestPiecePictures: a game whose pieces have art draws them as pictures,
// and the letters come back with the setting; hovering names a piece.
func TestPiecePictures(t *testing.T) {
	s := startServer(t, filepath.Join(t.TempDir(), "e2e.db"), "")
	resp, err := http.Get(s.URL + "pictures/toy/south-king.svg")
	if err != nil || resp.StatusCode != 200 {
		t.Fatalf("the toy's picture: %v %v", err, resp)
	}
	resp.Body.Close()
	b := newBrowser(t)
	b.create(s, "toy", nil, "local", "computer")
	b.waitJS("pictures", `document.querySelectorAll('.piece image[href="/pictures/toy/south-king.svg"]').length === 1 && document.querySelectorAll('.piece image[href="/pictures/toy/north-rook.svg"]').length === 2 && document.querySelectorAll('.piece image').length === 6`)
	b.waitJS("picture loaded", `new Promise(res => { const i = new Image(); i.onload = () => res(i.naturalWidth > 0); i.onerror = () => res(false); i.src = '/pictures/toy/north-rook.svg'; })`)
	b.screenshot("toy-pictures")
	// Hover names the piece (the pointer comes over it again if a redraw
	// took the name away).
	b.waitJS("tip", `(() => { const t = document.querySelector('.tip'); if (t && t.textContent.includes('South King')) return true;
		const g = document.querySelector('[data-sq="2"]'), r = g.getBoundingClientRect();
		g.dispatchEvent(new PointerEvent('pointerover', { bubbles: true, pointerType: 'mouse', clientX: r.left + 5, clientY: r.top + 5 }));
		return false })()`)
	// Settings: letters instead of pictures.
	b.run("settings", chromedp.Click(chromedp.ID("settings-open")))
	b.run("letters", chromedp.Click(chromedp.CSS(`input[name=set-pieces][value=letters]`)))
	b.run("close", chromedp.Click(chromedp.ID("settings-close")))
	b.waitJS("letters", `document.querySelectorAll('.piece image').length === 0 && document.querySelectorAll('.piece text').length === 6`)
	// Dark mode, chosen in the settings, colours the page.
	b.run("settings", chromedp.Click(chromedp.ID("settings-open")))
	b.run("dark", chromedp.Click(chromedp.CSS(`input[name=set-mode][value=dark]`)))
	b.screenshot("settings")
	b.run("close", chromedp.Click(chromedp.ID("settings-close")))
	b.waitJS("dark", `document.documentElement.dataset.mode === 'dark' && getComputedStyle(document.body).backgroundColor !== 'rgb(246, 243, 238)'`)
	b.screenshot("toy-dark")
	b.run("reload", chromedp.Reload())
	b.waitJS("dark kept", `document.documentElement.dataset.mode === 'dark'`)
	b.waitJS("letters kept", `document.querySelectorAll('.piece text').length === 6 && document.querySelectorAll('.piece image').length === 0`)
}

// TestDungeonDraftAndDeployByMouse: a two-player Dungeon Chess army is
// drafted with the plus buttons and deployed by clicking and dragging,
// with no typing.
func TestDungeonDraftAndDeployByMouse(t *testing.T) {
	s := startServer(t, filepath.Join(t.TempDir(), "e2e.db"), "")
	b := newBrowser(t)
	b.create(s, "dungeon", nil, "local", "computer")
	b.waitJS("draft cards", `document.querySelectorAll('.units .unit').length > 0 && document.querySelectorAll('.factions button').length > 1`)
	// Each faction in turn until the game accepts one (the computer may
	// have taken a faction): a King (the last card) and three Pawns (the first).
	n := evalJS[int](b, `document.querySelectorAll('.factions button').length`)
	ok, accepted := false, 0
	for i := 0; i < n && !ok; i++ {
		accepted = i + 1
		b.run("faction", chromedp.Click(chromedp.CSS(fmt.Sprintf(`.factions button:nth-child(%d)`, i+1))))
		b.waitJS("cleared", `[...document.querySelectorAll('.units output')].every(o => o.textContent === '0') || document.getElementById('load-army') !== null`)
		b.run("king", chromedp.Click(chromedp.CSS(`.units .unit:last-child .plus`)))
		for j := 0; j < 3; j++ {
			b.run("pawn", chromedp.Click(chromedp.CSS(`.units .unit:first-child .plus`)))
		}
		b.waitJS("bar", `/of 80 XP/.test(document.querySelector('.xp').textContent) && document.querySelector('.xp .fill').style.width !== '0%'`)
		b.waitJS("verdict", `document.querySelector('.tally').textContent.length > 0`)
		time.Sleep(300 * time.Millisecond) // the last check's answer
		ok = evalJS[bool](b, `!document.querySelector('.tally').classList.contains('over') && /4 units/.test(document.querySelector('.tally').textContent)`)
	}
	if !ok {
		t.Fatalf("no faction accepted: %s", evalJS[string](b, `document.querySelector('.tally').textContent`))
	}
	b.screenshot("dungeon-2p-draft")
	// The help speaks of cards, not of typing; over budget, the army cannot go.
	if g := evalJS[string](b, `document.querySelector('.draft .guide, .draft p').textContent`); strings.Contains(g, "e.g.") || strings.Contains(g, "Write") {
		t.Fatalf("the draft help asks to type: %q", g)
	}
	added := 0
	for ; added < 30 && !evalJS[bool](b, `document.querySelector('.xp').classList.contains('over')`); added++ {
		b.run("one more", chromedp.Click(chromedp.CSS(`.units .unit:nth-last-child(2) .plus`)))
	}
	if !evalJS[bool](b, `document.getElementById('submit-setup').disabled`) {
		t.Fatal("an army over budget may be submitted")
	}
	b.screenshot("dungeon-2p-draft-over")
	for ; added > 0; added-- {
		b.run("one less", chromedp.Click(chromedp.CSS(`.units .unit:nth-last-child(2) .minus`)))
	}
	b.waitJS("within budget", `!document.querySelector('.xp').classList.contains('over') && !document.getElementById('submit-setup').disabled`)
	b.waitJS("verdict again", `/4 units/.test(document.querySelector('.tally').textContent)`)
	b.run("submit army", chromedp.Click(chromedp.ID("submit-setup")))
	b.waitJS("tray", `document.querySelectorAll('.tray .chip').length === 4`)
	free := `[...document.querySelectorAll('.levels [data-sq]')].filter(g => g.querySelector('.zone') && !g.querySelector('.piece')).map(g => g.dataset.sq)`
	// One unit dragged from the tray onto the zone (pointer events, as a finger would).
	b.eval(`(() => {
		const chip = document.querySelector('.tray .chip'), r = chip.getBoundingClientRect();
		const sq = document.querySelector('[data-sq="' + ` + free + `[0] + '"]').getBoundingClientRect();
		chip.dispatchEvent(new PointerEvent('pointerdown', { bubbles: true, button: 0, clientX: r.left + 5, clientY: r.top + 5, pointerId: 9, pointerType: 'touch' }));
		dispatchEvent(new PointerEvent('pointermove', { clientX: r.left + 40, clientY: r.top + 40, pointerId: 9, pointerType: 'touch' }));
		dispatchEvent(new PointerEvent('pointermove', { clientX: sq.left + sq.width / 2, clientY: sq.top + sq.height / 2, pointerId: 9, pointerType: 'touch' }));
		dispatchEvent(new PointerEvent('pointerup', { clientX: sq.left + sq.width / 2, clientY: sq.top + sq.height / 2, pointerId: 9, pointerType: 'touch' }));
		return true })()`)
	b.waitJS("dragged", `document.querySelectorAll('.tray .chip').length === 3`)
	// The others: a click on the unit, then on a square.
	for i := 0; i < 3; i++ {
		sq := evalJS[string](b, free+`[0]`)
		b.run("pick unit", chromedp.Click(chromedp.CSS(`.tray .chip`)))
		b.run("place", chromedp.Click(chromedp.CSS(`[data-sq="`+sq+`"]`)))
		b.waitJS("placed", fmt.Sprintf(`document.querySelectorAll('.tray .chip').length === %d`, 2-i))
	}
	// A placed unit clicked goes back to the tray.
	placed := evalJS[string](b, `[...document.querySelectorAll('.levels [data-sq]')].find(g => g.querySelector('.zone') && g.querySelector('.piece')).dataset.sq`)
	b.run("take back", chromedp.Click(chromedp.CSS(`[data-sq="`+placed+`"]`)))
	b.waitJS("back in tray", `document.querySelectorAll('.tray .chip').length === 1`)
	b.run("place again", chromedp.Click(chromedp.CSS(`[data-sq="`+placed+`"]`)))
	b.waitJS("all placed", `document.querySelectorAll('.tray .chip').length === 0 && /4 units placed/.test(document.querySelector('.tally').textContent)`)
	b.screenshot("dungeon-2p-deploy")
	// Two units taken back, then "Suggest": the two left on the board stay.
	kept := evalJS[[]string](b, `[...document.querySelectorAll('.levels [data-sq]')].filter(g => g.querySelector('.zone') && g.querySelector('.piece')).map(g => g.dataset.sq + ':' + g.querySelector('.piece').outerHTML)`)
	for _, k := range kept[:2] {
		b.run("take back", chromedp.Click(chromedp.CSS(`[data-sq="`+strings.Split(k, ":")[0]+`"]`)))
	}
	b.waitJS("two back", `document.querySelectorAll('.tray .chip').length === 2`)
	b.run("suggest", chromedp.Click(chromedp.ID("suggest-setup")))
	b.waitJS("suggested", `document.querySelectorAll('.tray .chip').length === 0`)
	for _, k := range kept[2:] {
		sq := strings.Split(k, ":")[0]
		if got := evalJS[string](b, `(g => g.dataset.sq + ':' + (g.querySelector('.piece') ? g.querySelector('.piece').outerHTML : ''))(document.querySelector('[data-sq="`+sq+`"]'))`); got != k {
			t.Fatalf("suggest moved a unit placed by hand: %s is now %s", k, got)
		}
	}
	b.waitJS("all placed again", `/4 units placed/.test(document.querySelector('.tally').textContent)`)
	b.run("submit deployment", chromedp.Click(chromedp.ID("submit-setup")))
	b.waitJS("play", `/to move/.test(document.querySelector('.status').textContent)`)
	if typed := evalJS[int](b, `[...document.querySelectorAll('textarea')].filter(t => !t.hidden).length`); typed != 0 {
		t.Fatalf("%d text boxes shown", typed)
	}
	// The army is kept for the next game of this faction.
	b.create(s, "dungeon", nil, "local", "computer")
	b.waitJS("draft cards", `document.querySelectorAll('.factions button').length > 1`)
	b.run("same faction", chromedp.Click(chromedp.CSS(fmt.Sprintf(`.factions button:nth-child(%d)`, accepted))))
	b.waitJS("saved army offered", `document.getElementById('load-army') !== null`)
	b.run("load saved army", chromedp.Click(chromedp.ID("load-army")))
	b.waitJS("saved army", `[...document.querySelectorAll('.units output')].map(o => o.textContent).join() === '3,0,0,0,0,1'`)
}

// TestBoardsFitTheScreen: every game's board fits a laptop's and a phone's
// window without scrolling; screenshots of each for a person to look at.
func TestBoardsFitTheScreen(t *testing.T) {
	s := startServer(t, filepath.Join(t.TempDir(), "e2e.db"), "")
	type size struct {
		name string
		w, h int64
	}
	cases := []struct {
		name, game string
		opts       map[string]string
		seats      []string
	}{
		{"dragon", "dragon", nil, []string{"local", "computer"}},
		{"dragonchess", "dragonchess", nil, []string{"local", "computer"}},
		{"dungeon-2p", "dungeon", nil, []string{"local", "computer"}},
		{"dungeon-4p", "dungeon", map[string]string{"players": "4"}, []string{"local", "computer", "computer", "computer"}},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			b := newBrowser(t)
			b.create(s, c.game, c.opts, c.seats...)
			if c.game == "dungeon" {
				if c.name == "dungeon-2p" {
					b.run("phone", chromedp.EmulateViewport(390, 844, chromedp.EmulateScale(1)))
				}
				// Through the setup with the game's suggestions, once the
				// computers have drafted (a suggestion made before could pick
				// a faction one of them then takes).
				b.waitJS("computers drafted", fmt.Sprintf(`document.querySelector('pre.visible') && (document.querySelector('pre.visible').textContent.match(/drafted/g) || []).length === %d`, len(c.seats)-1))
				for i := range 2 {
					b.waitJS("setup", `document.getElementById('suggest-setup') !== null && !document.getElementById('suggest-setup').disabled`)
					b.run("suggest", chromedp.Click(chromedp.ID("suggest-setup")))
					b.waitJS("suggested", `document.querySelector('.tally').textContent.length > 0 && !document.querySelector('.tally').classList.contains('over')`)
					if c.name == "dungeon-2p" {
						b.screenshot([]string{"phone-dungeon-draft", "phone-dungeon-deploy"}[i])
						b.run("phone", chromedp.EmulateViewport(390, 844, chromedp.EmulateScale(1)))
					}
					b.run("submit", chromedp.Click(chromedp.ID("submit-setup")))
					b.waitJS("next", `document.querySelectorAll('.units .unit').length === 0 || document.querySelector('.tray') !== null`)
					time.Sleep(200 * time.Millisecond)
				}
			}
			b.waitJS("play", `/to move/.test(document.querySelector('.status').textContent)`)
			if c.game == "dragonchess" {
				// Three boards: stacked, one large with two small maps, side by side.
				b.clickCSS("stacked", `[data-layout=stack]`)
				b.waitJS("stacked", `document.querySelector('.levels.layout-stack') !== null && document.querySelectorAll('.levels svg').length === 3`)
				b.clickCSS("one large", `[data-layout=focus]`)
				b.waitJS("small maps", `document.querySelectorAll('.minis figure.mini').length === 2`)
				// The small maps answer a press (pointerdown), not a click.
				b.waitJS("show the sky large", `(() => { const e = document.querySelector('.minis figure.mini'); if (!e) return false; e.dispatchEvent(new PointerEvent('pointerdown', { bubbles: true, button: 0 })); return true })()`)
				b.waitJS("sky large", `document.querySelector('.levels > figure.level').dataset.lv === '2'`)
				b.screenshot("dragonchess-one-large")
				b.clickCSS("side by side", `[data-layout=side]`)
				b.waitJS("side by side", `document.querySelector('.levels.layout-side') !== null`)
			}
			for _, sz := range []size{{"laptop", 1280, 800}, {"phone", 390, 844}} {
				b.run(sz.name, chromedp.EmulateViewport(sz.w, sz.h, chromedp.EmulateScale(1)))
				b.waitJS("resized", fmt.Sprintf(`innerWidth === %d`, sz.w))
				time.Sleep(300 * time.Millisecond) // the board is fitted after a resize settles
				box := evalJS[string](b, `(() => { const r = document.querySelector('.levels').getBoundingClientRect(); return [r.left, r.top, r.right, r.bottom].map(Math.round).join(',') })()`)
				fits := evalJS[bool](b, `(() => { const r = document.querySelector('.levels').getBoundingClientRect(); return r.left >= 0 && r.top >= 0 && r.right <= innerWidth + 1 && r.bottom <= innerHeight + 1 })()`)
				if !fits {
					t.Errorf("%s: board at %s does not fit %dx%d", sz.name, box, sz.w, sz.h)
				}
				if side := evalJS[bool](b, `document.documentElement.scrollWidth > innerWidth`); side {
					wide := evalJS[string](b, `document.documentElement.scrollWidth + " " + document.documentElement.clientWidth + " " + innerWidth + " " + [...document.querySelectorAll("body *")].filter(e => e.getBoundingClientRect().right > document.documentElement.clientWidth).slice(0, 5).map(e => e.tagName + "." + e.className + " " + e.getBoundingClientRect().right).join("; ")`)
					t.Errorf("%s: the page scrolls sideways (%s)", sz.name, wide)
				}
				// Coordinates stay legible: at least 9 px tall.
				if px := evalJS[float64](b, `Math.min(...[...document.querySelectorAll('.levels figure:not(.mini) .coord')].map(e => e.getBoundingClientRect().height))`); px < 8.9 {
					t.Errorf("%s: coordinates %.1f px tall", sz.name, px)
				}
				if c.name == "dungeon-4p" && sz.name == "phone" {
					// Small squares can be doubled; the board then scrolls in its frame.
					b.run("zoom", chromedp.Click(chromedp.ID("zoom")))
					b.waitJS("zoomed", `document.querySelector('.board-wrap.zoomed') !== null && document.querySelector('.board-wrap').scrollWidth > document.querySelector('.board-wrap').clientWidth`)
					if side := evalJS[bool](b, `document.documentElement.scrollWidth > innerWidth`); side {
						t.Errorf("zoomed: the page scrolls sideways")
					}
					b.screenshot("fit-dungeon-4p-phone-zoomed")
					b.run("unzoom", chromedp.Click(chromedp.ID("zoom")))
					b.waitJS("unzoomed", `document.querySelector('.board-wrap.zoomed') === null`)
				}
				b.screenshot(fmt.Sprintf("fit-%s-%s", c.name, sz.name)) // last: it resets the emulated screen
			}
		})
	}
}

// TestPlayFromAPosition: a finished game's position goes on in a new game
// against the computer (not offered to its player while the game goes on:
// that would be the engine's help), and a pasted record brings its moves
// along.
func TestPlayFromAPosition(t *testing.T) {
	s := startServer(t, filepath.Join(t.TempDir(), "e2e.db"), "")
	b := newBrowser(t)
	id := b.create(s, "dragon", nil, "local", "computer")
	b.playMove()
	b.waitPlies(2)
	b.waitJS("my turn", `!document.getElementById('movetext').closest('form').hidden`)
	pos := evalJS[string](b, `document.querySelector('input[aria-label="Position string"]').value`)
	if evalJS[bool](b, `document.getElementById('continue') !== null`) {
		t.Error("the player is offered to play on from the position of the game in progress")
	}
	b.resign()
	b.waitJS("over", `document.getElementById('continue') !== null`)
	b.run("play on", chromedp.Click(chromedp.ID("continue")))
	b.waitJS("editor", `document.getElementById('import-text') && document.getElementById('import-text').value.length > 0 && document.querySelector('input[name=import-game]:checked') !== null`)
	if v := evalJS[string](b, `document.getElementById('import-text').value`); v != pos {
		t.Fatalf("editor has %q, want %q", v, pos)
	}
	b.screenshot("play-from-position")
	b.run("against the computer", chromedp.Click(chromedp.ID("import-computer")))
	b.waitJS("new game", `location.hash.startsWith('#/g/') && !location.hash.includes('`+id+`') && document.querySelector('input[aria-label="Position string"]') !== null`)
	if got := evalJS[string](b, `document.querySelector('input[aria-label="Position string"]').value`); got != pos {
		t.Fatalf("the new game starts from %q, want %q", got, pos)
	}
	// A record: the first game's, with its two moves.
	resp, err := http.Get(s.URL + "api/games/" + id + "/record")
	if err != nil {
		t.Fatal(err)
	}
	rec, _ := io.ReadAll(resp.Body)
	resp.Body.Close()
	b.run("editor", chromedp.Navigate(s.URL+"#/editor"))
	b.waitJS("games", `document.querySelector('input[name=import-game][value=dragon]') !== null`)
	b.eval(`document.querySelector('input[name=import-game][value=dragon]').click(); true`)
	// As a paste does: the text arrives with an input event, while the
	// answer for the game just chosen may still be on its way.
	b.eval(fmt.Sprintf(`{ const e = document.getElementById('import-text'); e.value = %q; e.dispatchEvent(new Event('input')); true }`, string(rec)))
	b.run("with a friend", chromedp.Click(chromedp.ID("import-friend")))
	b.waitJS("record's moves", `location.hash.startsWith('#/g/') && document.querySelectorAll('.moves button').length >= 2`)
}
