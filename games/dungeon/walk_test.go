package dungeon

import "testing"

func TestWalkingDistances(t *testing.T) {
	m, err := LookupMap("two-player-dungeon")
	if err != nil {
		t.Fatal(err)
	}
	walk, n := m.walkDist(), m.Files*m.Ranks
	dist := func(a, b string) int {
		t.Helper()
		x, _, err := m.parseSquare(a)
		if err != nil {
			t.Fatal(err)
		}
		y, _, err := m.parseSquare(b)
		if err != nil {
			t.Fatal(err)
		}
		return int(walk[int(m.fromBox[x])*n+int(m.fromBox[y])])
	}
	cases := []struct {
		from, to string
		want     int
	}{
		{"a1", "a1", 0},
		{"a1", "b2", 1},
		{"a1", "h2", 7},
		// The corridor (files d-e, ranks 3-6) is the only way out of the
		// South chamber: a1 is three steps sideways from it.
		{"a1", "d3", 3},
		// Up the corridor to d6, then diagonally out into the centre.
		{"a1", "a7", 9},
		// Round the central water (files c-f, ranks 9-12) and up the North
		// corridor: two more than the straight-line 19.
		{"a1", "h20", 21},
		// Water (files c-f, ranks 9-12) and void are never entered.
		{"a1", "c9", unreachable},
		{"a1", "a3", unreachable},
	}
	for _, c := range cases {
		if got := dist(c.from, c.to); got != c.want {
			t.Errorf("walk %s-%s = %d, want %d", c.from, c.to, got, c.want)
		}
		if dist(c.from, c.to) != dist(c.to, c.from) && c.want != unreachable {
			t.Errorf("walk %s-%s is not symmetric", c.from, c.to)
		}
	}
}
