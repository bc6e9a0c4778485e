package web

import (
	"io/fs"
	"path"
	"regexp"
	"slices"
	"strings"
	"testing"
)

// importRE finds the app's relative imports: static ones ("import ... from
// './x.js'", "export ... from './x.js'", "import './x.js'") and dynamic ones
// ("import('./x.js')"), which load a module just the same.
var importRE = regexp.MustCompile(`(?m)(?:^\s*(?:import|export)\b[^;'"]*?(?:\bfrom\s*)?|\bimport\s*\(\s*)['"](\./[^'"]+\.js)['"]`)

// moduleImports maps each module of the app to the modules it imports.
func moduleImports(t *testing.T, fsys fs.FS) map[string][]string {
	t.Helper()
	names, err := fs.Glob(fsys, "*.js")
	if err != nil {
		t.Fatal(err)
	}
	graph := map[string][]string{}
	for _, name := range names {
		src, err := fs.ReadFile(fsys, name)
		if err != nil {
			t.Fatal(err)
		}
		graph[name] = nil
		for _, m := range importRE.FindAllStringSubmatch(string(src), -1) {
			graph[name] = append(graph[name], path.Clean(m[1]))
		}
	}
	return graph
}

// findCycle returns a cycle of the graph as the modules along it, the first
// repeated at the end, or nil when there is none.
func findCycle(graph map[string][]string) []string {
	const (
		unseen = iota
		open   // on the current path
		done
	)
	state := map[string]int{}
	var stack, cycle []string
	var visit func(string) bool
	visit = func(n string) bool {
		state[n] = open
		stack = append(stack, n)
		for _, m := range graph[n] {
			switch state[m] {
			case open:
				i := slices.Index(stack, m)
				cycle = append(slices.Clone(stack[i:]), m)
				return true
			case unseen:
				if visit(m) {
					return true
				}
			}
		}
		stack = stack[:len(stack)-1]
		state[n] = done
		return false
	}
	names := make([]string, 0, len(graph))
	for n := range graph {
		names = append(names, n)
	}
	slices.Sort(names) // the same cycle named on every run
	for _, n := range names {
		if state[n] == unseen && visit(n) {
			return cycle
		}
	}
	return nil
}

// TestNoImportCycles keeps the app's modules free of import circles, so
// that each can be read, tested and loaded on its own: a circle makes a
// module's bindings depend on which of its members the browser ran first.
func TestNoImportCycles(t *testing.T) {
	graph := moduleImports(t, FS)
	for from, list := range graph {
		for _, to := range list {
			if _, ok := graph[to]; !ok {
				t.Errorf("%s imports %s, which is not in the app", from, to)
			}
		}
	}
	if c := findCycle(graph); c != nil {
		t.Fatalf("the modules import in a circle: %s", strings.Join(c, " -> "))
	}
}

// TestImportScanner checks the scanner on the forms the app writes, and the
// cycle finder on a small graph with and without a circle.
func TestImportScanner(t *testing.T) {
	src := `import { a } from './a.js';
import {
  b,
} from "./b.js";
export { c } from './c.js';
import './d.js';
const { e } = await import('./e.js');
// a comment naming './x.js' is not an import
`
	var got []string
	for _, m := range importRE.FindAllStringSubmatch(src, -1) {
		got = append(got, m[1])
	}
	if want := []string{"./a.js", "./b.js", "./c.js", "./d.js", "./e.js"}; !slices.Equal(got, want) {
		t.Errorf("imports = %q, want %q", got, want)
	}
	if c := findCycle(map[string][]string{"a.js": {"b.js"}, "b.js": {"c.js"}, "c.js": nil}); c != nil {
		t.Errorf("cycle %q in a graph without one", c)
	}
	c := findCycle(map[string][]string{"a.js": {"b.js"}, "b.js": {"c.js"}, "c.js": {"a.js"}})
	if want := []string{"a.js", "b.js", "c.js", "a.js"}; !slices.Equal(c, want) {
		t.Errorf("cycle = %q, want %q", c, want)
	}
}
