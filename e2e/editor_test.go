package e2e

import (
	"encoding/json"
	"fmt"
	"net/http"
	"path/filepath"
	"strings"
	"testing"

	"github.com/chromedp/cdproto/input"
	"github.com/chromedp/chromedp"
)

// editorCase is what the editor test does in one game: a position to
// paste (with its number of pieces on the board), and a last edit that
// keeps it playable: seat 0's palette entry index placed on square sq.
type editorCase struct {
	paste  string
	pieces int
	index  int
	sq     int
}

var editorCases = map[string]editorCase{
	"dragon": {paste: "r3k2r/8/8/8/8/8/8/R3K2R[DDdd] w KQkq - 0 1", pieces: 6, index: 5, sq: 1}, // a Knight on b1
	"dragonchess": {paste: "R1g2pk3g1/2s1s1s1s1s1/12/12/8P3/12/rHS1S1S1S1S1/2G2MK3G1|1u1t1m2thuo/wwwwwwwwwwww/4h7/12/12/12/2WWWWWWWWWW/1U1TC3THUO|2b1c1e3b1/1d1d1d1d1d1d/12/12/12/12/1D1D1D1D1D1D/2B3E3B1 g 2 10",
		pieces: 78, index: 0, sq: 120}, // a Sylph on 2a3
	"dungeon": {paste: "two-player-dungeon human:Hb1,Nc1,Pd1,We1,Af1,Ha2,Hb2,Hc2,Hd2,He2,Hf2,Hg2 greenskin:Ga19,Gc19,Cd19,Ue19,Gf19,Qd20,Je20 1 0 0",
		pieces: 19, index: 5, sq: 0}, // a Hero on a1
	"toy": {paste: "....k/...../..K../...../R.... 0", pieces: 3, index: 1, sq: 1}, // a Rook on b1
}

// squareXY scrolls square sq of the editor's large board into view and
// returns its centre in the viewport.
func (b *browser) squareXY(sq int) (float64, float64) {
	b.t.Helper()
	return b.centre(fmt.Sprintf(`#ed-board figure:not(.mini) [data-sq="%d"] rect`, sq))
}

// centre scrolls the element css names into view and returns its centre.
func (b *browser) centre(css string) (float64, float64) {
	b.t.Helper()
	b.waitJS("element "+css, fmt.Sprintf(`document.querySelector(%q) !== null`, css))
	xy := evalJS[[]float64](b, fmt.Sprintf(`(() => { const e = document.querySelector(%q); e.scrollIntoView({block: 'nearest', inline: 'nearest'});
		const r = e.getBoundingClientRect(); return [r.left + r.width / 2, r.top + r.height / 2] })()`, css))
	return xy[0], xy[1]
}

// drag presses the left button at (x1, y1), moves in steps and lets go
// at (x2, y2), as a hand on a mouse does.
func (b *browser) drag(what string, x1, y1, x2, y2 float64) {
	b.t.Helper()
	held := func(p *input.DispatchMouseEventParams) { p.Button, p.Buttons = input.MouseButtonLeft, 1 }
	acts := []chromedp.Action[chromedp.Void]{chromedp.MouseEvent(chromedp.MousePressed, x1, y1, held, chromedp.ClickCount(1))}
	for i := 1; i <= 8; i++ {
		f := float64(i) / 8
		acts = append(acts, chromedp.MouseEvent(chromedp.MouseMoved, x1+(x2-x1)*f, y1+(y2-y1)*f, held))
	}
	acts = append(acts, chromedp.MouseEvent(chromedp.MouseReleased, x2, y2, held, chromedp.ClickCount(1)))
	b.run(what, acts...)
}

// settledJS is true once the editor has the server's answer for its
// board: no edit on its way.
const settledJS = `document.querySelector('.editor-grid:not([data-pending])') !== null && document.getElementById('ed-status').textContent !== ''`

// editorText is the position string the editor shows, once it agrees
// with the board (no request on its way).
func (b *browser) editorText() string {
	b.t.Helper()
	b.waitJS("editor settled", settledJS)
	return evalJS[string](b, `document.getElementById('import-text').value`)
}

// pieceOn reports whether the editor's board shows a piece on sq.
func pieceOnJS(sq int) string {
	return fmt.Sprintf(`document.querySelector('#ed-board [data-sq="%d"] .piece') !== null`, sq)
}

// emptySquares lists n empty floor squares of the large board, none of
// them avoid.
func (b *browser) emptySquares(n int, avoid int) []int {
	b.t.Helper()
	return evalJS[[]int](b, fmt.Sprintf(`[...document.querySelectorAll('#ed-board figure:not(.mini) [data-sq]')]
		.filter(g => !g.querySelector('.piece') && !/ (void|water)$/.test(g.getAttribute('aria-label')) && Number(g.dataset.sq) !== %d)
		.slice(0, %d).map(g => Number(g.dataset.sq))`, avoid, n))
}

// TestBoardEditor: in every game with an editor, pieces are placed and
// taken away with the mouse (clicks, a right-click, drags from the
// palette, between squares and off the board), the side to move and the
// hands change the position string, a pasted string sets the board, and
// an edited position is played against the computer as it stands.
func TestBoardEditor(t *testing.T) {
	s := startServer(t, filepath.Join(t.TempDir(), "e2e.db"), "")
	resp, err := http.Get(s.URL + "api/meta")
	if err != nil {
		t.Fatal(err)
	}
	var meta struct {
		Games []struct {
			Name   string
			Editor bool
		}
	}
	err = json.NewDecoder(resp.Body).Decode(&meta)
	resp.Body.Close()
	if err != nil {
		t.Fatal(err)
	}
	for _, g := range meta.Games {
		if !g.Editor {
			continue
		}
		c, ok := editorCases[g.Name]
		if !ok {
			t.Errorf("no editor case for %s", g.Name)
			continue
		}
		t.Run(g.Name, func(t *testing.T) {
			b := newBrowser(t)
			b.run("laptop", chromedp.EmulateViewport(1280, 800, chromedp.EmulateScale(1)))
			b.run("editor", chromedp.Navigate(s.URL+"#/editor/"+g.Name))
			b.waitJS("start drawn", `document.querySelector('#ed-board .piece') !== null && document.getElementById('ed-status').textContent === 'Ready to play' && `+settledJS)
			start := b.editorText()

			// A string pasted sets the board.
			b.paste(c.paste, c.pieces)
			pasted := b.editorText()
			if pasted == start || pasted == "" {
				t.Fatalf("the pasted position shows as %q (the start was %q)", pasted, start)
			}
			b.screenshot("editor-" + g.Name + "-laptop")

			// A cleared board is shown with the game's reason, and cannot be played.
			b.run("clear", chromedp.MouseClickXY(b.centre(`#ed-clear`)))
			b.waitJS("cleared", `document.querySelector('#ed-board .piece') === null && `+settledJS+
				` && document.getElementById('ed-status').textContent.startsWith('Not playable: ') && document.getElementById('import-computer').disabled`)
			if b.editorText() == pasted {
				t.Fatal("clearing the board left the position string")
			}
			b.screenshot("editor-" + g.Name + "-cleared")
			b.paste(c.paste, c.pieces)

			// An option that shapes the board: another army for the second
			// seat keeps the first's pieces and the shape of the second's.
			if g.Name == "dungeon" {
				b.eval(`(() => { const s = document.querySelector('[data-opt=factions] select[aria-label$="seat 2"]'); s.value = 'undead'; s.dispatchEvent(new Event('change')); return true })()`)
				b.waitJS("undead", settledJS+` && document.getElementById('import-text').value.includes(' undead:') && document.querySelectorAll('#ed-board .piece').length === 19
					&& document.querySelector('.pal-piece[data-owner="1"]').getAttribute('aria-label').startsWith('Undead')`)
				b.paste(c.paste, c.pieces)
			}

			// Click a palette piece, then a square; a right-click takes it away.
			free := b.emptySquares(2, c.sq)
			b.run("pick a piece", chromedp.MouseClickXY(b.centre(`.pal-piece[data-owner="0"][data-i="1"]`)))
			b.waitJS("picked", `document.querySelector('.pal-piece[data-owner="0"][data-i="1"]').classList.contains('sel')`)
			b.run("place it", chromedp.MouseClickXY(b.squareXY(free[0])))
			b.waitJS("placed", pieceOnJS(free[0]))
			if got := b.waitText(pasted, false); got == pasted {
				t.Fatalf("placing a piece left the position string %q", got)
			}
			x, y := b.squareXY(free[0])
			b.run("right-click it", chromedp.MouseClickXY(x, y, chromedp.ButtonRight))
			b.waitJS("erased", `!`+pieceOnJS(free[0]))
			b.waitText(pasted, true)

			// Dragged from the palette; dragged off the board with the move tool.
			x1, y1 := b.centre(`.pal-piece[data-owner="1"][data-i="1"]`)
			x2, y2 := b.squareXY(free[1])
			b.drag("palette to board", x1, y1, x2, y2)
			b.waitJS("dropped", pieceOnJS(free[1]))
			b.run("move tool", chromedp.MouseClickXY(b.centre(`#tool-move`)))
			x1, y1 = b.squareXY(free[1])
			x2, y2 = b.centre(`h1`)
			b.drag("off the board", x1, y1, x2, y2)
			b.waitJS("dragged off", `!`+pieceOnJS(free[1]))
			b.waitText(pasted, true)

			// A piece dragged from square to square, and back.
			from := evalJS[int](b, `Number(document.querySelector('#ed-board figure:not(.mini) [data-sq] .piece').closest('[data-sq]').dataset.sq)`)
			x1, y1 = b.squareXY(from)
			x2, y2 = b.squareXY(free[0])
			b.drag("square to square", x1, y1, x2, y2)
			b.waitJS("moved", pieceOnJS(free[0])+` && !`+pieceOnJS(from))
			b.waitText(pasted, false)
			x1, y1 = b.squareXY(free[0])
			x2, y2 = b.squareXY(from)
			b.drag("and back", x1, y1, x2, y2)
			b.waitJS("moved back", pieceOnJS(from)+` && !`+pieceOnJS(free[0]))
			b.waitText(pasted, true)

			// The side to move, and the hands where the game has them.
			b.run("second seat to move", chromedp.MouseClickXY(b.centre(`input[name=ed-tomove][value="1"]`)))
			b.waitText(pasted, false)
			b.run("first seat to move", chromedp.MouseClickXY(b.centre(`input[name=ed-tomove][value="0"]`)))
			b.waitText(pasted, true)
			if evalJS[bool](b, `document.querySelector('.ed-hand[data-owner="0"] .plus') !== null`) {
				b.run("one more in hand", chromedp.MouseClickXY(b.centre(`.ed-hand[data-owner="0"] .plus`)))
				b.waitText(pasted, false)
				b.run("one less in hand", chromedp.MouseClickXY(b.centre(`.ed-hand[data-owner="0"] .minus`)))
				b.waitText(pasted, true)
			}

			// The last edit, played against the computer as it stands.
			b.run("pick the last piece", chromedp.MouseClickXY(b.centre(fmt.Sprintf(`.pal-piece[data-owner="0"][data-i="%d"]`, c.index))))
			b.run("place it", chromedp.MouseClickXY(b.squareXY(c.sq)))
			b.waitJS("placed and playable", pieceOnJS(c.sq)+` && document.getElementById('ed-status').textContent === 'Ready to play' && !document.getElementById('import-computer').disabled && `+settledJS)
			edited := b.editorText()
			if edited == pasted {
				t.Fatal("the last edit did not change the position string")
			}
			b.run("phone", chromedp.EmulateViewport(390, 844, chromedp.EmulateScale(1)))
			b.eval(`dispatchEvent(new Event('resize')); scrollTo(0, 0); true`)
			b.waitJS("phone board", `document.querySelector('#ed-board svg').getBoundingClientRect().right <= innerWidth && document.documentElement.scrollWidth <= innerWidth`)
			b.screenshot("editor-" + g.Name + "-phone") // resets the emulated screen
			b.eval(`dispatchEvent(new Event('resize')); true`)
			b.run("play", chromedp.MouseClickXY(b.centre(`#import-computer`)))
			b.waitJS("new game", `location.hash.startsWith('#/g/')`)
			id := strings.TrimPrefix(evalJS[string](b, `location.hash`), "#/g/")
			resp, err := http.Get(s.URL + "api/games/" + id)
			if err != nil {
				t.Fatal(err)
			}
			var st struct{ Start string }
			err = json.NewDecoder(resp.Body).Decode(&st)
			resp.Body.Close()
			if err != nil || st.Start != edited {
				t.Fatalf("the new game starts from %q (%v), want the edited %q", st.Start, err, edited)
			}
		})
	}
}

// paste types a position string into the editor's box and waits for its
// board: so many pieces, and playable.
func (b *browser) paste(s string, pieces int) {
	b.t.Helper()
	b.eval(`document.querySelector('#ed-board .piece') && document.querySelector('#ed-board .piece').classList.add('before-paste'); true`)
	b.eval(fmt.Sprintf(`(() => { const t = document.getElementById('import-text'); t.value = %q; t.dispatchEvent(new Event('input')); return true })()`, s))
	b.waitJS("pasted", fmt.Sprintf(`document.querySelector('#ed-board .before-paste') === null && document.querySelectorAll('#ed-board .piece').length === %d
		&& document.getElementById('ed-status').textContent === 'Ready to play' && %s`, pieces, settledJS))
}

// waitText waits until the editor's position string is want (same) or
// differs from it (!same), and returns it.
func (b *browser) waitText(want string, same bool) string {
	b.t.Helper()
	op := "!=="
	if same {
		op = "==="
	}
	b.waitJS("position string", fmt.Sprintf(`%s && document.getElementById('import-text').value %s %q`, settledJS, op, want))
	return evalJS[string](b, `document.getElementById('import-text').value`)
}

// A game screen's "Play on from this position" carries the game's options
// to the editor: a position only those options read (a reversed Dwarf)
// comes up with them.
func TestEditorLinkCarriesTheOptions(t *testing.T) {
	s := startServer(t, filepath.Join(t.TempDir(), "e2e.db"), "")
	b := newBrowser(t)
	empty := strings.Repeat("12/", 7) + "12"
	pos := empty + "|" + "6K5/" + strings.Repeat("12/", 6) + "5k6" + "|" + "4D7/" + strings.Repeat("12/", 6) + "12" + " g 0 1 rev=1e8"
	link := fmt.Sprintf("%s#/editor/dragonchess/%s?options=%s", s.URL, pathEscape(pos), pathEscape(`{"variants":"reversing-dwarf"}`))
	b.run("link", chromedp.Navigate(link))
	b.waitJS("read with its options", settledJS+` && document.getElementById('ed-status').textContent === 'Ready to play'
		&& document.querySelector('[data-opt=variants] input[value=reversing-dwarf]').checked && document.querySelectorAll('#ed-board .piece').length === 3`)
	if got := b.editorText(); got != pos {
		t.Fatalf("the editor shows %q, want %q", got, pos)
	}
}

// pathEscape escapes s as the app's links do (encodeURIComponent).
func pathEscape(s string) string {
	return strings.NewReplacer("%", "%25", "/", "%2F", "|", "%7C", " ", "%20", "=", "%3D", "{", "%7B", "}", "%7D", `"`, "%22", ":", "%3A", ",", "%2C", "?", "%3F", "#", "%23").Replace(s)
}
