package web

import (
	"encoding/json"
	"io/fs"
	"os"
	"path"
	"path/filepath"
	"regexp"
	"slices"
	"strings"
	"testing"
	"unicode"
)

// A JavaScript string literal: single, double or back quotes, escapes kept.
const jsString = `'(?:[^'\\\n]|\\.)*'|"(?:[^"\\\n]|\\.)*"|` + "`(?:[^`\\\\]|\\\\.)*`"

var (
	// tRE finds t('text') and mark('text'): a text the catalogues must hold.
	tRE = regexp.MustCompile(`(?:^|[^\w.])(?:t|mark)\(\s*(` + jsString + `)`)
	// tnRE finds tn('one', 'other', ...): a plural the catalogues must hold.
	tnRE = regexp.MustCompile(`(?:^|[^\w.])tn\(\s*(` + jsString + `)\s*,\s*(` + jsString + `)`)
	// markupRE finds index.html's translated markup (data-t) and its titles.
	markupRE = regexp.MustCompile(`<[a-z]+([^>]*\bdata-t\b[^>]*)>([^<]*)<`)
	attrRE   = regexp.MustCompile(`\b(?:title|aria-label)="([^"]*)"`)
	anyStrRE = regexp.MustCompile(jsString)
	// proseRE: a literal a person reads: a capitalised word, or words
	// ending in a sentence's punctuation.
	proseRE = regexp.MustCompile(`\b[A-Z][a-z]{2,}\b|[a-z]{2,} [a-z]{2,}.*[.?!…:]$`)
)

// unquote reads a JavaScript literal the way the app writes them (simple
// escapes only); a template with ${...} is not a message id.
func unquote(lit string) (string, bool) {
	body := lit[1 : len(lit)-1]
	if lit[0] == '`' && strings.Contains(body, "${") {
		return "", false
	}
	r := strings.NewReplacer(`\'`, `'`, `\"`, `"`, "\\`", "`", `\n`, "\n", `\\`, `\`)
	return r.Replace(body), true
}

// appTexts returns every text the app asks a catalogue for, by file, and
// every plural as "one|other".
func appTexts(t *testing.T, fsys fs.FS) (texts, plurals map[string]string) {
	t.Helper()
	texts, plurals = map[string]string{}, map[string]string{}
	names, _ := fs.Glob(fsys, "*.js")
	for _, name := range names {
		src, _ := fs.ReadFile(fsys, name)
		code := stripComments(string(src))
		for _, m := range tRE.FindAllStringSubmatch(code, -1) {
			if s, ok := unquote(m[1]); ok {
				texts[s] = name
			} else {
				t.Errorf("%s: t(%s) is built from pieces; use {name} placeholders", name, m[1])
			}
		}
		for _, m := range tnRE.FindAllStringSubmatch(code, -1) {
			one, ok1 := unquote(m[1])
			other, ok2 := unquote(m[2])
			if ok1 && ok2 {
				plurals[one+"|"+other] = name
			}
		}
	}
	html, err := fs.ReadFile(fsys, "index.html")
	if err != nil {
		t.Fatal(err)
	}
	for _, m := range markupRE.FindAllStringSubmatch(string(html), -1) {
		if s := strings.TrimSpace(m[2]); s != "" {
			texts[s] = "index.html"
		}
		for _, a := range attrRE.FindAllStringSubmatch(m[1], -1) {
			texts[a[1]] = "index.html"
		}
	}
	return texts, plurals
}

var commentRE = regexp.MustCompile(`(?m)^\s*//.*$|/\*[\s\S]*?\*/|\s//\s.*$`)

func stripComments(src string) string { return commentRE.ReplaceAllString(src, "") }

// pluralForms are the categories each language's catalogue must give.
var pluralForms = map[string][]string{"ru": {"one", "few", "many"}}

// TestCataloguesComplete fails when a catalogue lacks a text the app shows
// (t, tn, mark, and index.html's data-t markup), so that a new text cannot
// reach a page untranslated. A new language is one more file in i18n/.
func TestCataloguesComplete(t *testing.T) {
	texts, plurals := appTexts(t, FS)
	if len(texts) < 100 {
		t.Fatalf("only %d texts found; the scanner is broken", len(texts))
	}
	cats, _ := fs.Glob(FS, "i18n/*.json")
	if len(cats) == 0 {
		t.Fatal("no catalogue in i18n/")
	}
	for _, file := range cats {
		lang := strings.TrimSuffix(path.Base(file), ".json")
		raw, _ := fs.ReadFile(FS, file)
		var cat map[string]json.RawMessage
		if err := json.Unmarshal(raw, &cat); err != nil {
			t.Fatalf("%s: %v", file, err)
		}
		var missing []string
		for s, from := range texts {
			if !strings.ContainsFunc(s, unicode.IsLetter) {
				continue // a symbol (☰, ⚙) reads the same in every language
			}
			var tr string
			if json.Unmarshal(cat[s], &tr) != nil || strings.TrimSpace(tr) == "" {
				missing = append(missing, from+": "+strconvQuote(s))
			} else if !samePlaceholders(s, tr) {
				t.Errorf("%s: %q has placeholders %v, its translation %q %v", file, s, placeholders(s), tr, placeholders(tr))
			}
		}
		for key, from := range plurals {
			var forms map[string]string
			if json.Unmarshal(cat[key], &forms) != nil {
				missing = append(missing, from+": plural "+strconvQuote(key))
				continue
			}
			for _, f := range pluralForms[lang] {
				if forms[f] == "" {
					t.Errorf("%s: plural %q lacks its %q form", file, key, f)
				}
			}
		}
		slices.Sort(missing)
		if len(missing) > 0 {
			t.Errorf("%s lacks %d texts:\n%s", file, len(missing), strings.Join(missing, "\n"))
		}
	}
}

func strconvQuote(s string) string { b, _ := json.Marshal(s); return string(b) }

var phRE = regexp.MustCompile(`\{\w+\}`)

func placeholders(s string) []string {
	p := phRE.FindAllString(s, -1)
	slices.Sort(p)
	return slices.Compact(p)
}

func samePlaceholders(a, b string) bool { return slices.Equal(placeholders(a), placeholders(b)) }

// notWords are literals that look like prose to the scanner but are not
// read as words: keys, headers, file types and the like.
var notWords = map[string]bool{
	"Content-Type": true, "X-CSRF-Token": true, "X-Wyrm-Node": true, // HTTP headers
	"Enter": true, "Escape": true, "Home": true, "End": true, // key names
	"Guest":           true,                              // the server's word for a guest seat, compared in players.js
	"no offline app:": true,                              // a line for developers in the console (pwa.js)
	"history":         true, "say": true, "report": true, // kinds of chat requests (chat.js)
}

// childRE finds a literal shown as it is: a child of h() after its
// attributes, or a text content; any word there must be translated.
var childRE = regexp.MustCompile(`(?:\}\s*,\s*|textContent\s*=\s*)(` + jsString + `)`)

// recordFiles write game records, whose tags and names stay in English
// notation as the standard asks, and show no text of their own.
var recordFiles = map[string]bool{"offlinegame.js": true}

// TestTextsWrapped fails when a literal a person would read is shown
// without passing through t(): every string in the app's code that reads
// like English (a capitalised word, or a phrase ending in punctuation)
// must be an argument of t, tn or mark, or be listed in notWords.
func TestTextsWrapped(t *testing.T) {
	names, _ := fs.Glob(FS, "*.js")
	var bare []string
	for _, name := range names {
		if name == "wasm_exec.js" || name == "i18n.js" || recordFiles[name] {
			continue // Go's own loader; the translator itself
		}
		src, _ := fs.ReadFile(FS, name)
		code := stripComments(string(src))
		wrapped := map[int]bool{}
		for _, re := range []*regexp.Regexp{tRE, tnRE} {
			for _, m := range re.FindAllStringSubmatchIndex(code, -1) {
				for i := 2; i < len(m); i += 2 {
					wrapped[m[i]] = true
				}
			}
		}
		for _, loc := range anyStrRE.FindAllStringIndex(code, -1) {
			lit := code[loc[0]:loc[1]]
			if wrapped[loc[0]] || isImport(code, loc[0]) {
				continue
			}
			body := lit[1 : len(lit)-1]
			if lit[0] == '`' {
				body = regexp.MustCompile(`\$\{[^}]*\}`).ReplaceAllString(body, " ")
			}
			if proseRE.MatchString(body) && !notWords[body] {
				bare = append(bare, name+": "+lit)
			}
		}
		for _, m := range childRE.FindAllStringSubmatchIndex(code, -1) {
			lit := code[m[2]:m[3]]
			body := lit[1 : len(lit)-1]
			if !proseRE.MatchString(body) && regexp.MustCompile(`[A-Za-z]{2}`).MatchString(body) && !notWords[body] && !strings.Contains(body, "${") {
				bare = append(bare, name+": "+lit)
			}
		}
	}
	if len(bare) > 0 {
		t.Errorf("%d texts are shown without t() (wrap them, or list non-words in notWords):\n%s", len(bare), strings.Join(bare, "\n"))
	}
}

func isImport(code string, at int) bool {
	line := code[strings.LastIndex(code[:at], "\n")+1 : at]
	return strings.Contains(line, "import") || strings.Contains(line, "from ")
}

// TestTextScanner checks the scanners on the forms the app writes.
func TestTextScanner(t *testing.T) {
	src := "performance.mark('x:'); h('p', {}, t('Your move'), tn('{n} move', '{n} moves', 3), `Bad ${x}`, 'muted', 'Unwrapped text')"
	var got []string
	for _, m := range tRE.FindAllStringSubmatch(src, -1) {
		got = append(got, m[1])
	}
	if !slices.Equal(got, []string{"'Your move'"}) {
		t.Errorf("t literals = %q", got)
	}
	if m := tnRE.FindStringSubmatch(src); m == nil || m[1] != "'{n} move'" || m[2] != "'{n} moves'" {
		t.Errorf("tn literals = %q", m)
	}
	if m := childRE.FindStringSubmatch("h('span', {}, 'nothing')"); m == nil || m[1] != "'nothing'" {
		t.Errorf("child literal = %q", m)
	}
	for s, want := range map[string]bool{"muted": false, "Unwrapped text": true, "btn primary": false, "the game is over.": true, "Content": true} {
		if proseRE.MatchString(s) != want {
			t.Errorf("prose(%q) = %v, want %v", s, !want, want)
		}
	}
}

// TestEndReasonsMarked fails when a way a game can end (game.EndReason),
// which pages show in words, is not marked for the catalogues (words.js).
func TestEndReasonsMarked(t *testing.T) {
	src, err := os.ReadFile(filepath.Join("..", "game", "reason.go"))
	if err != nil {
		t.Fatal(err)
	}
	texts, _ := appTexts(t, FS)
	reasons := regexp.MustCompile(`EndReason = "([^"]+)"`).FindAllStringSubmatch(string(src), -1)
	if len(reasons) < 10 {
		t.Fatalf("only %d end reasons found in game/reason.go", len(reasons))
	}
	for _, m := range reasons {
		if _, ok := texts[m[1]]; !ok {
			t.Errorf("end reason %q is not marked in words.js", m[1])
		}
	}
}
