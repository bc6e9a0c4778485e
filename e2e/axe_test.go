package e2e

import (
	"context"
	"encoding/json"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/chromedp/chromedp"
)

// axeVersion is the axe-core release the accessibility test runs; .ci/run
// installs the same one.
const axeVersion = "4.11.0"

var (
	axeOnce   sync.Once
	axeSource string
	axeErr    error
)

// axeScript returns axe-core's axe.min.js, installed from the npm registry
// into the user's cache folder when missing. Without it the test skips,
// except under CI=true, where it fails.
func axeScript(t *testing.T) string {
	t.Helper()
	axeOnce.Do(func() {
		cache, err := os.UserCacheDir()
		if err != nil {
			axeErr = err
			return
		}
		dir := filepath.Join(cache, "wyrm", "npm")
		file := filepath.Join(dir, "node_modules", "axe-core", "axe.min.js")
		if _, err := os.Stat(file); err != nil {
			npm, err := exec.LookPath("npm")
			if err != nil {
				axeErr = fmt.Errorf("axe-core is not in %s and npm is missing", dir)
				return
			}
			out, err := exec.Command(npm, "install", "--prefix", dir, "--no-save", "--no-audit", "--no-fund", "axe-core@"+axeVersion).CombinedOutput()
			if err != nil {
				axeErr = fmt.Errorf("npm install axe-core: %v\n%s", err, out)
				return
			}
		}
		b, err := os.ReadFile(file)
		axeSource, axeErr = string(b), err
	})
	if axeErr != nil {
		if os.Getenv("CI") == "true" {
			t.Fatalf("axe-core is needed under CI=true: %v", axeErr)
		}
		t.Skipf("axe-core unavailable, skipping the accessibility check: %v", axeErr)
	}
	return axeSource
}

// axeViolation is one rule axe-core found broken.
type axeViolation struct {
	ID     string `json:"id"`
	Impact string `json:"impact"`
	Help   string `json:"help"`
	Nodes  []struct {
		Target []any  `json:"target"`
		HTML   string `json:"html"`
	} `json:"nodes"`
}

// checkAxe runs axe-core's WCAG 2 A and AA rules on b's page and fails
// listing each serious or critical violation.
func (b *browser) checkAxe(page string) {
	b.t.Helper()
	src := axeScript(b.t)
	if !evalJS[bool](b, `typeof window.axe === 'object'`) {
		b.eval(src + "\n;true")
	}
	ctx, cancel := context.WithTimeout(b.ctx, 60*time.Second)
	defer cancel()
	js := `axe.run(document, { runOnly: { type: 'tag', values: ['wcag2a', 'wcag2aa'] }, resultTypes: ['violations'] })
		.then(r => JSON.stringify(r.violations.filter(v => v.impact === 'serious' || v.impact === 'critical')))`
	out, err := chromedp.Run(ctx, chromedp.Evaluate[string](js, chromedp.EvalAwaitPromise))
	if err != nil {
		b.fail("axe.run on "+page, err)
	}
	var vs []axeViolation
	if err := json.Unmarshal([]byte(out), &vs); err != nil {
		b.t.Fatalf("axe result on %s: %v", page, err)
	}
	for _, v := range vs {
		var where []string
		for i, n := range v.Nodes {
			if i == 5 {
				where = append(where, fmt.Sprintf("… %d more", len(v.Nodes)-5))
				break
			}
			where = append(where, fmt.Sprintf("%v %s", n.Target, trimHTML(n.HTML)))
		}
		b.t.Errorf("%s: %s (%s) on %d elements: %s\n  %s", page, v.ID, v.Impact, len(v.Nodes), v.Help, strings.Join(where, "\n  "))
	}
	b.t.Logf("%s: %d serious or critical axe violations", page, len(vs))
}

func trimHTML(s string) string {
	if len(s) > 120 {
		return s[:120] + "…"
	}
	return s
}

// TestAccessibility runs axe-core (WCAG 2 A and AA) on every page of the
// app: no serious or critical violation may remain.
func TestAccessibility(t *testing.T) {
	axeScript(t)
	s := startServer(t, filepath.Join(t.TempDir(), "e2e.db"), "")
	t.Run("lobby", func(t *testing.T) {
		b := newBrowser(t)
		b.run("lobby", chromedp.Navigate(s.URL), chromedp.WaitVisible(chromedp.ID("create")))
		b.checkAxe("lobby")
	})
	for _, g := range gamesOf(t, s) {
		t.Run("game-"+g.Name, func(t *testing.T) {
			player, watcher := newBrowser(t), newBrowser(t)
			id := player.create(s, g.Name, nil, "local", "computer")
			if g.Name != "dungeon" {
				player.playMove()
				player.waitPlies(2)
			}
			player.checkAxe(g.Name + " game, as player")
			watcher.run("watch", chromedp.Navigate(s.URL+"#/g/"+id), chromedp.WaitVisible(chromedp.CSS(".status")))
			watcher.checkAxe(g.Name + " game, as spectator")
		})
	}
	for _, g := range engineGames(t, s) {
		t.Run("analysis-"+g.Name, func(t *testing.T) {
			b := newBrowser(t)
			b.run("analysis", chromedp.Navigate(s.URL+"analysis?game="+g.Name))
			b.waitJS("lines", `document.querySelectorAll('.pvline').length === 3`)
			b.checkAxe(g.Name + " analysis board")
		})
		t.Run("editor-"+g.Name, func(t *testing.T) {
			b := newBrowser(t)
			b.run("editor", chromedp.Navigate(s.URL+"#/editor/"+g.Name))
			b.waitJS("editor drawn", `document.querySelector('#ed-board .piece') !== null && document.getElementById('ed-status').textContent !== ''`)
			b.checkAxe(g.Name + " editor")
		})
		t.Run("rules-"+g.Name, func(t *testing.T) {
			b := newBrowser(t)
			b.run("rules", chromedp.Navigate(s.URL+"rules/"+g.Name), chromedp.WaitVisible(chromedp.CSS("h1")))
			b.checkAxe(g.Name + " rules")
		})
	}
	t.Run("rules-index", func(t *testing.T) {
		b := newBrowser(t)
		b.run("rules", chromedp.Navigate(s.URL+"rules/"), chromedp.WaitVisible(chromedp.CSS("h1")))
		b.checkAxe("rules index")
	})
	t.Run("account", func(t *testing.T) {
		b := newBrowser(t)
		b.run("account", chromedp.Navigate(s.URL+"#/account"), chromedp.WaitVisible(chromedp.ID("signup")))
		b.checkAxe("account, signed out")
		b.signUp(s, "ada")
		b.waitJS("account page", `document.querySelector('label[for=pw-old]') !== null`)
		b.checkAxe("account, signed in")
		b.run("profile", chromedp.Navigate(s.URL+"#/players/ada"))
		b.waitJS("profile", `document.querySelector('main h1') !== null && document.querySelector('main h1').textContent.includes('ada')`)
		b.checkAxe("profile")
	})
	// Dark mode and the colour-blind highlights have colours of their own.
	t.Run("dark", func(t *testing.T) {
		b := newBrowser(t)
		b.run("laptop", chromedp.EmulateViewport(1280, 800, chromedp.EmulateScale(1)))
		b.run("lobby", chromedp.Navigate(s.URL), chromedp.WaitVisible(chromedp.ID("create")))
		b.eval(`localStorage.setItem('wyrm.settings', JSON.stringify({ mode: 'dark', highlights: 'blueorange', reader: true })); true`)
		b.run("lobby", chromedp.Navigate(s.URL+"#/"), chromedp.Reload(), chromedp.WaitVisible(chromedp.ID("create")))
		b.checkAxe("lobby, dark")
		b.create(s, "dragonchess", nil, "local", "computer")
		b.playMove()
		b.waitPlies(2)
		b.checkAxe("game, dark, with the screen reader")
		b.screenshot("game-dark-reader-laptop")
		b.run("analysis", chromedp.Navigate(s.URL+"analysis?game=dragonchess"))
		b.waitJS("lines", `document.querySelectorAll('.pvline').length === 3`)
		b.checkAxe("analysis board, dark")
		b.screenshot("analysis-dark-laptop")
		b.run("phone", chromedp.EmulateViewport(390, 844, chromedp.EmulateScale(1)))
		b.run("editor", chromedp.Navigate(s.URL+"#/editor/dragonchess"))
		b.waitJS("editor drawn", `document.querySelector('#ed-board .piece') !== null && document.getElementById('ed-status').textContent !== ''`)
		b.checkAxe("editor, dark, phone")
	})
	t.Run("puzzles", func(t *testing.T) {
		b := newBrowser(t)
		b.run("puzzles", chromedp.Navigate(s.URL+"#/puzzles"))
		b.waitJS("puzzle board", `document.querySelector('main svg') !== null`)
		b.checkAxe("puzzles")
	})
}
