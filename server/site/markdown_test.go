package site

import (
	"strings"
	"testing"
)

func TestMarkdown(t *testing.T) {
	cases := []struct{ in, want string }{
		{"# Title\n\ntext *em* **strong** `a<b`", "<h2>Title</h2>\n<p>text <em>em</em> <strong>strong</strong> <code>a&lt;b</code></p>\n"},
		{"- one\n- two", "<ul>\n<li>one</li>\n<li>two</li>\n</ul>\n"},
		{"| a | b |\n|---|---|\n| 1 | 2 |", "<table>\n<tr><th>a</th><th>b</th></tr>\n<tr><td>1</td><td>2</td></tr>\n</table>\n"},
		{"<script>x</script>", "<p>&lt;script&gt;x&lt;/script&gt;</p>\n"},
		{"[a](javascript:x) [b](/rules/)", "<p>a <a href=\"/rules/\">b</a></p>\n"},
	}
	for _, c := range cases {
		if got := markdown(c.in); got != c.want {
			t.Errorf("markdown(%q) = %q, want %q", c.in, got, c.want)
		}
	}
}

// FuzzMarkdown checks the rules renderer never panics and never lets markup
// through.
func FuzzMarkdown(f *testing.F) {
	for _, s := range []string{"# T\n\n- a\n- b\n\n| a | b |\n|--|--|\n| 1 | 2 |", "```\n<b>\n```", "**x** *y* `z` [l](/u)", "<script>alert(1)</script>", "[x](javascript:alert(1))"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		out := markdown(s)
		if strings.Contains(out, "<script") || strings.Contains(out, `href="javascript`) {
			t.Fatalf("markup got through: %q -> %q", s, out)
		}
	})
}
