package chat

import (
	"strings"
	"testing"
)

func TestFilter(t *testing.T) {
	f, err := NewFilter(ParseTerms("# the operator's list\n\nGold\nfree  money\nspam.example\n"))
	if err != nil {
		t.Fatal(err)
	}
	for _, c := range []struct {
		text, want string
	}{
		{"buy GOLD now", "gold"},
		{"gold!", "gold"},
		{"g\u200bold", "gold"}, // an invisible character inside the word
		{"goldfish are nice", ""},
		{"marigold", ""},
		{"get FREE... money", "free money"},
		{"free as in money", ""},
		{"visit spam.example today", "spam example"},
		{"good game", ""},
	} {
		got, ok := f.Match(c.text)
		if got != c.want || ok != (c.want != "") {
			t.Errorf("Match(%q) = %q, %v; want %q", c.text, got, ok, c.want)
		}
	}
	if err := f.Check("more gold"); err == nil || codeOf(err) != "invalid" || !strings.Contains(err.Error(), `"gold"`) {
		t.Errorf("Check: %v", err)
	}
	var none *Filter
	if _, ok := none.Match("gold"); ok {
		t.Error("a nil filter refused a message")
	}
	for _, bad := range [][]string{{"!!!"}, {strings.Repeat("a", MaxTermRunes+1)}, {"one two three four five"}, {"\xf7\u00e9"}, make([]string, MaxTerms+1)} {
		if _, err := NewFilter(bad); err == nil {
			t.Errorf("NewFilter took %.40q", bad)
		}
	}
}

// FuzzFilter: any message and term, the filter never panics, and a term
// said between spaces is always found.
func FuzzFilter(f *testing.F) {
	f.Add("free money", "say FREE money now")
	f.Add("é", "e\u0301")
	f.Fuzz(func(t *testing.T, term, text string) {
		flt, err := NewFilter([]string{term})
		if err != nil {
			return
		}
		flt.Match(text)
		if _, ok := flt.Match("x " + term + " y"); !ok {
			t.Fatalf("term %q not found between spaces", term)
		}
	})
}
