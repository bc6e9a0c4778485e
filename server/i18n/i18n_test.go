package i18n

import (
	"io/fs"
	"os"
	"path/filepath"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"testing"
)

// formatRE finds the messages the server makes for people: apierr.New and
// the table's errorf with a literal format, a limit's TooMany, and the
// texts marked with T.
var formatRE = regexp.MustCompile(`(?:apierr\.New\(\s*apierr\.\w+,|\berrorf\(\s*\w+,|\.TooMany\([^,]+,[^,]+,|\bi18n\.(?:T|Sprintf)\(\s*\w+,)\s*("(?:[^"\\]|\\.)*")`)

// serverFormats returns every such format in the server's code, with the
// file it is in.
func serverFormats(t *testing.T) map[string]string {
	t.Helper()
	out := map[string]string{}
	err := filepath.WalkDir("..", func(p string, d fs.DirEntry, err error) error {
		if err != nil || d.IsDir() || !strings.HasSuffix(p, ".go") || strings.HasSuffix(p, "_test.go") {
			return err
		}
		src, err := os.ReadFile(p)
		if err != nil {
			return err
		}
		for _, m := range formatRE.FindAllStringSubmatch(string(src), -1) {
			s, err := strconv.Unquote(m[1])
			if err != nil {
				t.Errorf("%s: %s: %v", p, m[1], err)
				continue
			}
			out[s] = p
		}
		for _, m := range tnRE.FindAllStringSubmatch(string(src), -1) {
			one, err1 := strconv.Unquote(m[1])
			other, err2 := strconv.Unquote(m[2])
			if err1 == nil && err2 == nil {
				out[one+"|"+other] = p
			}
		}
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	return out
}

// tnRE finds a count's two English forms, i18n.TN(lang, one, other, n).
var tnRE = regexp.MustCompile(`\bi18n\.TN\(\s*\w+,\s*("(?:[^"\\]|\\.)*"),\s*("(?:[^"\\]|\\.)*")`)

var verbRE = regexp.MustCompile(`%[-+# 0-9.]*[a-zA-Z%]`)

// TestCataloguesComplete fails when a catalogue lacks a message the server
// can send, or translates it with other verbs (%d, %q, ...) than it has,
// which would garble the message.
func TestCataloguesComplete(t *testing.T) {
	formats := serverFormats(t)
	if len(formats) < 100 {
		t.Fatalf("only %d messages found; the scanner is broken", len(formats))
	}
	formats[internalMessage] = "apierr"
	for _, lang := range Languages()[1:] {
		cat := Catalogue(lang)
		var missing []string
		for f, from := range formats {
			tr := cat[f]
			if strings.TrimSpace(tr) == "" {
				missing = append(missing, from+": "+strconv.Quote(f))
				continue
			}
			if one, _, plural := strings.Cut(f, "|"); plural {
				for _, form := range strings.Split(tr, "|") {
					if a, b := verbRE.FindAllString(one, -1), verbRE.FindAllString(form, -1); !slices.Equal(a, b) {
						t.Errorf("%s: plural %q has a form %q with verbs %v", lang, f, form, b)
					}
				}
				continue
			}
			if a, b := verbRE.FindAllString(f, -1), verbRE.FindAllString(tr, -1); !slices.Equal(a, b) {
				t.Errorf("%s: %q has verbs %v, its translation %q %v", lang, f, a, tr, b)
			}
		}
		slices.Sort(missing)
		if len(missing) > 0 {
			t.Errorf("%s.json lacks %d messages:\n%s", lang, len(missing), strings.Join(missing, "\n"))
		}
	}
}

// internalMessage is what apierr says of a fault it keeps to the log.
const internalMessage = "the server failed; nothing changed"

func TestFromAcceptLanguage(t *testing.T) {
	for h, want := range map[string]string{
		"":                        "en",
		"ru-RU,ru;q=0.9,en;q=0.8": "ru",
		"en-US,en;q=0.9,ru;q=0.8": "en",
		"de-DE,ru;q=0.5":          "ru",
		"fr, de":                  "en",
		"en;q=0.2, RU;q=0.7":      "ru",
		"ru;q=0":                  "en",
	} {
		if got := FromAcceptLanguage(h); got != want {
			t.Errorf("FromAcceptLanguage(%q) = %q, want %q", h, got, want)
		}
	}
}

func TestTNRussian(t *testing.T) {
	want := map[int]string{1: "1 поле", 2: "2 поля", 5: "5 полей", 11: "11 полей", 21: "21 поле", 22: "22 поля", 25: "25 полей", 0: "0 полей"}
	for n, w := range want {
		if got := TN("ru", "%d square", "%d squares", n); got != w {
			t.Errorf("TN(ru, %d) = %q, want %q", n, got, w)
		}
	}
	if got := TN("en", "%d square", "%d squares", 1); got != "1 square" {
		t.Errorf("TN(en, 1) = %q", got)
	}
	if got := TN("en", "%d square", "%d squares", 21); got != "21 squares" {
		t.Errorf("TN(en, 21) = %q", got)
	}
}
