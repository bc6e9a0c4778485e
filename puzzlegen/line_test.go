package puzzlegen

import (
	"context"
	"slices"
	"testing"

	"wyrm/game"
	"wyrm/games/dragon"
)

// tiny are rules small enough for tests yet deep enough for the lines
// below.
var tiny = Rules{Win: 250, Gap: 250, Even: 80, StepGap: 150, Quick: 2_500, Deep: 12_000, Reply: 4_000, MaxMoves: 4}

func parse(t *testing.T, s string) game.Position {
	t.Helper()
	pos, err := dragon.Game.Parse(s, nil)
	if err != nil {
		t.Fatal(err)
	}
	return pos
}

// The queen takes on d8 (the e8 rook cannot take back: the d1 rook would
// mate), the king steps aside, and the queen, attacking e8 and c7 at once,
// takes c7: a line of two solver moves, a fork, replayed legally.
func TestFindFollowsTheLine(t *testing.T) {
	pos := parse(t, "3rr1k1/ppp2ppp/1p6/p7/8/8/3Q1PPP/3R2K1[] w - - 0 1")
	p, ok := NewChecker(tiny).Find(context.Background(), pos, nil, 32)
	if !ok {
		t.Fatal("no puzzle")
	}
	if p.Moves < 2 || len(p.Line) != 2*p.Moves-1 || p.Solution != "d2d8" || p.Line[0] != p.Solution {
		t.Fatalf("line %v (%d solver moves), want d2d8 and at least 2", p.LineSAN, p.Moves)
	}
	if !slices.Contains(p.Themes, ThemeFork) || slices.Contains(p.Themes, ThemeOneMove) {
		t.Errorf("themes %v, want a fork of more than one move", p.Themes)
	}
	q := pos.Clone()
	for i, s := range p.Line {
		m, err := q.ParseMove(s)
		if err != nil {
			t.Fatalf("move %d %q: %v", i, s, err)
		}
		if san := game.Notation(q, m); san != p.LineSAN[i] {
			t.Errorf("move %d written %q, line says %q", i, san, p.LineSAN[i])
		}
		q.Play(m)
	}
	if p.Rating < 600 || p.Rating > 2600 || p.ID != PuzzleID(pos.String()) {
		t.Errorf("rating %d, id %q", p.Rating, p.ID)
	}
}

// A hanging queen is a one-move puzzle winning material; the start
// position and a queen either rook takes are none.
func TestFindRefuses(t *testing.T) {
	c := NewChecker(tiny)
	ctx := context.Background()
	p, ok := c.Find(ctx, parse(t, "4k3/8/8/3q4/8/8/8/3RK3[] w - - 0 1"), nil, 32)
	if !ok || p.Solution != "d1d5" || p.Moves != 1 || !slices.Contains(p.Themes, ThemeOneMove) {
		t.Errorf("hanging queen: %v %+v", ok, p)
	}
	start, _ := dragon.Game.Start(nil)
	for _, pos := range []game.Position{start, parse(t, "4k3/8/8/3q4/8/8/8/3RK2R[] w - - 0 1")} {
		if p, ok := c.Find(ctx, pos, nil, 32); ok {
			t.Errorf("%s: a puzzle %v", pos, p.LineSAN)
		}
	}
}

// Finding is repeatable: the same position gives the same puzzle, which
// is what lets the tests check the committed puzzles.
func TestFindRepeats(t *testing.T) {
	pos := parse(t, "3rr1k1/ppp2ppp/1p6/p7/8/8/3Q1PPP/3R2K1[] w - - 0 1")
	a, _ := NewChecker(tiny).Find(context.Background(), pos, nil, 32)
	c := NewChecker(tiny)
	c.Clear(context.Background(), parse(t, "4k3/8/8/3q4/8/8/8/3RK3[] w - - 0 1"), 5000) // another search first
	b, _ := c.Find(context.Background(), pos, nil, 32)
	if !slices.Equal(a.Line, b.Line) || a.Rating != b.Rating {
		t.Errorf("%v then %v", a.Line, b.Line)
	}
}

// A puzzle the search needed more nodes for, one with more solver moves,
// and one whose next best move was close behind are each rated harder.
func TestFirstRating(t *testing.T) {
	base := FirstRating(Verdict{Found: 1000, Score: 800, Second: 0}, 1)
	for _, c := range []struct {
		name string
		r    int
	}{
		{"more nodes", FirstRating(Verdict{Found: 8000, Score: 800, Second: 0}, 1)},
		{"more moves", FirstRating(Verdict{Found: 1000, Score: 800, Second: 0}, 3)},
		{"close second", FirstRating(Verdict{Found: 1000, Score: 400, Second: 80}, 1)},
	} {
		if c.r <= base {
			t.Errorf("%s: %d, not above %d", c.name, c.r, base)
		}
	}
	if r := FirstRating(Verdict{Found: 1 << 40, Score: 30000, Second: 0}, 6); r != 2600 {
		t.Errorf("the hardest puzzle is rated %d, want the cap 2600", r)
	}
	if r := FirstRating(Verdict{Found: 10, Score: 30000, Second: -30000}, 1); r != 1000 {
		t.Errorf("an instant puzzle is rated %d, want 1000", r)
	}
}
