package dragonchess

import (
	"slices"
	"strings"
	"testing"
)

// build writes a position string from tokens like "2g1K" (square then
// letter) with the given side to move; extra fields may follow the pieces
// as tokens containing '='.
func build(t testing.TB, side string, tokens ...string) string {
	t.Helper()
	var grid [nSq]byte
	var extra []string
	for _, tok := range tokens {
		if strings.Contains(tok, "=") {
			extra = append(extra, tok)
			continue
		}
		sq, _, err := parseSquare(tok)
		if err != nil || len(tok) != 4 {
			t.Fatalf("bad token %q", tok)
		}
		grid[sq] = tok[3]
	}
	var sb strings.Builder
	for l := lvSky; l >= lvUnder; l-- {
		if l != lvSky {
			sb.WriteByte('|')
		}
		for r := ranks - 1; r >= 0; r-- {
			empty := 0
			for f := 0; f < files; f++ {
				ch := grid[square(l, f, r)]
				if ch == 0 {
					empty++
					continue
				}
				if empty > 0 {
					sb.WriteString(itoa(empty))
					empty = 0
				}
				sb.WriteByte(ch)
			}
			if empty > 0 {
				sb.WriteString(itoa(empty))
			}
			if r > 0 {
				sb.WriteByte('/')
			}
		}
	}
	s := sb.String() + " " + side + " 0 1"
	for _, e := range extra {
		s += " " + e
	}
	return s
}

func itoa(n int) string {
	if n >= 10 {
		return string([]byte{byte('0' + n/10), byte('0' + n%10)})
	}
	return string([]byte{byte('0' + n)})
}

// movesFrom lists, sorted, the legal moves from square from.
func movesFrom(p *Position, from string) []string {
	var out []string
	for _, m := range p.LegalMoves(nil) {
		if squareName(moveFrom(m)) == from {
			out = append(out, p.MoveString(m))
		}
	}
	slices.Sort(out)
	return out
}

// moveCase is one rules test: a position and the exact legal moves of the
// piece on from.
type moveCase struct {
	name     string
	variants string
	side     string
	pieces   []string
	from     string
	want     []string
}

func runMoveCases(t *testing.T, cases []moveCase) {
	t.Helper()
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			side := c.side
			if side == "" {
				side = "g"
			}
			p := mustParse(t, build(t, side, c.pieces...), c.variants)
			got := movesFrom(p, c.from)
			want := slices.Clone(c.want)
			slices.Sort(want)
			if !slices.Equal(got, want) {
				t.Errorf("moves from %s in %s\n got %v\nwant %v", c.from, p.String(), got, want)
			}
		})
	}
}

// Kings parked where they interfere with nothing in the cases below.
var (
	kings  = []string{"2a1K", "2l8k"}
	kingsB = []string{"2h1K", "2h8k"}
)

func with(base []string, more ...string) []string { return append(slices.Clone(base), more...) }
