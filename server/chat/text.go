package chat

import (
	"strings"
	"unicode"
	"unicode/utf8"

	"wyrm/server/apierr"
)

// MaxRunes is the longest message, in characters: a line or two beside a
// board.
const MaxRunes = 200

// maxBytes bounds the input Clean reads at all: MaxRunes characters of
// four bytes each, plus what cleaning may remove.
const maxBytes = 8 * MaxRunes

// maxMarks bounds the combining marks kept on one character: enough for
// any script's accents, too few to smear a message over its neighbours.
const maxMarks = 4

// Clean makes text one line of plain, printable text, or says why it
// cannot: line breaks, tabs and blank fillers (Hangul fillers, the
// braille blank) become spaces, runs of spaces one space; control
// characters, invisible formatting (text direction overrides among them,
// which can make a message read backwards), tag characters outside a flag
// emoji and combining marks beyond maxMarks on one character are dropped.
// What is left must show something (a letter, digit, punctuation or
// symbol: a message of variation selectors and joiners alone is empty),
// within MaxRunes characters. Clean(Clean(x)) is Clean(x). The text is
// never markup: clients show it as text.
func Clean(text string) (string, error) {
	if len(text) > maxBytes {
		return "", tooLong(utf8.RuneCountInString(text))
	}
	var b strings.Builder
	space, marks, seen := false, 0, false
	var last rune // the last character kept
	for _, r := range text {
		switch {
		case unicode.IsSpace(r), blank(r):
			space, marks = b.Len() > 0, 0
			if space {
				last = ' '
			}
			continue
		case isTag(r) && last != blackFlag && !isTag(last):
			continue // tags spell a flag after the black flag, and nothing elsewhere
		case unicode.Is(unicode.Cc, r), unicode.Is(unicode.Cf, r) && !keptFormat(r):
			continue
		case unicode.In(r, unicode.Mn, unicode.Me):
			if marks >= maxMarks {
				continue
			}
			marks++
		default:
			marks = 0
		}
		if space {
			b.WriteByte(' ')
			space, last = false, ' '
		}
		b.WriteRune(r)
		last = r
		seen = seen || visible(r)
	}
	out := b.String()
	if !seen {
		return "", apierr.New(apierr.Invalid, "the message is empty: nothing in it shows")
	}
	if n := utf8.RuneCountInString(out); n > MaxRunes {
		return "", tooLong(n)
	}
	return out, nil
}

func tooLong(n int) error {
	return apierr.New(apierr.Invalid, "a message has at most %d characters (this one has %d)", MaxRunes, n)
}

// keptFormat reports whether an invisible formatting character is kept:
// the joiners that emoji and some scripts need, and the tags of flag
// emoji.
func keptFormat(r rune) bool {
	return r == '\u200c' || r == '\u200d' || isTag(r)
}

// blackFlag begins a flag emoji spelled in tag characters (the flags of
// England, Scotland and Wales).
const blackFlag = '\U0001F3F4'

// isTag reports whether r is a tag character, invisible on its own.
func isTag(r rune) bool { return r >= 0xe0020 && r <= 0xe007f }
