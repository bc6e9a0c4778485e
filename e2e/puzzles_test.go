package e2e

import (
	"encoding/json"
	"fmt"
	"net/http"
	"path/filepath"
	"strings"
	"testing"

	"github.com/chromedp/chromedp"

	"wyrm/game"
	"wyrm/games"
)

// puzzleLine is a puzzle as /api/puzzles lists it.
type puzzleLine struct {
	Game, ID, Position string
	Options            game.Options
	Line               []string
	Moves              int
}

// A guest solves a puzzle of two solver moves on the board (the page
// makes the opponent's reply), sees the puzzle rating rise, then starts a
// streak and ends it with a wrong move; at laptop and phone widths.
func TestPuzzleLineAndStreak(t *testing.T) {
	s := startServer(t, filepath.Join(t.TempDir(), "e2e.db"), "")
	resp, err := http.Get(s.URL + "api/puzzles")
	if err != nil {
		t.Fatal(err)
	}
	var file struct{ Puzzles []puzzleLine }
	err = json.NewDecoder(resp.Body).Decode(&file)
	resp.Body.Close()
	if err != nil {
		t.Fatal(err)
	}
	byID := map[string]puzzleLine{}
	for _, p := range file.Puzzles {
		byID[p.Game+"/"+p.ID] = p
	}
	const name = "dragon" // one board, so that every square is clicked alike
	g, err := games.Lookup(name)
	if err != nil {
		t.Fatal(err)
	}
	for _, sz := range []struct {
		name string
		w, h int64
	}{{"laptop", 1280, 800}, {"phone", 390, 844}} {
		t.Run(sz.name, func(t *testing.T) {
			b := newBrowser(t)
			b.run(sz.name, chromedp.EmulateViewport(sz.w, sz.h, chromedp.EmulateScale(1)))
			b.run("puzzles", chromedp.Navigate(s.URL+"#/puzzles/"+name))
			b.waitJS("to move", `/to move and win/.test(document.getElementById('puzzle-status')?.textContent)`)
			// Two solver moves: the theme "short".
			b.waitJS("themes", `[...document.querySelectorAll('#puzzle-theme option')].some(o => o.value === 'short')`)
			// The info line is emptied first, so that the wait below sees the
			// new puzzle, not the one before.
			b.eval(`{document.getElementById('puzzle-info').textContent = ''; const s = document.getElementById('puzzle-theme'); s.value = 'short'; s.dispatchEvent(new Event('change')); true}`)
			var p puzzleLine
			var pos game.Position
			for try := 0; ; try++ {
				b.waitJS("two moves", `/Puzzle/.test(document.getElementById('puzzle-info').textContent) && /\(2 moves\)/.test(document.getElementById('puzzle-status').textContent)`)
				id := evalJS[string](b, `document.getElementById('puzzle-info').textContent.match(/Puzzle (\w+)/)[1]`)
				p = byID[name+"/"+id]
				if p.Moves != 2 {
					t.Fatalf("puzzle %q of the theme short has %d moves", id, p.Moves)
				}
				if pos, err = g.Parse(p.Position, p.Options); err != nil {
					t.Fatal(err)
				}
				if solverBoardMoves(t, pos, p.Line) || try == 10 {
					break
				}
				b.eval(`document.getElementById('puzzle-info').textContent = ''; true`)
				b.clickCSS("next", "#next") // a drop: another puzzle
			}
			if sz.name == "laptop" {
				viewShot(b, "puzzle-start")
			}
			click := func(sq int) {
				b.run(fmt.Sprintf("square %d", sq), chromedp.Click(chromedp.CSS(fmt.Sprintf(`.levels figure:not(.mini) [data-sq="%d"]`, sq))))
			}
			for i, mv := range p.Line {
				m, err := pos.ParseMove(mv)
				if err != nil {
					t.Fatal(err)
				}
				if i%2 == 0 {
					v := pos.DescribeMove(m)
					click(v.From)
					click(dest(v))
					b.waitJS("dialog or answer", fmt.Sprintf(`document.querySelector('dialog[open]') !== null || Number(document.getElementById('puzzle-status').dataset.played) > %d`, i))
					if evalJS[bool](b, `document.querySelector('dialog[open]') !== null`) {
						b.eval(fmt.Sprintf(`[...document.querySelectorAll('dialog[open] .choices button')].find(e => e.textContent === %q || e.textContent === %q).click(); true`,
							game.Notation(pos, m), mv))
					}
					if i < len(p.Line)-1 {
						b.waitJS("reply made", fmt.Sprintf(`(s => s.dataset.played === '%d' && s.dataset.turn === 'solver')(document.getElementById('puzzle-status'))`, i+2))
					}
				}
				pos.Play(m)
			}
			b.waitJS("solved", `document.getElementById('puzzle-status').classList.contains('solved')`)
			b.waitJS("rating up", `/Your puzzle rating: \d+ \(\+\d+\)/.test(document.getElementById('puzzle-rating').textContent)`)
			if got := evalJS[string](b, `document.getElementById('puzzle-info').textContent`); !strings.Contains(got, "short") {
				t.Errorf("themes not shown: %q", got)
			}
			viewShot(b, "puzzle-solved-"+sz.name)

			// A streak: the first puzzle, a wrong move, the end.
			b.clickCSS("streak", "#mode-streak")
			b.waitJS("streak", `/Streak 0 · best 0/.test(document.getElementById('puzzle-rating')?.textContent) && /to move and win/.test(document.getElementById('puzzle-status').textContent)`)
			id := evalJS[string](b, `document.getElementById('puzzle-info').textContent.match(/Puzzle (\w+)/)[1]`)
			sp := byID[name+"/"+id]
			spos, err := g.Parse(sp.Position, sp.Options)
			if err != nil {
				t.Fatal(err)
			}
			wrong := false
			for _, m := range spos.LegalMoves(nil) {
				if v := spos.DescribeMove(m); spos.MoveString(m) != sp.Line[0] && v.From >= 0 && v.Drop == 0 && v.Promotion == 0 {
					click(v.From)
					click(dest(v))
					wrong = true
					break
				}
			}
			if !wrong {
				t.Fatal("no wrong move to make")
			}
			b.waitJS("streak over", `/streak ends at 0/.test(document.getElementById('puzzle-status').textContent) && document.getElementById('next').textContent === 'Start a new streak'`)
			viewShot(b, "puzzle-streak-"+sz.name)
		})
	}
}

func dest(v game.MoveView) int {
	if v.To >= 0 && v.To != v.From {
		return v.To
	}
	return v.Target
}

// A puzzle of each game: a wrong move is refused, the hint marks a piece,
// and the line, its solver's moves played on the board with the mouse,
// solves it.
func TestPuzzleSolved(t *testing.T) {
	s := startServer(t, filepath.Join(t.TempDir(), "e2e.db"), "")
	resp, err := http.Get(s.URL + "api/puzzles")
	if err != nil {
		t.Fatal(err)
	}
	var file struct{ Puzzles []puzzleLine }
	err = json.NewDecoder(resp.Body).Decode(&file)
	resp.Body.Close()
	if err != nil || len(file.Puzzles) == 0 {
		t.Fatalf("puzzles: %v, %d", err, len(file.Puzzles))
	}
	byID, names := map[string]puzzleLine{}, []string{}
	for _, p := range file.Puzzles {
		if _, ok := byID[p.Game+"/"+p.ID]; !ok && !strings.Contains(strings.Join(names, ","), p.Game) {
			names = append(names, p.Game)
		}
		byID[p.Game+"/"+p.ID] = p
	}
	for _, name := range names {
		t.Run(name, func(t *testing.T) {
			g, err := games.Lookup(name)
			if err != nil {
				t.Fatal(err)
			}
			b := newBrowser(t)
			b.run("puzzle", chromedp.Navigate(s.URL+"#/puzzles/"+name))
			var p puzzleLine
			var pos game.Position
			for try := 0; ; try++ {
				b.waitJS("to move", `/to move and win/.test(document.getElementById('puzzle-status')?.textContent) && /Puzzle/.test(document.getElementById('puzzle-info').textContent)`)
				id := evalJS[string](b, `document.getElementById('puzzle-info').textContent.match(/Puzzle (\w+)/)[1]`)
				p = byID[name+"/"+id]
				if pos, err = g.Parse(p.Position, p.Options); err != nil {
					t.Fatal(err)
				}
				if solverBoardMoves(t, pos, p.Line) || try == 10 {
					break
				}
				b.eval(`document.getElementById('puzzle-info').textContent = ''; true`)
				b.clickCSS("next", "#next")
			}
			if !solverBoardMoves(t, pos, p.Line) {
				t.Skip("no puzzle met whose solver's moves all start from a square")
			}
			click := func(sq int) {
				b.run(fmt.Sprintf("square %d", sq), chromedp.Click(chromedp.CSS(fmt.Sprintf(`.levels figure:not(.mini) [data-sq="%d"]`, sq))))
			}
			solver := pos.ToMove()
			win, _ := pos.ParseMove(p.Line[0])
			wv := pos.DescribeMove(win)
			for _, m := range pos.LegalMoves(nil) {
				if v := pos.DescribeMove(m); v.From >= 0 && v.From != wv.From && v.Drop == 0 && v.Promotion == 0 {
					click(v.From)
					click(dest(v))
					b.waitJS("refused", `/not it/.test(document.getElementById('puzzle-status')?.textContent)`)
					break
				}
			}
			b.run("hint", chromedp.Click(chromedp.ID("hint")))
			b.waitJS("hint mark", `document.querySelector('.levels .marks .mark') !== null`)
			for i, mv := range p.Line {
				m, err := pos.ParseMove(mv)
				if err != nil {
					t.Fatal(err)
				}
				if pos.ToMove() == solver {
					v := pos.DescribeMove(m)
					click(v.From)
					click(dest(v))
					b.waitJS("dialog or answer", fmt.Sprintf(`document.querySelector('dialog[open]') !== null || Number(document.getElementById('puzzle-status').dataset.played) > %d`, i))
					if evalJS[bool](b, `document.querySelector('dialog[open]') !== null`) {
						b.eval(fmt.Sprintf(`[...document.querySelectorAll('dialog[open] .choices button')].find(e => e.textContent === %q || e.textContent === %q).click(); true`,
							game.Notation(pos, m), mv))
					}
					if i < len(p.Line)-1 {
						b.waitJS("replies made", fmt.Sprintf(`(s => Number(s.dataset.played) > %d && s.dataset.turn === 'solver')(document.getElementById('puzzle-status'))`, i+1))
					}
				}
				pos.Play(m)
			}
			b.waitJS("solved", `document.getElementById('puzzle-status').classList.contains('solved')`)
			if n := evalJS[int](b, `document.querySelectorAll('.levels .piece').length`); n == 0 {
				t.Error("no piece drawn after the line")
			}
			viewShot(b, "puzzle-"+name)
		})
	}
}

// solverBoardMoves reports whether every solver's move of line from pos
// starts on a square (no drop, no capture from afar without a move), so
// that two clicks make it.
func solverBoardMoves(t *testing.T, pos game.Position, line []string) bool {
	q, solver := pos.Clone(), pos.ToMove()
	for _, s := range line {
		m, err := q.ParseMove(s)
		if err != nil {
			t.Fatal(err)
		}
		if v := q.DescribeMove(m); q.ToMove() == solver && (v.From < 0 || v.Drop != 0 || dest(v) < 0) {
			return false
		}
		q.Play(m)
	}
	return true
}

// A signed-in player's puzzle rating is the account's: a wrong move lowers
// it, and the page, opened again, shows it as the server keeps it.
func TestPuzzleRatingKeptWithAccount(t *testing.T) {
	s := startServer(t, filepath.Join(t.TempDir(), "e2e.db"), "")
	b := newBrowser(t)
	b.signUp(s, "solver")
	const name = "dragon"
	g, err := games.Lookup(name)
	if err != nil {
		t.Fatal(err)
	}
	resp, err := http.Get(s.URL + "api/puzzles")
	if err != nil {
		t.Fatal(err)
	}
	var file struct{ Puzzles []puzzleLine }
	err = json.NewDecoder(resp.Body).Decode(&file)
	resp.Body.Close()
	if err != nil {
		t.Fatal(err)
	}
	b.run("puzzles", chromedp.Navigate(s.URL+"#/puzzles/"+name))
	b.waitJS("to move", `/to move and win/.test(document.getElementById('puzzle-status')?.textContent) && /Puzzle/.test(document.getElementById('puzzle-info').textContent)`)
	if got := evalJS[string](b, `document.getElementById('puzzle-rating').textContent`); got != "Your puzzle rating: 1500" {
		t.Errorf("a new account's rating reads %q", got)
	}
	id := evalJS[string](b, `document.getElementById('puzzle-info').textContent.match(/Puzzle (\w+)/)[1]`)
	var p puzzleLine
	for _, q := range file.Puzzles {
		if q.Game == name && q.ID == id {
			p = q
		}
	}
	pos, err := g.Parse(p.Position, p.Options)
	if err != nil {
		t.Fatal(err)
	}
	for _, m := range pos.LegalMoves(nil) {
		if v := pos.DescribeMove(m); pos.MoveString(m) != p.Line[0] && v.From >= 0 && v.Drop == 0 && v.Promotion == 0 {
			for _, sq := range []int{v.From, dest(v)} {
				b.run(fmt.Sprintf("square %d", sq), chromedp.Click(chromedp.CSS(fmt.Sprintf(`.levels figure:not(.mini) [data-sq="%d"]`, sq))))
			}
			break
		}
	}
	b.waitJS("rating down", `/Your puzzle rating: \d+ \(−\d+\)/.test(document.getElementById('puzzle-rating').textContent)`)
	after := evalJS[string](b, `document.getElementById('puzzle-rating').textContent.match(/: (\d+)/)[1]`)
	b.run("away", chromedp.Navigate(s.URL+"#/account"))
	b.run("back", chromedp.Navigate(s.URL+"#/puzzles/"+name))
	b.waitJS("kept", fmt.Sprintf(`document.getElementById('puzzle-rating')?.textContent === 'Your puzzle rating: %s'`, after))
}
