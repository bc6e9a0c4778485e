package game

import (
	"slices"
	"strings"
	"testing"
)

func TestParseParams(t *testing.T) {
	cases := []struct {
		name, text string
		want       []Param
		err        string
	}{
		{"empty", "", nil, ""},
		{"comments and blanks", "# a file\n\n  # indented\n", nil, ""},
		{"values", "value.pawn 90\n  mobility -3 \n", []Param{{Name: "value.pawn", Value: 90}, {Name: "mobility", Value: -3}}, ""},
		{"three fields", "value.pawn 90 100\n", nil, "line 1"},
		{"one field", "\nvalue.pawn\n", nil, "line 2"},
		{"not a number", "value.pawn nine\n", nil, "not a value"},
		{"too large", "value.pawn 99999999999\n", nil, "not a value"},
		{"twice", "a 1\nb 2\na 3\n", nil, "a given twice"},
	}
	for _, c := range cases {
		got, err := ParseParams([]byte(c.text))
		if c.err != "" {
			if err == nil || !strings.Contains(err.Error(), c.err) {
				t.Errorf("%s: error %v, want one saying %q", c.name, err, c.err)
			}
			continue
		}
		if err != nil || !slices.Equal(got, c.want) {
			t.Errorf("%s: %v, %v; want %v", c.name, got, err, c.want)
		}
	}
	if _, err := ParseParams(make([]byte, maxParamFile+1)); err == nil {
		t.Error("a file over the size bound was read")
	}
}

func TestFormatParamsRoundTrip(t *testing.T) {
	ps := []Param{{Name: "value.knight.mg", Value: 320}, {Name: "tempo", Value: -7}}
	text := FormatParams("fitted on 10 positions\n\nK = 1.2", ps)
	if !strings.HasPrefix(string(text), "# fitted on 10 positions\n# K = 1.2\nvalue.knight.mg 320\n") {
		t.Errorf("FormatParams wrote %q", text)
	}
	got, err := ParseParams(text)
	if err != nil || !slices.Equal(got, ps) {
		t.Errorf("round trip: %v, %v", got, err)
	}
}

func TestCheckValues(t *testing.T) {
	ps := []Param{{Name: "a", Min: 0, Max: 10}, {Name: "b", Min: -5, Max: 5}}
	for _, c := range []struct {
		values []int
		ok     bool
	}{
		{[]int{0, -5}, true},
		{[]int{10, 5}, true},
		{[]int{11, 0}, false},
		{[]int{0, -6}, false},
		{[]int{0}, false},
		{[]int{0, 0, 0}, false},
	} {
		if err := CheckValues(ps, c.values); (err == nil) != c.ok {
			t.Errorf("CheckValues(%v) = %v, want ok=%v", c.values, err, c.ok)
		}
	}
}

func FuzzParseParams(f *testing.F) {
	f.Add([]byte("# header\nvalue.pawn 90\nmobility 2\n"))
	f.Add([]byte("a 1\na 2\n"))
	f.Fuzz(func(t *testing.T, data []byte) {
		ps, err := ParseParams(data)
		if err != nil {
			return
		}
		again, err := ParseParams(FormatParams("", ps))
		if err != nil || !slices.Equal(again, ps) {
			t.Fatalf("%q: read %v, written and read again %v, %v", data, ps, again, err)
		}
	})
}
