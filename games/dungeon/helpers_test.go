package dungeon

import (
	"slices"
	"strings"
	"testing"

	"wyrm/game"
)

const labMap = "testdata/unit-lab.map"

// mustParse reads a position string; lab positions use the unit-lab map.
func mustParse(t *testing.T, s string) *Position {
	t.Helper()
	path := ""
	if strings.HasPrefix(s, "unit-lab") {
		path = labMap
	}
	p, err := ParsePosition(s, path)
	if err != nil {
		t.Fatalf("parse %q: %v", s, err)
	}
	return p
}

// movesFrom lists, sorted, the legal moves of the unit on square sq.
func movesFrom(p *Position, sq string) string {
	b, _, err := p.m.parseSquare(sq)
	if err != nil {
		panic(err)
	}
	var out []string
	for _, mv := range p.LegalMoves(nil) {
		if mType(mv) != mtPass && mFrom(mv) == b {
			out = append(out, p.MoveString(mv))
		}
	}
	slices.Sort(out)
	return strings.Join(out, " ")
}

// allMoves lists every legal move, sorted.
func allMoves(p *Position) string {
	var out []string
	for _, mv := range p.LegalMoves(nil) {
		out = append(out, p.MoveString(mv))
	}
	slices.Sort(out)
	return strings.Join(out, " ")
}

// play parses and plays moves in order.
func play(t *testing.T, p *Position, moves ...string) {
	t.Helper()
	for _, s := range moves {
		mv, err := p.ParseMove(s)
		if err != nil {
			t.Fatalf("%s in %s: %v", s, p, err)
		}
		p.Play(mv)
	}
}

func sortedWords(s string) string {
	w := strings.Fields(s)
	slices.Sort(w)
	return strings.Join(w, " ")
}

var _ game.Position = (*Position)(nil)
