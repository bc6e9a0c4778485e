package dungeon

import (
	"os"
	"slices"
	"strings"
	"testing"

	"wyrm/game"
)

// labMap is the unit-lab map of the tests, read once.
var labMap = func() *Map {
	b, err := os.ReadFile("testdata/unit-lab.map")
	if err != nil {
		panic(err)
	}
	m, err := ParseMap(string(b))
	if err != nil {
		panic(err)
	}
	return m
}()

// mustParse reads a position string; lab positions use the unit-lab map.
func mustParse(t *testing.T, s string) *Position {
	t.Helper()
	p, err := ParsePosition(s, labMap)
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

// The evaluation weights the approach and hunt tests measure moves by,
// from the table the game plays with.
var (
	approachW = defaultWeights.approach
	mobilityW = defaultWeights.quiet // per quiet move, as quietCount counts them
	mopCloseW = defaultWeights.mopClose
)
