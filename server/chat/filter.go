package chat

import (
	"fmt"
	"strings"
	"unicode"

	"wyrm/server/apierr"
)

// Bounds of an operator's list of banned terms.
const (
	MaxTerms     = 10000
	MaxTermRunes = 100
	// MaxTermWords bounds the words of one term: a phrase, not a sentence.
	MaxTermWords = 4
)

// Filter refuses messages holding any of the terms an operator banned. A
// term matches whole words, whatever their case and whatever punctuation
// or invisible characters stand between them: "free  GOLD!" holds "free
// gold", "goldfish" does not hold "gold". The zero Filter (and nil)
// refuses nothing.
type Filter struct {
	terms    map[string]bool // each term's words joined by one space
	maxWords int
}

// NewFilter builds the filter of terms.
func NewFilter(terms []string) (*Filter, error) {
	if len(terms) > MaxTerms {
		return nil, fmt.Errorf("chat: %d banned terms, at most %d", len(terms), MaxTerms)
	}
	f := &Filter{terms: map[string]bool{}}
	for _, t := range terms {
		if len([]rune(t)) > MaxTermRunes {
			return nil, fmt.Errorf("chat: banned term %q is longer than %d characters", t, MaxTermRunes)
		}
		w := words(t)
		if len(w) == 0 {
			return nil, fmt.Errorf("chat: banned term %q has no letters or digits", t)
		}
		if len(w) > MaxTermWords {
			return nil, fmt.Errorf("chat: banned term %q has more than %d words", t, MaxTermWords)
		}
		f.terms[strings.Join(w, " ")] = true
		f.maxWords = max(f.maxWords, len(w))
	}
	return f, nil
}

// ParseTerms reads a list of banned terms, one a line; blank lines and
// lines starting with # are skipped.
func ParseTerms(text string) []string {
	var out []string
	for line := range strings.Lines(text) {
		line = strings.TrimSpace(line)
		if line != "" && !strings.HasPrefix(line, "#") {
			out = append(out, line)
		}
	}
	return out
}

// Match returns the first banned term text holds, as the filter keeps it.
func (f *Filter) Match(text string) (string, bool) {
	if f == nil || len(f.terms) == 0 {
		return "", false
	}
	w := words(text)
	for i := range w {
		for n := 1; n <= f.maxWords && i+n <= len(w); n++ {
			if t := strings.Join(w[i:i+n], " "); f.terms[t] {
				return t, true
			}
		}
	}
	return "", false
}

// Check refuses text holding a banned term, saying which.
func (f *Filter) Check(text string) error {
	if t, ok := f.Match(text); ok {
		return apierr.New(apierr.Invalid, "this message contains %q, which is not allowed in chat here", t)
	}
	return nil
}

// words splits s into lower-case words of letters, digits and their
// marks; invisible formatting characters inside a word are skipped, so
// that they cannot hide a term.
func words(s string) []string {
	var out []string
	var cur strings.Builder
	flush := func() {
		if cur.Len() > 0 {
			out = append(out, cur.String())
			cur.Reset()
		}
	}
	for _, r := range strings.ToLower(s) {
		switch {
		case unicode.In(r, unicode.L, unicode.N, unicode.M):
			cur.WriteRune(r)
		case unicode.Is(unicode.Cf, r):
		default:
			flush()
		}
	}
	flush()
	return out
}
