package chat

import (
	"fmt"
	"strings"
	"unicode"
	"unicode/utf8"

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
// gold", "goldfish" does not hold "gold". Messages and terms are compared
// folded (fold: full-width and other compatibility forms, accents and
// look-alike letters of other scripts do not hide a term), and letters
// spelled out one by one ("f.r.e.e g o l d") are read as words. The zero
// Filter (and nil) refuses nothing.
type Filter struct {
	terms    map[string]bool   // each term's words joined by one space
	squeezed map[string]string // each term's words joined with nothing, to the term
	maxWords int
	maxBytes int // the longest key of squeezed
}

// NewFilter builds the filter of terms.
func NewFilter(terms []string) (*Filter, error) {
	if len(terms) > MaxTerms {
		return nil, fmt.Errorf("chat: %d banned terms, at most %d", len(terms), MaxTerms)
	}
	f := &Filter{terms: map[string]bool{}, squeezed: map[string]string{}}
	for _, t := range terms {
		// Messages arrive as JSON, valid UTF-8; a term that is not could
		// never be matched as written.
		if !utf8.ValidString(t) {
			return nil, fmt.Errorf("chat: banned term %q is not valid UTF-8 text", t)
		}
		if len([]rune(t)) > MaxTermRunes {
			return nil, fmt.Errorf("chat: banned term %q is longer than %d characters", t, MaxTermRunes)
		}
		w := words(fold(t))
		if len(w) == 0 {
			return nil, fmt.Errorf("chat: banned term %q has no letters or digits", t)
		}
		if len(w) > MaxTermWords {
			return nil, fmt.Errorf("chat: banned term %q has more than %d words", t, MaxTermWords)
		}
		term, sq := strings.Join(w, " "), strings.Join(w, "")
		f.terms[term] = true
		f.squeezed[sq] = term
		f.maxWords = max(f.maxWords, len(w))
		f.maxBytes = max(f.maxBytes, len(sq))
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
	w := words(fold(text))
	if t, ok := f.matchWords(w); ok {
		return t, true
	}
	joined, runs := spelled(w)
	if t, ok := f.matchWords(joined); ok {
		return t, true
	}
	for _, run := range runs {
		if t, ok := f.within(run); ok {
			return t, true
		}
	}
	return "", false
}

// matchWords returns the first term that is a run of whole words of w.
func (f *Filter) matchWords(w []string) (string, bool) {
	for i := range w {
		for n := 1; n <= f.maxWords && i+n <= len(w); n++ {
			if t := strings.Join(w[i:i+n], " "); f.terms[t] {
				return t, true
			}
		}
	}
	return "", false
}

// within returns a term spelled, without its spaces, anywhere in a run of
// letters spelled out one by one: "f.r.e.e.g.o.l.d" holds "free gold".
func (f *Filter) within(run string) (string, bool) {
	for i := range run { // each start, on a character's boundary
		for j := i + 1; j <= len(run) && j-i <= f.maxBytes; j++ {
			if j < len(run) && !utf8.RuneStart(run[j]) {
				continue // not at a character's end
			}
			if t, ok := f.squeezed[run[i:j]]; ok {
				return t, true
			}
		}
	}
	return "", false
}

// spelled returns w with each run of two or more one-letter words joined
// into one word, and those runs: what someone spelling a word out letter
// by letter, with dots or spaces between, meant to write.
func spelled(w []string) (joined, runs []string) {
	for i := 0; i < len(w); {
		j := i
		for j < len(w) && utf8.RuneCountInString(w[j]) == 1 {
			j++
		}
		if j-i >= 2 {
			run := strings.Join(w[i:j], "")
			joined, runs = append(joined, run), append(runs, run)
			i = j
			continue
		}
		joined = append(joined, w[i])
		i++
	}
	return joined, runs
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
// that they cannot hide a term, and blank fillers part words like spaces.
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
		case blank(r):
			flush()
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
