package arena

import (
	"fmt"
	"math/rand/v2"
	"reflect"
	"testing"
)

// line makes waiting players named by the letters of ids, rated highest
// first in that order, all on the same score.
func line(ids string) []Waiting {
	ws := make([]Waiting, len(ids))
	for i, c := range ids {
		ws[i] = Waiting{ID: string(c), Rating: 2000 - 10*i}
	}
	return ws
}

// with applies changes to the players of ws named in them.
func with(ws []Waiting, change map[string]func(*Waiting)) []Waiting {
	for i := range ws {
		if f := change[ws[i].ID]; f != nil {
			f(&ws[i])
		}
	}
	return ws
}

func recent(ids ...string) func(*Waiting) { return func(w *Waiting) { w.Recent = ids } }

func TestTables(t *testing.T) {
	tests := []struct {
		name    string
		waiting []Waiting
		seats   int
		want    [][]string
	}{
		{"nobody", nil, 2, nil},
		{"one alone", line("a"), 2, nil},
		{"even: everyone paired", line("abcd"), 2, [][]string{{"a", "b"}, {"c", "d"}}},
		{"odd: the lowest waits", line("abcde"), 2, [][]string{{"a", "b"}, {"c", "d"}}},
		{"score groups before ratings", []Waiting{
			{ID: "a", Rating: 1500, Score: 10},
			{ID: "b", Rating: 2000},
			{ID: "c", Rating: 1400, Score: 10},
			{ID: "d", Rating: 1000},
		}, 2, [][]string{{"a", "c"}, {"b", "d"}}},
		{"fewer games first at equal score and rating", []Waiting{
			{ID: "a", Games: 5}, {ID: "b", Games: 1}, {ID: "c", Games: 3},
		}, 2, [][]string{{"b", "c"}}},
		{"immediate rematch avoided", with(line("abcd"), map[string]func(*Waiting){"a": recent("b")}),
			2, [][]string{{"a", "c"}, {"b", "d"}}},
		{"rematch seen from either side", with(line("abcd"), map[string]func(*Waiting){"b": recent("a")}),
			2, [][]string{{"a", "c"}, {"b", "d"}}},
		{"the one left over changes to avoid a rematch", with(line("abc"), map[string]func(*Waiting){
			"a": recent("b"), "c": recent("b"),
		}), 2, [][]string{{"a", "c"}}},
		{"unavoidable rematch", with(line("ab"), map[string]func(*Waiting){"a": recent("b")}),
			2, [][]string{{"a", "b"}}},
		{"colours: fewer whites takes White", with(line("ab"), map[string]func(*Waiting){
			"a": func(w *Waiting) { w.Colours = 1 }, "b": func(w *Waiting) { w.Colours = -1 },
		}), 2, [][]string{{"b", "a"}}},
		{"colours: more whites takes Black", with(line("ab"), map[string]func(*Waiting){
			"b": func(w *Waiting) { w.Colours = 2 },
		}), 2, [][]string{{"a", "b"}}},
		{"three seats from nine", line("abcdefghi"), 3,
			[][]string{{"a", "b", "c"}, {"d", "e", "f"}, {"g", "h", "i"}}},
		{"four seats from nine: one waits", line("abcdefghi"), 4,
			[][]string{{"a", "b", "c", "d"}, {"e", "f", "g", "h"}}},
		{"three seats from ten: one waits", line("abcdefghij"), 3,
			[][]string{{"a", "b", "c"}, {"d", "e", "f"}, {"g", "h", "i"}}},
		{"four seats: a table's last game split up", with(line("abcdefgh"), map[string]func(*Waiting){
			"a": recent("b", "c", "d"), "b": recent("a", "c", "d"),
			"c": recent("a", "b", "d"), "d": recent("a", "b", "c"),
		}), 4, [][]string{{"a", "b", "e", "f"}, {"c", "d", "g", "h"}}},
		{"three seats: rematch avoided", with(line("abcdef"), map[string]func(*Waiting){"a": recent("c")}),
			3, [][]string{{"a", "b", "d"}, {"c", "e", "f"}}},
		{"a player listed twice is seated once", append(line("abc"), Waiting{ID: "a", Rating: 1}),
			2, [][]string{{"a", "b"}}},
		{"one seat", line("ab"), 1, nil},
		{"five seats", line("abcdef"), 5, nil},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			got := Tables(tt.waiting, tt.seats)
			if !reflect.DeepEqual(got, tt.want) {
				t.Fatalf("got %v, want %v", got, tt.want)
			}
		})
	}
}

// randomWaiting makes n waiting players with close scores and ratings and
// some recent opponents among them.
func randomWaiting(rng *rand.Rand, n int) []Waiting {
	ws := make([]Waiting, n)
	for i := range ws {
		ws[i] = Waiting{ID: fmt.Sprintf("w%d", i), Rating: 1500 + 100*rng.IntN(3),
			Score: rng.IntN(3), Games: rng.IntN(3), Colours: rng.IntN(5) - 2}
	}
	for i := range ws {
		for range rng.IntN(3) {
			if j := rng.IntN(n); j != i {
				ws[i].Recent = append(ws[i].Recent, ws[j].ID)
			}
		}
	}
	return ws
}

// countRematches counts the pairs at the same table where one has the
// other in Recent.
func countRematches(ws []Waiting, tables [][]string) int {
	recent := map[[2]string]bool{}
	for _, w := range ws {
		for _, r := range w.Recent {
			recent[[2]string{w.ID, r}], recent[[2]string{r, w.ID}] = true, true
		}
	}
	n := 0
	for _, t := range tables {
		for i := range t {
			for j := i + 1; j < len(t); j++ {
				if recent[[2]string{t[i], t[j]}] {
					n++
				}
			}
		}
	}
	return n
}

// fewestRematches finds by brute force the fewest rematches any grouping
// of ws into tables of `seats` (leaving len(ws)%seats out) has.
func fewestRematches(ws []Waiting, seats int) int {
	used := make([]bool, len(ws))
	best := len(ws) * len(ws)
	var tables [][]string
	var walk func(wait int)
	var fill func(table []string, from, wait int)
	walk = func(wait int) {
		x := 0
		for x < len(ws) && used[x] {
			x++
		}
		if x == len(ws) {
			best = min(best, countRematches(ws, tables))
			return
		}
		used[x] = true
		fill([]string{ws[x].ID}, x+1, wait)
		if wait > 0 {
			walk(wait - 1)
		}
		used[x] = false
	}
	fill = func(table []string, from, wait int) {
		if len(table) == seats {
			tables = append(tables, table)
			walk(wait)
			tables = tables[:len(tables)-1]
			return
		}
		for y := from; y < len(ws); y++ {
			if !used[y] {
				used[y] = true
				fill(append(table[:len(table):len(table)], ws[y].ID), y+1, wait)
				used[y] = false
			}
		}
	}
	walk(len(ws) % seats)
	return best
}

// checkTables checks Tables on ws against the properties every pairing
// must have, returning the first fault.
func checkTables(ws []Waiting, seats int, rng *rand.Rand) error {
	got := Tables(ws, seats)
	if seats < 2 || seats > 4 {
		if got != nil {
			return fmt.Errorf("seats %d gave %v", seats, got)
		}
		return nil
	}
	if len(got) != len(ws)/seats {
		return fmt.Errorf("%d tables of %d from %d players", len(got), seats, len(ws))
	}
	known := map[string]bool{}
	for _, w := range ws {
		known[w.ID] = true
	}
	seated := map[string]bool{}
	for _, t := range got {
		if len(t) != seats {
			return fmt.Errorf("table %v has %d seats, want %d", t, len(t), seats)
		}
		for _, id := range t {
			if !known[id] || seated[id] {
				return fmt.Errorf("%q unknown or seated twice in %v", id, got)
			}
			seated[id] = true
		}
	}
	if seats == 2 {
		colours := map[string]int{}
		for _, w := range ws {
			colours[w.ID] = w.Colours
		}
		for _, t := range got {
			if colours[t[0]] > colours[t[1]] {
				return fmt.Errorf("%v: White has the more white games", t)
			}
		}
	}
	if len(ws) <= 9 {
		if n, want := countRematches(ws, got), fewestRematches(ws, seats); n != want {
			return fmt.Errorf("%d rematches in %v, but %d will do", n, got, want)
		}
	}
	shuffled := append([]Waiting(nil), ws...)
	rng.Shuffle(len(shuffled), func(i, j int) { shuffled[i], shuffled[j] = shuffled[j], shuffled[i] })
	if again := Tables(shuffled, seats); !reflect.DeepEqual(again, got) {
		return fmt.Errorf("shuffled input gave %v, first %v", again, got)
	}
	return nil
}

func TestTablesProperties(t *testing.T) {
	tests := []struct{ n, seats, runs int }{
		{2, 2, 20}, {5, 2, 50}, {8, 2, 50}, {9, 2, 50},
		{6, 3, 50}, {7, 3, 50}, {9, 3, 50},
		{8, 4, 50}, {9, 4, 50}, {200, 2, 3}, {200, 4, 3},
	}
	for _, tt := range tests {
		t.Run(fmt.Sprintf("%d players, %d seats", tt.n, tt.seats), func(t *testing.T) {
			rng := rand.New(rand.NewPCG(uint64(tt.n), uint64(tt.seats)))
			for run := range tt.runs {
				if err := checkTables(randomWaiting(rng, tt.n), tt.seats, rng); err != nil {
					t.Fatalf("run %d: %v", run, err)
				}
			}
		})
	}
}

func FuzzTables(f *testing.F) {
	f.Add(uint64(1), uint8(5), uint8(2))
	f.Add(uint64(2), uint8(9), uint8(3))
	f.Add(uint64(3), uint8(9), uint8(4))
	f.Fuzz(func(t *testing.T, seed uint64, n, seats uint8) {
		rng := rand.New(rand.NewPCG(seed, 1))
		if err := checkTables(randomWaiting(rng, int(n%10)), int(seats%6), rng); err != nil {
			t.Fatal(err)
		}
	})
}
