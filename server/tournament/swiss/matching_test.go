package swiss

import (
	"fmt"
	"math/rand/v2"
	"testing"
)

// TestMatcherPerfect compares the blossom matcher with brute force on
// random graphs, and on odd cycles, where a greedy matching goes wrong.
func TestMatcherPerfect(t *testing.T) {
	type graph struct {
		n     int
		edges [][2]int
	}
	tests := []struct {
		name string
		g    graph
		want bool
	}{
		{"empty", graph{0, nil}, true},
		{"single edge", graph{2, [][2]int{{0, 1}}}, true},
		{"path of three", graph{3, [][2]int{{0, 1}, {1, 2}}}, false},
		// A triangle with a tail from each corner: a blossom to shrink.
		{"triangle with tails", graph{6, [][2]int{{0, 1}, {1, 2}, {2, 0}, {0, 3}, {1, 4}, {2, 5}}}, true},
		{"star", graph{4, [][2]int{{0, 1}, {0, 2}, {0, 3}}}, false},
		// Greedy pairs 0-1 first and is stuck; augmenting fixes it.
		{"greedy trap", graph{4, [][2]int{{0, 1}, {0, 2}, {1, 3}}}, true},
	}
	rng := rand.New(rand.NewPCG(5, 6))
	for k := range 200 {
		n := 2 * (1 + rng.IntN(5))
		var g graph
		g.n = n
		for i := range n {
			for j := i + 1; j < n; j++ {
				if rng.IntN(3) == 0 {
					g.edges = append(g.edges, [2]int{i, j})
				}
			}
		}
		tests = append(tests, struct {
			name string
			g    graph
			want bool
		}{fmt.Sprintf("random %d", k), g, bruteMatch(g.n, g.edges)})
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			adj := make([][]bool, tt.g.n)
			for i := range adj {
				adj[i] = make([]bool, tt.g.n)
			}
			for _, e := range tt.g.edges {
				adj[e[0]][e[1]], adj[e[1]][e[0]] = true, true
			}
			m := newMatcher(tt.g.n, func(i, j int) bool { return adj[i][j] })
			if got := m.perfect(); got != tt.want {
				t.Fatalf("perfect %v, want %v", got, tt.want)
			}
			for i, j := range m.match {
				if j != -1 && (m.match[j] != i || !adj[i][j]) {
					t.Fatalf("bad match %d-%d", i, j)
				}
			}
		})
	}
}

func bruteMatch(n int, edges [][2]int) bool {
	adj := map[[2]int]bool{}
	for _, e := range edges {
		adj[e], adj[[2]int{e[1], e[0]}] = true, true
	}
	left := make([]bool, n)
	var try func() bool
	try = func() bool {
		i := 0
		for i < n && left[i] {
			i++
		}
		if i == n {
			return true
		}
		left[i] = true
		defer func() { left[i] = false }()
		for j := i + 1; j < n; j++ {
			if !left[j] && adj[[2]int{i, j}] {
				left[j] = true
				ok := try()
				left[j] = false
				if ok {
					return true
				}
			}
		}
		return false
	}
	return try()
}
