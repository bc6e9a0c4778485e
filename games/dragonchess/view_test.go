package dragonchess

import (
	"slices"
	"testing"
)

func TestViewer(t *testing.T) {
	p := mustParse(t, startPos, "")
	g := p.Geometry()
	if g.Levels != 3 || g.Files != 12 || g.Ranks != 8 || !slices.Equal(g.LevelNames, []string{"Underworld", "Ground", "Sky"}) {
		t.Fatalf("geometry %+v", g)
	}
	pieces := p.Pieces(nil)
	if len(pieces) != 84 {
		t.Fatalf("%d pieces", len(pieces))
	}
	for _, v := range pieces {
		if p.SquareName(v.Square) == "2g1" && (v.Letter != 'K' || v.Owner != 0 || v.Name != "King") {
			t.Errorf("2g1 shows %+v", v)
		}
		if p.SquareName(v.Square) == "3g8" && (v.Letter != 'R' || v.Owner != 1) {
			t.Errorf("3g8 shows %+v", v)
		}
	}
	if sq := g.Square(1, 6, 0); p.SquareName(sq) != "2g1" {
		t.Errorf("square numbering: %d is %s", sq, p.SquareName(sq))
	}
	m, _ := p.ParseMove("2c1-3b2")
	if v := p.DescribeMove(m); v.Text != "2c1-3b2" || v.From != g.Square(1, 2, 0) || v.To != g.Square(2, 1, 1) || v.Target != -1 {
		t.Errorf("DescribeMove %+v", v)
	}
	if h := p.Hands(); h != [4]string{} {
		t.Errorf("hands %v", h)
	}
}

func TestClone(t *testing.T) {
	p := mustParse(t, startPos, "")
	play(t, p, "2b1-2a3")
	q := p.Clone().(*Position)
	play(t, q, "2b8-2a6", "2a3-2b1")
	if p.String() == q.String() || p.Hash() == q.Hash() {
		t.Fatal("clone shares state")
	}
	q.Undo()
	q.Undo()
	if q.String() != p.String() || q.Hash() != p.Hash() {
		t.Fatal("clone history broken")
	}
	q.Undo()
	if q.String() != startPos {
		t.Fatal("clone lost the original history")
	}
}
