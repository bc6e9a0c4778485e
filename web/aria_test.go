package web

import (
	"io/fs"
	"regexp"
	"strings"
	"testing"
)

// namedGenericRE finds elements the app builds as h('div', {...}) or
// h('span', {...}) whose attributes (one object literal, no nested braces)
// give an aria-label.
var namedGenericRE = regexp.MustCompile(`h\('(?:div|span|p)',\s*\{([^{}]*'aria-label'[^{}]*)\}`)

// TestGenericElementsHaveARoleWhenNamed: a div or span has no role of its
// own, and ARIA forbids naming it (axe: aria-prohibited-attr, serious); a
// named one needs a role such as group. The lobby's seat rows were such a
// div, which axe caught only when it ran while they were empty.
func TestGenericElementsHaveARoleWhenNamed(t *testing.T) {
	names, err := fs.Glob(FS, "*.js")
	if err != nil {
		t.Fatal(err)
	}
	for _, name := range names {
		src, err := fs.ReadFile(FS, name)
		if err != nil {
			t.Fatal(err)
		}
		for _, m := range namedGenericRE.FindAllStringSubmatch(string(src), -1) {
			if !strings.Contains(m[1], "role:") {
				t.Errorf("%s: a named element without a role: %s", name, m[0])
			}
		}
	}
}

func TestNamedGenericScanner(t *testing.T) {
	for src, want := range map[string]bool{
		`h('div', { 'aria-label': t('Seats') })`:                true,
		`h('div', { role: 'group', 'aria-label': t('Seats') })`: false,
		`h('section', { 'aria-label': t('Board') })`:            false,
		`h('span', { class: 'x', 'aria-label': 'y', id: 'z' })`: true,
	} {
		m := namedGenericRE.FindStringSubmatch(src)
		if got := m != nil && !strings.Contains(m[1], "role:"); got != want {
			t.Errorf("%s: flagged %v, want %v", src, got, want)
		}
	}
}
