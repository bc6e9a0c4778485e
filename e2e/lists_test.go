package e2e

import (
	"context"
	"encoding/json"
	"fmt"
	"net/http"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/chromedp/chromedp"

	"wyrm/games"
	"wyrm/rating"
	"wyrm/server/account"
	"wyrm/server/store"
)

// seedResults fills db with five players who have played a round robin of
// rated games, often enough for settled ratings, in the first registered
// game at blitz, and a few casual games of another; it returns the rated
// game's name.
func seedResults(t *testing.T, db string) string {
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
	names := []string{"ann", "ben", "cat", "dan", "eve"}
	ids := make([]int64, len(names))
	for i, n := range names {
		u, _, err := acc.SignUp(ctx, n, "a long password", "192.0.2.1")
		if err != nil {
			t.Fatal(err)
		}
		ids[i] = u.ID
	}
	all := games.All()
	rated, casual := all[0].Info().Name, all[len(all)-1].Info().Name
	at := time.Now().Add(-48 * time.Hour)
	n := 0
	record := func(game string, isRated bool, a, b int, places ...int) {
		n++
		r := account.Result{GameID: fmt.Sprintf("seed%04d", n), Game: game, Speed: rating.Blitz, Rated: isRated,
			At: at.Add(time.Duration(n) * time.Minute), Players: []account.Player{{UserID: ids[a], Place: places[0]}, {UserID: ids[b], Place: places[1]}}}
		if all[len(all)-1].Info().Placings && game == casual {
			r.System = account.Placings
		}
		if _, err := acc.RecordResult(ctx, r); err != nil {
			t.Fatal(err)
		}
	}
	for round := range 10 {
		for i := range names {
			for j := i + 1; j < len(names); j++ {
				switch {
				case (i+j+round)%7 == 0:
					record(rated, true, i, j, 1, 1) // a draw
				case (i+j+round)%4 == 0:
					record(rated, true, i, j, 2, 1) // an upset
				default:
					record(rated, true, i, j, 1, 2)
				}
			}
		}
	}
	record(casual, false, 0, 1, 2, 1)
	record(casual, false, 0, 2, 1, 2)
	return rated
}

// TestProfileFiltersAndLeaderboard: a player's profile lists their games,
// filtered and paged as asked, with the record against an opponent one
// click away; the leaderboard, reached from the header, ranks the settled
// players of a pool as the API does.
func TestProfileFiltersAndLeaderboard(t *testing.T) {
	db := filepath.Join(t.TempDir(), "e2e.db")
	rated := seedResults(t, db)
	s := startServer(t, db, "")
	b := newBrowser(t)
	b.run("profile", chromedp.EmulateViewport(1280, 800, chromedp.EmulateScale(1)), chromedp.Navigate(s.URL+"#/players/ann"))
	b.waitJS("first page", `document.querySelectorAll('#played .played-game').length === 20`)
	b.waitJS("more", `!document.getElementById('games-more').hidden`)
	// The rating plot has a value axis, dates and a value for each point.
	b.waitJS("plot axes", `(() => { const p = document.querySelector('.rating-plot'); if (!p) return false;
		const axis = [...p.querySelectorAll('text.axis')].map(t => t.textContent);
		return axis.filter(t => /^\d+$/.test(t)).length >= 2 && axis.some(t => /^\d+ [A-Z][a-z]{2} \d{4}$/.test(t)) &&
			p.querySelectorAll('circle title').length > 1 })()`)
	b.clickCSS("more games", "#games-more")
	b.waitJS("second page", `document.querySelectorAll('#played .played-game').length === 40`)
	b.screenshot("profile-laptop")

	// Losses against ben, chosen in the form: each row says so, and the
	// address keeps the filters.
	b.eval(`(() => { document.getElementById('f-result').value = 'loss'; document.getElementById('f-opponent').value = 'ben'; return true })()`)
	b.clickCSS("apply filters", "#f-apply")
	b.waitJS("filtered", `(() => { const rows = [...document.querySelectorAll('#played .played-game')];
		return rows.length > 0 && rows.every(r => r.querySelector('.outcome.loss') && r.textContent.includes('ben')) })()`)
	if hash := evalJS[string](b, `location.hash`); !strings.Contains(hash, "result=loss") || !strings.Contains(hash, "opponent=ben") {
		t.Fatalf("the address after filtering: %s", hash)
	}
	want := apiGet[struct{ Games []json.RawMessage }](t, s, "/api/players/ann/games?result=loss&opponent=ben&limit=50")
	if got := evalJS[int](b, `document.querySelectorAll('#played .played-game').length`); got != len(want.Games) {
		t.Fatalf("%d losses against ben shown, the API has %d", got, len(want.Games))
	}
	// Casual games of the other game only.
	b.eval(`(() => { document.getElementById('f-result').value = ''; document.getElementById('f-opponent').value = ''; document.getElementById('f-rated').value = 'false'; return true })()`)
	b.clickCSS("casual only", "#f-apply")
	b.waitJS("casual", `document.querySelectorAll('#played .played-game').length === 2 && ![...document.querySelectorAll('#played .change')].length`)
	b.run("phone", chromedp.EmulateViewport(390, 844, chromedp.EmulateScale(1)))
	b.run("reload filtered", chromedp.Reload())
	b.waitJS("filters from the address", `document.getElementById('f-rated') && document.getElementById('f-rated').value === 'false' && document.querySelectorAll('#played .played-game').length === 2`)
	b.phoneShot("profile-phone")

	// Head to head from a row of the list.
	b.run("wide again", chromedp.EmulateViewport(1280, 800, chromedp.EmulateScale(1)), chromedp.Navigate(s.URL+"#/players/ann?opponent=cat"))
	b.clickCSS("head to head", "#played a.h2h")
	b.waitJS("record", `document.getElementById('h2h-table') !== null`)
	h2h := apiGet[struct {
		Games []struct{ Won, Lost, Drawn int }
	}](t, s, "/api/players/ann/vs/cat")
	cells := evalJS[[]string](b, `[...document.querySelectorAll('#h2h-table tbody tr:first-child td')].map(td => td.textContent)`)
	rows := evalJS[int](b, `document.querySelectorAll('#h2h-table tbody tr').length`)
	// Two games (the rated and the casual one), and the line of both.
	if len(h2h.Games) != 2 || rows != 3 || len(cells) < 4 || cells[1] != fmt.Sprint(h2h.Games[0].Won) || cells[2] != fmt.Sprint(h2h.Games[0].Drawn) || cells[3] != fmt.Sprint(h2h.Games[0].Lost) {
		t.Fatalf("head to head shows %d rows, the first %v; the API %+v", rows, cells, h2h)
	}
	b.screenshot("head-to-head")

	// The leaderboard from the header, then the pool chosen.
	b.clickCSS("leaderboard link", `header a[href="#/leaderboard"]`)
	b.waitJS("leaderboard", `document.getElementById('lb-game') && document.getElementById('lb-game').options.length > 1`)
	// It opens on a speed played, not on correspondence, once its first page is in.
	b.waitJS("first page", `document.getElementById('leaders') !== null || document.getElementById('leaders-empty') !== null`)
	if sp := evalJS[string](b, `document.getElementById('lb-speed').value`); sp == "correspondence" || sp == "" {
		t.Fatalf("the leaderboard opens on %q", sp)
	}
	b.eval(fmt.Sprintf(`(() => { const g = document.getElementById('lb-game'); g.value = %q; document.getElementById('lb-speed').value = 'blitz'; g.dispatchEvent(new Event('change')); return true })()`, rated))
	b.waitJS("leaders", `document.querySelectorAll('#leaders tbody tr').length > 0`)
	board := apiGet[struct{ Players []struct{ Name string } }](t, s, "/api/leaderboard?game="+rated+"&speed=blitz")
	var names []string
	for _, p := range board.Players {
		names = append(names, p.Name)
	}
	shown := evalJS[[]string](b, `[...document.querySelectorAll('#leaders tbody tr td:nth-child(2)')].map(td => td.textContent)`)
	if len(names) < 3 || strings.Join(shown, ",") != strings.Join(names, ",") {
		t.Fatalf("leaderboard shows %v, the API %v", shown, names)
	}
	b.screenshot("leaderboard-laptop")
	b.run("phone", chromedp.EmulateViewport(390, 844, chromedp.EmulateScale(1)))
	b.phoneShot("leaderboard-phone")
	// A name on it leads to that player's profile.
	b.clickCSS("a leader", "#leaders tbody tr:first-child a")
	b.waitJS("their profile", fmt.Sprintf(`document.querySelector('h1') && document.querySelector('h1').textContent === %q`, names[0]))
}

// phoneShot saves the whole page at phone width: the viewport is made as
// tall as the page first, since Chromium's capture beyond an emulated
// viewport stops short of it.
func (b *browser) phoneShot(name string) {
	b.t.Helper()
	height := evalJS[int64](b, `document.documentElement.scrollHeight`)
	b.run("phone, whole page", chromedp.EmulateViewport(390, max(height, 844), chromedp.EmulateScale(1)))
	b.screenshot(name)
	b.run("phone", chromedp.EmulateViewport(390, 844, chromedp.EmulateScale(1)))
}

// apiGet reads path of s's API as JSON.
func apiGet[T any](t *testing.T, s *server, path string) T {
	t.Helper()
	var v T
	resp, err := http.Get(strings.TrimSuffix(s.URL, "/") + path)
	if err != nil {
		t.Fatal(err)
	}
	defer resp.Body.Close()
	if resp.StatusCode != 200 {
		t.Fatalf("%s: %d", path, resp.StatusCode)
	}
	if err := json.NewDecoder(resp.Body).Decode(&v); err != nil {
		t.Fatal(err)
	}
	return v
}
