package chat

import (
	"strings"
	"testing"
	"unicode"
	"unicode/utf8"

	"wyrm/server/apierr"
)

func TestClean(t *testing.T) {
	zalgo := "a" + strings.Repeat("\u0301", 30) + "b"
	cases := []struct {
		in, want string
		code     apierr.Code // refused with this code when set
	}{
		{"good game", "good game", ""},
		{"  two\tlines\r\nhere  ", "two lines here", ""},
		{"<script>alert(1)</script>", "<script>alert(1)</script>", ""}, // text, shown as text
		{"bell\a and \x1b[31mred", "bell and [31mred", ""},
		{"evil\u202egnp.exe", "evilgnp.exe", ""},  // a direction override
		{"zero\u200bwidth", "zerowidth", ""},      // an invisible space
		{"👩\u200d💻 ok", "👩\u200d💻 ok", ""},        // a joined emoji keeps its joiner
		{zalgo, "a\u0301\u0301\u0301\u0301b", ""}, // marks beyond four dropped
		{"bad \xff byte", "bad \ufffd byte", ""},
		{"a\u3164\u3164b\u2800c", "a b c", ""},                   // blank fillers are spaces
		{"hi\U000E0041\U000E0042", "hi", ""},                     // tags outside a flag
		{"🏴\U000E0067\U000E007F!", "🏴\U000E0067\U000E007F!", ""}, // a flag's tags
		{"\ufe0f\u200d\U000E0041\u3164\u2800\u0301", "", apierr.Invalid},
		{"", "", apierr.Invalid},
		{" \n\t\u200b\u202e ", "", apierr.Invalid},
		{strings.Repeat("é", MaxRunes), strings.Repeat("é", MaxRunes), ""},
		{strings.Repeat("x", MaxRunes+1), "", apierr.Invalid},
		{strings.Repeat("x", 10*MaxRunes), "", apierr.Invalid},
		{strings.Repeat("x", MaxRunes) + strings.Repeat(" ", 100), strings.Repeat("x", MaxRunes), ""},
	}
	for _, c := range cases {
		got, err := Clean(c.in)
		if c.code != "" {
			if codeOf(err) != c.code {
				t.Errorf("Clean(%q) = %q, %v; want a %s error", c.in, got, err, c.code)
			}
			continue
		}
		if err != nil || got != c.want {
			t.Errorf("Clean(%q) = %q, %v; want %q", c.in, got, err, c.want)
		}
	}
	if _, err := Clean(strings.Repeat("y", MaxRunes+1)); err == nil || !strings.Contains(err.Error(), "at most 200 characters") {
		t.Errorf("too long: %v", err)
	}
}

// FuzzClean: whatever a client sends, a message that passes is one line of
// valid UTF-8 within the bound, with no control or direction characters,
// and cleaning it again changes nothing.
func FuzzClean(f *testing.F) {
	for _, s := range []string{"hi", " a \n b ", "\u202eabc", "e\u0301\u0301\u0301\u0301\u0301", "\x00\x1b[2J", "\xff\xfe", "👍🏽", "<b>x</b>"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		out, err := Clean(s)
		if err != nil {
			if out != "" {
				t.Fatalf("refused %q but returned %q", s, out)
			}
			return
		}
		if !utf8.ValidString(out) || utf8.RuneCountInString(out) > MaxRunes || out == "" || strings.TrimSpace(out) != out {
			t.Fatalf("Clean(%q) = %q", s, out)
		}
		for _, r := range out {
			if unicode.Is(unicode.Cc, r) || (unicode.Is(unicode.Cf, r) && !keptFormat(r)) || (unicode.IsSpace(r) && r != ' ') {
				t.Fatalf("Clean(%q) = %q keeps %U", s, out, r)
			}
		}
		if strings.Contains(out, "  ") {
			t.Fatalf("Clean(%q) = %q keeps two spaces in a row", s, out)
		}
		if again, err := Clean(out); err != nil || again != out {
			t.Fatalf("Clean(Clean(%q)) = %q, %v; want %q", s, again, err, out)
		}
	})
}
