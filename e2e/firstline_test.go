package e2e

import (
	"context"
	"flag"
	"fmt"
	"net/url"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/chromedp/cdproto/cdp"
	"github.com/chromedp/cdproto/page"
	"github.com/chromedp/chromedp"
)

var firstLineLoads = flag.Int("analysis.firstline", 0, "open each game's analysis board this many times in a fresh browser tab and report when its first line appeared")

// TestFirstLineTime reports how soon after navigation the analysis board
// shows the engine's first line, by the page's own clock, with the
// page's marks on the way (engine started, board answered, board drawn).
// It measures and does not judge: run it on a quiet machine with
// -analysis.firstline 5.
func TestFirstLineTime(t *testing.T) {
	if *firstLineLoads <= 0 {
		t.Skip("a measurement: run with -analysis.firstline N")
	}
	s := startServer(t, filepath.Join(t.TempDir(), "e2e.db"), "")
	for _, g := range engineGames(t, s) {
		var firsts []float64
		for i := range *firstLineLoads {
			t.Run(fmt.Sprintf("%s-%d", g.Name, i), func(t *testing.T) {
				b := newBrowser(t)
				// Long tasks on the page's thread hold back the worker's
				// messages: they are logged with the marks.
				b.run("watch long tasks", chromedp.Action[chromedp.Void](func(ctx context.Context, tg *chromedp.Target) (chromedp.Void, error) {
					_, err := cdp.Call(ctx, tg, page.AddScriptToEvaluateOnNewDocument, page.AddScriptToEvaluateOnNewDocumentParams{Source: `window.__long = []; new PerformanceObserver(l => { for (const e of l.getEntries()) window.__long.push(e.startTime.toFixed(0) + '+' + e.duration.toFixed(0)); }).observe({ type: 'longtask', buffered: true });`})
					return chromedp.Void{}, err
				}))
				b.run("open analysis", chromedp.Navigate(s.URL+"analysis?"+url.Values{"game": {g.Name}}.Encode()))
				b.waitJS("a line", `performance.getEntriesByName('wyrm:first-line').length > 0`)
				marks := evalJS[string](b, `performance.getEntriesByType('mark').filter(m => m.name.startsWith('wyrm:')).map(m => m.name.slice(5) + ' ' + m.startTime.toFixed(0) + (m.detail != null ? '(' + m.detail + ')' : '')).join(', ')`)
				res := evalJS[string](b, `performance.getEntriesByType('resource').filter(r => /engine|meta|analysis\.js/.test(r.name)).map(r => r.name.replace(/^.*\//, '') + ' ' + r.startTime.toFixed(0) + '-' + r.responseEnd.toFixed(0)).join(', ')`)
				first := evalJS[float64](b, `performance.getEntriesByName('wyrm:first-line')[0].startTime`)
				firsts = append(firsts, first)
				t.Logf("%s: first line at %.0f ms; marks: %s; resources: %s; long tasks (start+length): %s", g.Name, first, marks, res, evalJS[string](b, `window.__long.join(', ')`))
			})
		}
		slices.Sort(firsts)
		ms := make([]string, len(firsts))
		for i, f := range firsts {
			ms[i] = fmt.Sprintf("%.0f", f)
		}
		t.Logf("%s: first line after %s ms, median %s ms", g.Name, strings.Join(ms, ", "), ms[len(ms)/2])
	}
}
