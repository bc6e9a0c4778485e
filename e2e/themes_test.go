package e2e

import (
	"context"
	"path/filepath"
	"testing"

	"github.com/chromedp/cdproto/cdp"
	"github.com/chromedp/cdproto/emulation"
	"github.com/chromedp/chromedp"
)

// TestColourBlindHighlightsFocusAndMotion: the blue and orange highlights
// colour the last move, a board square reached with Tab shows its focus
// outline, and a system asking for reduced motion gets no animation.
func TestColourBlindHighlightsFocusAndMotion(t *testing.T) {
	s := startServer(t, filepath.Join(t.TempDir(), "e2e.db"), "")
	b := newBrowser(t)
	b.run("laptop", chromedp.EmulateViewport(1280, 800, chromedp.EmulateScale(1)))
	b.run("lobby", chromedp.Navigate(s.URL), chromedp.WaitVisible(chromedp.ID("create")))
	b.eval(`localStorage.setItem('wyrm.settings', JSON.stringify({ highlights: 'blueorange' })); true`)
	b.create(s, "dragon", nil, "local", "computer")
	b.playMove()
	b.waitPlies(2)
	if got := evalJS[string](b, `getComputedStyle(document.querySelector('rect.last')).fill`); got != "rgb(0, 114, 178)" {
		t.Errorf("the last move is drawn in %q, want the blue rgb(0, 114, 178)", got)
	}
	// Tab from the page's start until a square of the board has focus.
	b.eval(`document.activeElement.blur(); true`)
	for i := 0; i < 80 && !evalJS[bool](b, `document.activeElement.classList.contains('sq')`); i++ {
		b.run("tab", chromedp.KeyEvent("\t"))
	}
	if !evalJS[bool](b, `document.activeElement.classList.contains('sq')`) {
		t.Fatal("no board square took focus by Tab")
	}
	if got := evalJS[string](b, `(s => s.outlineStyle + ' ' + s.outlineWidth)(getComputedStyle(document.activeElement))`); got != "solid 1px" {
		t.Errorf("the focused square's outline is %q", got)
	}
	b.screenshot("focus-blueorange-laptop")
	// Every other focusable element outlines itself too.
	b.run("tab", chromedp.KeyEvent("\t"))
	b.run("tab", chromedp.KeyEvent("\t"))
	if got := evalJS[string](b, `getComputedStyle(document.activeElement).outlineStyle`); got != "solid" {
		t.Errorf("%s has outline %q when focused", evalJS[string](b, `document.activeElement.outerHTML.slice(0, 80)`), got)
	}
	// Reduced motion: the seeking pulse in the lobby stands still.
	b.run("reduced motion", reducedMotion("reduce"))
	b.run("lobby", chromedp.Navigate(s.URL), chromedp.WaitVisible(chromedp.ID("create")))
	b.eval(`(() => { const e = document.createElement('span'); e.className = 'pulse'; e.id = 'probe'; document.body.append(e); return true })()`)
	if got := evalJS[string](b, `getComputedStyle(document.getElementById('probe')).animationName`); got != "none" {
		t.Errorf("with reduced motion the pulse animates: %q", got)
	}
	b.run("motion again", reducedMotion("no-preference"))
	if got := evalJS[string](b, `getComputedStyle(document.getElementById('probe')).animationName`); got != "pulse" {
		t.Errorf("without reduced motion the pulse is %q", got)
	}
}

// reducedMotion emulates the system's prefers-reduced-motion as v.
func reducedMotion(v string) chromedp.Action[chromedp.Void] {
	return chromedp.Func(func(ctx context.Context, t *chromedp.Target) error {
		_, err := cdp.Call(ctx, t, emulation.SetEmulatedMedia, emulation.SetEmulatedMediaParams{Features: []*emulation.MediaFeature{{Name: "prefers-reduced-motion", Value: v}}})
		return err
	})
}

// focusOutlineJS is true when the focused element, or the label that
// stands for a hidden input, shows an outline.
const focusOutlineJS = `(() => {
	let e = document.activeElement;
	if (!e || e === document.body) return true;
	const seen = x => { const s = getComputedStyle(x); return s.outlineStyle !== 'none' && parseFloat(s.outlineWidth) > 0 || s.boxShadow !== 'none'; };
	return seen(e) || (e.closest('label') !== null && seen(e.closest('label')));
})()`

// TestFocusOutlinesEverywhere tabs through the lobby, a game page and the
// analysis board: every control reached shows a focus outline.
func TestFocusOutlinesEverywhere(t *testing.T) {
	s := startServer(t, filepath.Join(t.TempDir(), "e2e.db"), "")
	b := newBrowser(t)
	b.run("laptop", chromedp.EmulateViewport(1280, 800, chromedp.EmulateScale(1)))
	check := func(page string, tabs int) {
		b.eval(`document.activeElement && document.activeElement.blur(); true`)
		for i := 0; i < tabs; i++ {
			b.run("tab", chromedp.KeyEvent("\t"))
			if !evalJS[bool](b, focusOutlineJS) {
				t.Errorf("%s: no focus outline on %s", page, evalJS[string](b, `document.activeElement.outerHTML.slice(0, 120)`))
			}
		}
	}
	b.run("lobby", chromedp.Navigate(s.URL), chromedp.WaitVisible(chromedp.ID("create")))
	check("lobby", 40)
	b.create(s, "dragon", nil, "local", "computer")
	check("game", 40)
	b.run("analysis", chromedp.Navigate(s.URL+"analysis?game=dragon"))
	b.waitJS("lines", `document.querySelectorAll('.pvline').length === 3`)
	check("analysis", 40)
}
