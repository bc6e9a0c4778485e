package chat

import (
	"strings"
	"unicode"

	"golang.org/x/text/unicode/norm"
)

// A banned term must not hide behind how it is written. Before the filter
// looks for terms, in messages and in the operator's list alike, text is
// folded: NFKC's compatibility mapping (full-width letters, ligatures,
// circled and mathematical letters become plain ones), taken decomposed
// (NFKD) so that accents come apart from their letters and are dropped;
// then each letter of another script that passes for a Latin one becomes
// that letter (lookalikes), and the rest lower case. The folded text is
// only compared, never shown: a message is stored as its author wrote it.
func fold(s string) string {
	var b strings.Builder
	for _, r := range norm.NFKD.String(s) {
		if unicode.Is(unicode.Mn, r) {
			continue // accents, and the variation selectors among the marks
		}
		if l, ok := lookalikes[r]; ok {
			r = l
		} else {
			r = unicode.ToLower(r)
		}
		b.WriteRune(r)
	}
	return b.String()
}

// lookalikes are the letters of other scripts, and the Latin small
// capitals and variants NFKC leaves alone, that read as a Latin letter in
// common fonts: a skeleton of Unicode's confusables, cut down to what can
// spell a Latin word. Capitals are listed apart from their small letters
// where the two do not look alike (Cyrillic В passes for B, в does not).
var lookalikes = map[rune]rune{
	// Cyrillic capitals.
	'А': 'a', 'В': 'b', 'Е': 'e', 'Ѕ': 's', 'І': 'i', 'Ј': 'j', 'К': 'k', 'М': 'm', 'Н': 'h', 'О': 'o',
	'Р': 'p', 'С': 'c', 'Т': 't', 'У': 'y', 'Х': 'x', 'Ү': 'y', 'Һ': 'h', 'Ӏ': 'l', 'Ԛ': 'q', 'Ԝ': 'w',
	// Cyrillic small letters.
	'а': 'a', 'е': 'e', 'ѕ': 's', 'і': 'i', 'ј': 'j', 'о': 'o', 'р': 'p', 'с': 'c', 'у': 'y', 'х': 'x',
	'ү': 'y', 'һ': 'h', 'ӏ': 'l', 'ԁ': 'd', 'ԛ': 'q', 'ԝ': 'w',
	// Greek capitals.
	'Α': 'a', 'Β': 'b', 'Ε': 'e', 'Ζ': 'z', 'Η': 'h', 'Ι': 'i', 'Κ': 'k', 'Μ': 'm', 'Ν': 'n', 'Ο': 'o',
	'Ρ': 'p', 'Τ': 't', 'Υ': 'y', 'Χ': 'x',
	// Greek small letters.
	'α': 'a', 'γ': 'y', 'ι': 'i', 'κ': 'k', 'ν': 'v', 'ο': 'o', 'ρ': 'p', 'υ': 'u', 'χ': 'x',
	// Armenian.
	'օ': 'o', 'ս': 'u',
	// Latin variants: dotless i and j, script a and g, iota.
	'ı': 'i', 'ȷ': 'j', 'ɑ': 'a', 'ɡ': 'g', 'ɩ': 'i',
	// Latin small capitals.
	'ᴀ': 'a', 'ʙ': 'b', 'ᴄ': 'c', 'ᴅ': 'd', 'ᴇ': 'e', 'ꜰ': 'f', 'ɢ': 'g', 'ʜ': 'h', 'ɪ': 'i', 'ᴊ': 'j',
	'ᴋ': 'k', 'ʟ': 'l', 'ᴍ': 'm', 'ɴ': 'n', 'ᴏ': 'o', 'ᴘ': 'p', 'ʀ': 'r', 'ꜱ': 's', 'ᴛ': 't', 'ᴜ': 'u',
	'ᴠ': 'v', 'ᴡ': 'w', 'ʏ': 'y', 'ᴢ': 'z',
}

// blank reports whether r is a character that draws nothing although it
// counts as a letter or symbol: the Hangul fillers (U+3164, and those NFKC
// turns it into) and the braille blank. In a message they are spaces.
func blank(r rune) bool {
	switch r {
	case '\u115f', '\u1160', '\u3164', '\uffa0', '\u2800':
		return true
	}
	return false
}

// visible reports whether r draws something on its own: a letter, digit,
// punctuation or symbol that is not blank. Marks, variation selectors,
// tags, spaces and formatting characters draw nothing by themselves.
func visible(r rune) bool {
	return unicode.In(r, unicode.L, unicode.N, unicode.P, unicode.S) && !blank(r)
}
