package uci

import (
	"strconv"
	"strings"
	"testing"

	"wyrm/game"
	"wyrm/games"
)

// pvLine is one "info ... multipv k ... pv ..." line.
type pvLine struct {
	depth, k int
	score    string // "cp 12" or "mate 3"
	first    string // the first move of the pv
}

func parsePVLine(l string) (pvLine, bool) {
	f := strings.Fields(l)
	var p pvLine
	if len(f) == 0 || f[0] != "info" {
		return p, false
	}
	for i := 1; i+1 < len(f); i++ {
		switch f[i] {
		case "depth":
			p.depth, _ = strconv.Atoi(f[i+1])
		case "multipv":
			p.k, _ = strconv.Atoi(f[i+1])
		case "score":
			if i+2 < len(f) {
				p.score = f[i+1] + " " + f[i+2]
			}
		case "pv":
			p.first = f[i+1]
		}
	}
	return p, p.k > 0 && p.first != ""
}

// TestMultiPVInEveryGame: with MultiPV 3, every game's start position gets
// three lines at the final depth, numbered 1 to 3, starting with three
// different legal moves, scored best first, and the best move is line 1's.
func TestMultiPVInEveryGame(t *testing.T) {
	cases := []struct {
		variant string
		opts    game.Options
		depth   int
	}{
		{"dragon", nil, 6},
		{"dragonchess", nil, 4},
		{"dungeon", nil, 5},
		{"dungeon", game.Options{"players": "3"}, 3},
	}
	for _, tc := range cases {
		g, err := games.Lookup(tc.variant)
		if err != nil {
			t.Fatal(err)
		}
		startPos, err := g.Start(tc.opts)
		if err != nil {
			t.Fatal(err)
		}
		c := startWith(t, games.All())
		c.send("setoption name UCI_Variant value " + tc.variant)
		for k, v := range tc.opts {
			c.send("setoption name " + k + " value " + v)
		}
		c.send("setoption name MultiPV value 3")
		c.send("position startpos")
		c.send("go depth " + strconv.Itoa(tc.depth))
		lines := c.until("bestmove")
		best := strings.Fields(lines[len(lines)-1])[1]
		byK := map[int]pvLine{}
		for _, l := range lines {
			if p, ok := parsePVLine(l); ok && p.depth == tc.depth {
				if _, dup := byK[p.k]; dup {
					t.Errorf("%s %v: line %d twice at depth %d", tc.variant, tc.opts, p.k, tc.depth)
				}
				byK[p.k] = p
			}
		}
		seen := map[string]bool{}
		prev := 0
		for k := 1; k <= 3; k++ {
			p, ok := byK[k]
			if !ok {
				t.Fatalf("%s %v: no multipv %d at depth %d:\n%s", tc.variant, tc.opts, k, tc.depth, strings.Join(lines, "\n"))
			}
			if _, err := startPos.ParseMove(p.first); err != nil || seen[p.first] {
				t.Errorf("%s %v: multipv %d starts with %q (err %v, repeated %v)", tc.variant, tc.opts, k, p.first, err, seen[p.first])
			}
			seen[p.first] = true
			kind, num, _ := strings.Cut(p.score, " ")
			n, err := strconv.Atoi(num)
			if kind != "cp" || err != nil {
				t.Errorf("%s %v: multipv %d score %q, want cp", tc.variant, tc.opts, k, p.score)
			}
			if k > 1 && n > prev {
				t.Errorf("%s %v: multipv %d scores %d above multipv %d's %d", tc.variant, tc.opts, k, n, k-1, prev)
			}
			prev = n
		}
		if len(byK) != 3 {
			t.Errorf("%s %v: %d lines at depth %d, want 3", tc.variant, tc.opts, len(byK), tc.depth)
		}
		if best != byK[1].first {
			t.Errorf("%s %v: bestmove %s, multipv 1 starts with %s", tc.variant, tc.opts, best, byK[1].first)
		}
		c.send("quit")
		if err := <-c.done; err != nil {
			t.Fatal(err)
		}
	}
}

func TestMultiPVOption(t *testing.T) {
	c := start(t)
	c.send("uci")
	if l := strings.Join(c.until("uciok"), "\n"); !strings.Contains(l, "option name MultiPV type spin default 1 min 1 max ") {
		t.Fatalf("no MultiPV option:\n%s", l)
	}
	for _, bad := range []string{"0", "x", strconv.Itoa(maxMultiPV + 1)} {
		c.send("setoption name MultiPV value " + bad)
		if l := c.until("info string"); !strings.Contains(l[len(l)-1], "MultiPV") {
			t.Fatalf("MultiPV %s not refused: %q", bad, l)
		}
	}
	// One line by default, each numbered 1.
	c.send("position startpos")
	c.send("go depth 2")
	for _, l := range c.until("bestmove") {
		if p, ok := parsePVLine(l); ok && p.k != 1 {
			t.Fatalf("MultiPV 1 gave line %d: %q", p.k, l)
		}
	}
}
