package e2e

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"net/http"
	"net/url"
	"path/filepath"
	"testing"
	"time"

	"github.com/chromedp/chromedp"

	"wyrm/game"
	"wyrm/games"
	"wyrm/record"
	"wyrm/search"
)

// The analysis board of every game: the engine, in the page's worker,
// shows three lines and an arrow soon after the board opens, and a move
// played on the board becomes the position in the address.
func TestAnalysisBoard(t *testing.T) {
	s := startServer(t, filepath.Join(t.TempDir(), "e2e.db"), "")
	for _, g := range engineGames(t, s) {
		t.Run(g.Name, func(t *testing.T) {
			b := newBrowser(t)
			start := time.Now()
			b.run("open analysis", chromedp.Navigate(s.URL+"analysis?"+url.Values{"game": {g.Name}}.Encode()))
			b.waitJS("three lines", `document.querySelectorAll('.pvline').length === 3`)
			// The page's own clock starts when its navigation did.
			t.Logf("%s: first lines %v after opening the board (%.0f ms by the page's clock)", g.Name, time.Since(start).Round(time.Millisecond), evalJS[float64](b, `performance.now()`))
			if d := time.Since(start); d > 5*time.Second {
				t.Errorf("the first lines took %v", d)
			}
			b.waitJS("an arrow", `document.querySelector('.levels .marks .mark') !== null`)
			b.waitJS("deeper", `/depth [3-9]|depth \d\d/.test(document.querySelector('.pvstats').textContent)`)
			// The seat to move is named as the position names it (a
			// Dungeon Chess seat by its faction).
			gm, _ := games.Lookup(g.Name)
			startPos, err := gm.Start(nil)
			if err != nil {
				t.Fatal(err)
			}
			want := startPos.SeatName(startPos.ToMove()) + " to move"
			if got := evalJS[string](b, `document.querySelector('.analysis .bar').textContent`); got != want {
				t.Errorf("status %q, want %q", got, want)
			}
			viewShot(b, "analysis-"+g.Name)
			// A move on the board: the first line's, by its button.
			before := evalJS[string](b, `new URLSearchParams(location.search).get('pos')`)
			// Clicked in the page at once: the lines are redrawn at every
			// iteration, which can replace a button between finding and
			// clicking it.
			b.eval(`document.querySelector('.pvline .pvmove').click(); true`)
			b.waitJS("a move in the tree", `document.querySelectorAll('.tree .mv').length === 1`)
			b.waitJS("new position in the address", fmt.Sprintf(`new URLSearchParams(location.search).get('pos') !== %q`, before))
			// Back and another move: a variation beside the main line.
			b.clickCSS("back", `button[aria-label="Previous move"]`)
			b.waitJS("the start again", fmt.Sprintf(`new URLSearchParams(location.search).get('pos') === %q && document.querySelectorAll('.pvline').length === 3`, before))
			// Another line's move than the one played (the lines' order can
			// change from one iteration to the next).
			b.eval(`(() => { const played = document.querySelector('.tree .mv').textContent;
				[...document.querySelectorAll('.pvline .pvmove')].find(e => e.textContent !== played).click(); return true })()`)
			b.waitJS("a variation", `document.querySelectorAll('.tree .var .mv').length === 1`)
			// Stop and go.
			b.run("stop", chromedp.Click(chromedp.ID("go")))
			b.waitJS("stopped", `document.getElementById('go').textContent === 'Go'`)
			// The shared address opens the same position.
			link := evalJS[string](b, `location.href`)
			pos := evalJS[string](b, `new URLSearchParams(location.search).get('pos')`)
			b.run("open the link", chromedp.Navigate(link))
			b.waitJS("lines there", `document.querySelectorAll('.pvline').length === 3`)
			if got := evalJS[string](b, `new URLSearchParams(location.search).get('pos')`); got != pos {
				t.Errorf("the link opened %q, want %q", got, pos)
			}
		})
	}
}

// engineGames are the server's games the browser engine plays: the test
// server has a toy game of its own besides them.
func engineGames(t *testing.T, s *server) []metaGame {
	var out []metaGame
	for _, g := range gamesOf(t, s) {
		if _, err := games.Lookup(g.Name); err == nil {
			out = append(out, g)
		}
	}
	if len(out) == 0 {
		t.Fatal("no game of the engine's on the server")
	}
	return out
}

// blunderRecord plays a few good moves in g, then the move that loses
// most for its player, then a good reply, and returns the game's record
// and the blunder's ply (0-based). The native engine judges at depth 3.
func blunderRecord(t *testing.T, name string) (string, int) {
	t.Helper()
	g, err := games.Lookup(name)
	if err != nil {
		t.Fatal(err)
	}
	pos, err := g.Start(nil)
	if err != nil {
		t.Fatal(err)
	}
	start := pos.String()
	eng := search.New(1)
	ctx := context.Background()
	best := func(p game.Position) search.Result { return eng.Search(ctx, p, search.Limits{Depth: 3}, nil) }
	var moves []string
	play := func(m game.Move) { moves = append(moves, game.Notation(pos, m)); pos.Play(m) }
	for len(moves) < 4 {
		play(best(pos).Best)
	}
	blunder := -1
	// Dungeon Chess's armies start rooms apart: the first move that loses
	// 300 cp may come twenty plies in.
	for try := 0; try < 40 && blunder < 0; try++ {
		top := best(pos).Score
		worst, loss := game.NoMove, 0
		for _, m := range pos.LegalMoves(nil) {
			pos.Play(m)
			// The next seat's score stands against the mover's.
			got := -best(pos).Score
			pos.Undo()
			if top-got > loss {
				worst, loss = m, top-got
			}
		}
		t.Logf("ply %d: the worst move loses %d", len(moves), loss)
		if loss >= 300 {
			blunder = len(moves)
			play(worst)
		} else {
			play(best(pos).Best)
		}
	}
	if blunder < 0 {
		t.Fatalf("%s: no move loses 300 centipawns", name)
	}
	play(best(pos).Best)
	text, err := record.Format(&record.Record{Game: name, Start: start, Moves: moves, Players: make([]string, pos.Players())})
	if err != nil {
		t.Fatal(err)
	}
	return text, blunder
}

// A game with a blunder played on purpose: its review evaluates every
// position, draws the graph and marks the blunder (or at least a mistake)
// with a better move, and gives each player an accuracy.
func TestReviewMarksABlunder(t *testing.T) {
	s := startServer(t, filepath.Join(t.TempDir(), "e2e.db"), "")
	for i, g := range engineGames(t, s) {
		t.Run(g.Name, func(t *testing.T) {
			rec, ply := blunderRecord(t, g.Name)
			n := 2
			if gs, _ := games.Lookup(g.Name); gs != nil {
				if p, err := gs.Start(nil); err == nil {
					n = p.Players()
				}
			}
			seats := make([]map[string]string, n)
			for i := range seats {
				seats[i] = map[string]string{"kind": "local"}
			}
			body, _ := json.Marshal(map[string]any{"record": rec, "seats": seats})
			resp, err := http.Post(s.URL+"api/games", "application/json", bytes.NewReader(body))
			if err != nil {
				t.Fatal(err)
			}
			var created struct {
				ID     string            `json:"id"`
				Tokens map[string]string `json:"tokens"`
				Error  string            `json:"error"`
			}
			json.NewDecoder(resp.Body).Decode(&created)
			resp.Body.Close()
			if created.ID == "" {
				t.Fatalf("create from the record: %d %s\n%s", resp.StatusCode, created.Error, rec)
			}
			b := newBrowser(t)
			if n == 2 {
				// By the finished game's Review button: this browser holds
				// both seats, and one resigns.
				var toks []string
				for _, tok := range created.Tokens {
					toks = append(toks, tok)
				}
				tj, _ := json.Marshal(toks)
				b.run("lobby", chromedp.Navigate(s.URL))
				b.eval(fmt.Sprintf(`localStorage.setItem('wyrm.tokens.' + %q, %q); true`, created.ID, tj))
				b.run("game", chromedp.Navigate(s.URL+"#/g/"+created.ID))
				b.waitJS("resign button", `document.getElementById('resign') !== null`)
				if evalJS[bool](b, `document.getElementById('analyse') !== null || document.getElementById('continue') !== null`) {
					t.Error("a seated player is offered the engine, or to play on from the position, during play")
				}
				// Nor does the review's address open the engine on it.
				b.run("review too early", chromedp.Navigate(s.URL+"analysis?"+url.Values{"game": {g.Name}, "review": {created.ID}, "ms": {"150"}}.Encode()))
				b.waitJS("refused", `document.getElementById('no-engine') !== null`)
				time.Sleep(time.Second)
				if evalJS[bool](b, `document.querySelector('.pvline, .evalgraph, .review progress, .levels .piece, #go') !== null`) {
					t.Error("the review of a game in progress showed the engine to its player")
				}
				if i == 0 {
					viewShot(b, "review-refused")
				}
				b.run("game again", chromedp.Navigate(s.URL+"#/g/"+created.ID))
				b.waitJS("resign button again", `document.getElementById('resign') !== null`)
				b.resign()
				b.waitJS("review button", `document.getElementById('review') !== null && document.getElementById('analyse') !== null && document.getElementById('continue') !== null`)
				href := evalJS[string](b, `document.getElementById('review').href`)
				b.run("review", chromedp.Navigate(href+"&ms=150"))
			} else {
				b.run("open review", chromedp.Navigate(s.URL+"analysis?"+url.Values{"game": {g.Name}, "review": {created.ID}, "ms": {"150"}}.Encode()))
			}
			b.waitJS("progress", `document.querySelector('.review progress') !== null || document.querySelector('.evalgraph') !== null`)
			b.waitJS("graph", `document.querySelector('.evalgraph polyline') !== null && document.querySelectorAll('.evalgraph .pt').length > 5`)
			b.waitJS("accuracy", fmt.Sprintf(`document.querySelectorAll('.accuracy td.acc').length === %d`, n))
			marked := evalJS[[]int](b, `[...document.querySelectorAll('.tree .mv.mistake, .tree .mv.blunder')].map(e => Number(e.dataset.ply) - 1)`)
			t.Logf("%s: blunder played at ply %d; marked %v", g.Name, ply, marked)
			found := false
			for _, p := range marked {
				found = found || p == ply
			}
			if !found {
				t.Errorf("the blunder at ply %d is not marked a mistake or blunder (marked: %v)", ply, marked)
			}
			if !evalJS[bool](b, `[...document.querySelectorAll('.tree .better')].some(e => e.textContent.length > 7)`) {
				t.Error("no better move is shown")
			}
			// A point of the graph goes to its position.
			b.run("click a point", chromedp.Click(chromedp.CSS(`.evalgraph .pt[data-i="2"]`)))
			b.waitJS("position 2", `new URLSearchParams(location.search).get('ply') === '2' && document.querySelector('.tree .mv.cur[data-ply="2"]') !== null`)
			if n := evalJS[int](b, `document.querySelectorAll('.levels .piece').length`); n == 0 {
				t.Error("no piece drawn")
			}
			b.eval(`document.querySelector('.review').scrollIntoView({block: 'end'}); true`)
			viewShot(b, "review-"+g.Name)
			if i == 0 {
				viewShot(b, "review")
			}
		})
	}
}

// viewShot saves what the window shows as artifacts/name.png. A full-page
// capture lays the page out anew and can catch the pieces' pictures
// before they are painted again; the window's capture shows them.
func viewShot(b *browser, name string) {
	b.t.Helper()
	time.Sleep(300 * time.Millisecond) // pictures of pieces just drawn
	ctx, cancel := context.WithTimeout(b.ctx, 40*time.Second)
	defer cancel()
	shot, err := chromedp.Run(ctx, chromedp.CaptureScreenshot())
	if err != nil {
		b.fail("screenshot", err)
	}
	saveArtifact(b.t, name+".png", shot)
}

// A piece in hand on the analysis board: dragged from the hand onto a
// square of the own back rank, it is dropped there and becomes the move
// played; the hand then holds one piece fewer. Seen at both widths, in
// the dark too (a dark piece in hand stays visible).
func TestAnalysisDropByDrag(t *testing.T) {
	s := startServer(t, filepath.Join(t.TempDir(), "e2e.db"), "")
	var name, san string
	var pos game.Position
	var drop game.MoveView
	// A game whose start has pieces in hand, after two moves that free a
	// square to drop on.
	find := func(start game.Position) bool {
		for _, m := range start.LegalMoves(nil) {
			next := start.Clone()
			next.Play(m)
			for _, r := range next.LegalMoves(nil) {
				after := next.Clone()
				after.Play(r)
				for _, d := range after.LegalMoves(nil) {
					if v := after.DescribeMove(d); v.Drop != 0 && v.To >= 0 {
						pos, drop, san = after, v, game.SAN(after, d)
						return true
					}
				}
			}
		}
		return false
	}
	for _, g := range engineGames(t, s) {
		gm, _ := games.Lookup(g.Name)
		start, err := gm.Start(nil)
		if err == nil && start.Players() == 2 && start.Hands()[0] != "" && find(start) {
			name = g.Name
			break
		}
	}
	if name == "" {
		t.Skip("no game with pieces in hand")
	}
	for _, sz := range []struct {
		name string
		w, h int64
	}{{"laptop", 1280, 800}, {"phone", 390, 844}} {
		t.Run(sz.name, func(t *testing.T) {
			b := newBrowser(t)
			b.run(sz.name, chromedp.EmulateViewport(sz.w, sz.h, chromedp.EmulateScale(1)))
			b.run("open", chromedp.Navigate(s.URL+"analysis?"+url.Values{"game": {name}, "pos": {pos.String()}}.Encode()))
			b.waitJS("hand", `document.querySelector('.hand button:not(:disabled)') !== null`)
			inHand := evalJS[int](b, `document.querySelectorAll('.hand button').length`)
			if sz.name == "phone" {
				b.eval(`localStorage.setItem('wyrm.settings', JSON.stringify({mode: 'dark'})); true`)
				b.run("open in the dark", chromedp.Navigate(s.URL+"analysis?"+url.Values{"game": {name}, "pos": {pos.String()}}.Encode()))
				b.waitJS("dark hand", `document.documentElement.dataset.mode === 'dark' && document.querySelector('.hand button:not(:disabled)') !== null`)
			}
			from := fmt.Sprintf(`.hand button[data-letter=%q]:not(:disabled)`, string(drop.Drop))
			x1, y1 := b.centre(from)
			x2, y2 := b.centre(fmt.Sprintf(`.levels figure:not(.mini) [data-sq="%d"] rect`, drop.To))
			// The hand may have scrolled out of view while finding the square.
			if sz.name == "phone" {
				x1, y1 = b.centre(from)
				x2, y2 = b.centre(fmt.Sprintf(`.levels figure:not(.mini) [data-sq="%d"] rect`, drop.To))
			}
			b.drag("drag from the hand", x1, y1, x2, y2)
			b.waitJS("the drop played", fmt.Sprintf(`document.querySelectorAll('.tree .mv').length === 1 && %s`,
				fmt.Sprintf(`document.querySelector('.levels figure:not(.mini) [data-sq="%d"] .piece') !== null`, drop.To)))
			if got := evalJS[int](b, `document.querySelectorAll('.hand button').length`); got != inHand-1 {
				t.Errorf("%d pieces in hand after the drop, want %d", got, inHand-1)
			}
			if mv := evalJS[string](b, `document.querySelector('.tree .mv').textContent`); mv != san && mv != drop.Text {
				t.Errorf("played %q, want the drop %s", mv, san)
			}
			viewShot(b, "analysis-drop-"+sz.name)
		})
	}
}
