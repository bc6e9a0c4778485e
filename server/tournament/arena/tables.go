package arena

import (
	"cmp"
	"slices"
)

// Waiting is a player waiting for a game in an arena.
type Waiting struct {
	ID      string
	Rating  int
	Score   int      // arena points so far
	Recent  []string // the opponents of their last game(s), most recent first: avoid an immediate rematch
	Games   int      // games played in this arena
	Colours int      // white games minus black games so far (for two-seat tables)
}

// The search for a grouping is bounded: searchBudget steps for each number
// of rematches allowed, totalBudget for them all.
const (
	searchBudget = 20000
	totalBudget  = 200000
)

// Tables pairs as many of the waiting players as it can into tables of `seats` players
// (2, 3 or 4), each table's IDs in seat order (for two seats: White first, balancing colours).
// Players are grouped by close score, then close rating; nobody meets someone in their Recent
// list when any other grouping avoids it; players left over keep waiting.
// Any other number of seats gives no tables.
func Tables(waiting []Waiting, seats int) [][]string {
	if seats < 2 || seats > 4 || len(waiting) < seats {
		return nil
	}
	ws := slices.Clone(waiting)
	slices.SortFunc(ws, func(a, b Waiting) int {
		return cmp.Or(cmp.Compare(b.Score, a.Score), cmp.Compare(b.Rating, a.Rating),
			cmp.Compare(a.Games, b.Games), cmp.Compare(a.ID, b.ID))
	})
	// A player listed twice is seated once, as their first listing in
	// the order.
	seen := make(map[string]bool, len(ws))
	kept := ws[:0]
	for _, w := range ws {
		if !seen[w.ID] {
			seen[w.ID] = true
			kept = append(kept, w)
		}
	}
	ws = kept
	if len(ws) < seats {
		return nil
	}
	clash := clashes(ws)
	// The plain runs of the order: always a grouping, the fallback.
	var runs [][]int
	for i := 0; i+seats <= len(ws); i += seats {
		t := make([]int, seats)
		for k := range t {
			t[k] = i + k
		}
		runs = append(runs, t)
	}
	tables := runs
	// Allow as few rematches as will do, fewer than the runs have.
	most, spent := rematches(runs, clash), 0
	for allow := 0; allow < most && spent < totalBudget; allow++ {
		g := grouper{ws: ws, seats: seats, used: make([]bool, len(ws)), clash: clash, allow: allow}
		ok := g.walk(len(ws) % seats)
		spent += g.nodes
		if ok {
			tables = g.tables
			break
		}
	}
	out := make([][]string, 0, len(tables))
	for _, t := range tables {
		if seats == 2 && ws[t[1]].Colours < ws[t[0]].Colours {
			t[0], t[1] = t[1], t[0]
		}
		ids := make([]string, len(t))
		for k, i := range t {
			ids[k] = ws[i].ID
		}
		out = append(out, ids)
	}
	return out
}

// clashes marks the pairs of players (by index) who have just met, either
// way round.
func clashes(ws []Waiting) map[[2]int]bool {
	at := make(map[string]int, len(ws))
	for i, w := range ws {
		at[w.ID] = i
	}
	c := map[[2]int]bool{}
	for i, w := range ws {
		for _, r := range w.Recent {
			if j, ok := at[r]; ok && j != i {
				c[[2]int{i, j}], c[[2]int{j, i}] = true, true
			}
		}
	}
	return c
}

// grouper searches, in the order of the ranking, for tables with at most
// `allow` rematches: each table is started by the highest player not yet
// seated, who takes the nearest players below that clash with nobody at
// the table (or, while allowed, do).
type grouper struct {
	ws     []Waiting
	seats  int
	used   []bool
	clash  map[[2]int]bool
	allow  int // rematches still allowed
	tables [][]int
	nodes  int
}

// walk seats everyone but `wait` players and reports success.
func (g *grouper) walk(wait int) bool {
	g.nodes++
	if g.nodes > searchBudget {
		return false
	}
	x := 0
	for x < len(g.ws) && g.used[x] {
		x++
	}
	if x == len(g.ws) {
		return true
	}
	g.used[x] = true
	table := []int{x}
	if g.fill(table, x+1, wait) {
		return true
	}
	if wait > 0 && g.walk(wait-1) {
		return true
	}
	g.used[x] = false
	return false
}

// fill adds players from index `from` on to the table until it is full,
// then seats the rest.
func (g *grouper) fill(table []int, from, wait int) bool {
	g.nodes++
	if len(table) == g.seats {
		g.tables = append(g.tables, slices.Clone(table))
		if g.walk(wait) {
			return true
		}
		g.tables = g.tables[:len(g.tables)-1]
		return false
	}
	for y := from; y < len(g.ws) && g.nodes <= searchBudget; y++ {
		if g.used[y] {
			continue
		}
		n := g.clashesWith(table, y)
		if n > g.allow {
			continue
		}
		g.used[y] = true
		g.allow -= n
		if g.fill(append(table, y), y+1, wait) {
			return true
		}
		g.allow += n
		g.used[y] = false
	}
	return false
}

// rematches counts the clashing pairs at the tables.
func rematches(tables [][]int, clash map[[2]int]bool) int {
	n := 0
	for _, t := range tables {
		for i, a := range t {
			for _, b := range t[i+1:] {
				if clash[[2]int{a, b}] {
					n++
				}
			}
		}
	}
	return n
}

// clashesWith counts the players at the table y has just met.
func (g *grouper) clashesWith(table []int, y int) int {
	n := 0
	for _, t := range table {
		if g.clash[[2]int{t, y}] {
			n++
		}
	}
	return n
}
