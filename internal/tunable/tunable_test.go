package tunable

import (
	"slices"
	"strings"
	"testing"

	"wyrm/game"
)

type table struct {
	Table
	a, b int
	sum  int // derived
}

var set = &Set[table]{
	Defs: []Def[table]{
		{Name: "a", Value: 3, Min: 0, Max: 10, Field: func(t *table) *int { return &t.a }},
		{Name: "b", Value: -2, Min: -5, Max: 5, Field: func(t *table) *int { return &t.b }},
	},
	Derive: func(t *table) { t.sum = t.a + t.b },
}

func TestBuildAndParams(t *testing.T) {
	w, err := set.Build([]int{7, 4})
	if err != nil || w.a != 7 || w.b != 4 || w.sum != 11 || !slices.Equal(w.Values(), []int{7, 4}) {
		t.Fatalf("Build: %+v, %v", w, err)
	}
	want := []game.Param{{Name: "a", Value: 7, Min: 0, Max: 10, Hand: 3}, {Name: "b", Value: 4, Min: -5, Max: 5, Hand: -2}}
	if got := set.Params(w); !slices.Equal(got, want) {
		t.Errorf("Params: %v, want %v", got, want)
	}
	if h := set.Hand(); h.a != 3 || h.b != -2 || h.sum != 1 {
		t.Errorf("Hand: %+v", h)
	}
	for _, bad := range [][]int{{11, 0}, {0, -6}, {1}, {1, 2, 3}} {
		if _, err := set.Build(bad); err == nil {
			t.Errorf("Build(%v) took it", bad)
		}
	}
}

func TestLoad(t *testing.T) {
	w, err := set.Load([]byte("# values\nb 5\na 0\n"))
	if err != nil || w.a != 0 || w.b != 5 {
		t.Fatalf("Load: %+v, %v", w, err)
	}
	for text, want := range map[string]string{
		"a 1\n":           "1 of 2",
		"a 1\nb 2\nc 3\n": "no evaluation parameter",
		"a 1\nb 9\n":      "outside",
		"a x\nb 1\n":      "not a value",
	} {
		if _, err := set.Load([]byte(text)); err == nil || !strings.Contains(err.Error(), want) {
			t.Errorf("Load(%q): %v, want an error saying %q", text, err, want)
		}
	}
	defer func() {
		if recover() == nil {
			t.Error("MustLoad of a bad file did not panic")
		}
	}()
	set.MustLoad([]byte("a 1\n"))
}

type otherWeights struct{}

func (otherWeights) Values() []int { return nil }

func TestOf(t *testing.T) {
	w, _ := set.Build([]int{1, 1})
	if Of[table](w) != w {
		t.Error("Of lost the table")
	}
	defer func() {
		if recover() == nil {
			t.Error("Of took another game's weights")
		}
	}()
	Of[table](otherWeights{})
}
