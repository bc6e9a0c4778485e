package dragonchess

import (
	"slices"
	"strings"
	"testing"

	"wyrm/game"
)

func play(t *testing.T, p *Position, moves ...string) {
	t.Helper()
	for _, s := range moves {
		m, err := p.ParseMove(s)
		if err != nil {
			t.Fatalf("%s: %v", s, err)
		}
		p.Play(m)
	}
}

func TestFrozenPieces(t *testing.T) {
	runMoveCases(t, []moveCase{
		{name: "a frozen piece cannot move", side: "s",
			pieces: []string{"2a1K", "2l8k", "2e4o", "1e4B"}, from: "2e4", want: nil},
		{name: "the same piece unfrozen moves", side: "s",
			pieces: []string{"2a1K", "2l8k", "2e4o", "1e4b"}, from: "2e4",
			want: []string{"2e4-2e1", "2e4-2e2", "2e4-2e3", "2e4-2e5", "2e4-2e6", "2e4-2e7", "2e4-2e8",
				"2e4-2a4", "2e4-2b4", "2e4-2c4", "2e4-2d4", "2e4-2f4", "2e4-2g4", "2e4-2h4", "2e4-2i4", "2e4-2j4", "2e4-2k4", "2e4-2l4"}},
		{name: "a frozen piece does not defend: the King may take what it guards",
			pieces: []string{"2e1K", "2l8k", "2e2w", "2e4o", "1e4B"}, from: "2e1",
			want: []string{"2e1-2d2", "2e1-2f2", "2e1x2e2", "2e1-3e1", "2e1-1e1"}},
		{name: "unfrozen, the same piece defends",
			pieces: []string{"2e1K", "2l8k", "2e2w", "2e4o", "1e5B"}, from: "2e1",
			want: []string{"2e1-2d2", "2e1-2f2", "2e1-3e1", "2e1-1e1"}},
		{name: "a Basilisk may not unfreeze a piece that would give check",
			pieces: []string{"2e1K", "2l8k", "2e4o", "1e4B"}, from: "1e4", want: nil},
		{name: "a frozen King cannot move even out of check",
			pieces: []string{"2e4K", "1e4b", "2a4o", "2l8k"}, from: "2e4", want: nil},
	})
	// A frozen piece gives no check.
	p := mustParse(t, build(t, "g", "2e1K", "2l8k", "2e4o", "1e4B"), "")
	if p.InCheck() {
		t.Error("frozen Oliphant gives check")
	}
	q := mustParse(t, build(t, "g", "2e1K", "2l8k", "2e4o", "1e5B"), "")
	if !q.InCheck() {
		t.Error("unfrozen Oliphant gives no check")
	}
	var marks []string
	for _, v := range p.Pieces(nil) {
		if v.Square == square(lvGround, 4, 3) {
			marks = v.Marks
		}
	}
	if !slices.Equal(marks, []string{"frozen"}) {
		t.Errorf("frozen Oliphant marks %v", marks)
	}
}

func TestDragonCheckFromAfar(t *testing.T) {
	p := mustParse(t, build(t, "s", "2e4K", "2l8k", "3f6r"), "")
	if p.InCheck() {
		t.Fatal("check before the Dragon moves")
	}
	play(t, p, "3f6-3e5")
	if !p.InCheck() {
		t.Fatal("Dragon above the square next to the King gives no check")
	}
	got := movesFrom(p, "2e4")
	// The Dragon reaches 2e5 2d5 2f5 2e6 2e4 from afar, and 3e4 by a step.
	want := []string{"2e4-2d3", "2e4-2e3", "2e4-2f3", "2e4-2d4", "2e4-2f4", "2e4-1e4"}
	if !slices.Equal(got, sorted(want)) {
		t.Errorf("King escapes %v, want %v", got, sorted(want))
	}
	// The capture from afar: From = To = the Dragon, Target = the victim.
	q := mustParse(t, build(t, "s", "2a1K", "2l8k", "3e5r", "2e4O"), "")
	m, err := q.ParseMove("3e5x2e4")
	if err != nil {
		t.Fatal(err)
	}
	v := q.DescribeMove(m)
	if v.From != square(lvSky, 4, 4) || v.To != v.From || v.Target != square(lvGround, 4, 3) {
		t.Errorf("DescribeMove afar = %+v", v)
	}
	if _, err := q.ParseMove("3e52e4"); err != nil {
		t.Errorf("move without separator: %v", err)
	}
	before := q.String()
	q.Play(m)
	if want := build(t, "g", "2a1K", "2l8k", "3e5r"); q.String() != strings.Replace(want, " 0 1", " 0 2", 1) {
		t.Errorf("after capture from afar: %s", q.String())
	}
	q.Undo()
	if q.String() != before {
		t.Errorf("undo: %s", q.String())
	}
}

func sorted(s []string) []string { s = slices.Clone(s); slices.Sort(s); return s }

func TestKingForcedOffAndBack(t *testing.T) {
	p := mustParse(t, build(t, "g", "2a1K", "2l1o", "2k2o", "2h8k"), "")
	if !p.InCheck() {
		t.Fatal("no check")
	}
	if got := movesFrom(p, "2a1"); !slices.Equal(got, []string{"2a1-1a1", "2a1-3a1"}) {
		t.Fatalf("King escapes %v", got)
	}
	play(t, p, "2a1-3a1", "2l1-2l3")
	if got := movesFrom(p, "3a1"); !slices.Equal(got, []string{"3a1-2a1"}) {
		t.Fatalf("King on 3 moves %v", got)
	}
	play(t, p, "3a1-2a1")
	// Compare boards only: the clocks moved on.
	want := build(t, "s", "2a1K", "2l3o", "2k2o", "2h8k")
	if strings.Fields(p.String())[0] != strings.Fields(want)[0] {
		t.Errorf("after return: %s", p.String())
	}
}

func TestCannotLeaveKingInCheck(t *testing.T) {
	// The Thief on 2b2 is pinned by the Thief on 2d4 and may only move along
	// the pin line.
	runMoveCases(t, []moveCase{
		{name: "pinned thief", pieces: []string{"2a1K", "2b2T", "2d4t", "2l8k"}, from: "2b2",
			want: []string{"2b2-2c3", "2b2x2d4"}},
		{name: "piece blocking an elemental's capture up", pieces: []string{"2e4K", "1e4D", "1f4e", "2l8k"}, from: "1e4",
			want: nil},
		{name: "piece blocking a mage from 3 to 1", pieces: []string{"1e4K", "2e4T", "3e4m", "2l8k"}, from: "2e4",
			want: nil},
		{name: "elemental two-step line", pieces: []string{"1e4K", "1e5C", "1e6e", "2l8k"}, from: "1e5",
			want: []string{"1e5x1e6"}},
	})
}

func TestEndings(t *testing.T) {
	mate := mustParse(t, build(t, "g", "2a1K", "2l1o", "2l2o", "3b2c", "1b2c", "2h6k"), "")
	o := mate.Outcome()
	if !o.Over || o.Winner() != 1 || o.Reason != "checkmate" || mate.ToMove() != game.NoPlayer {
		t.Errorf("mate: %+v", o)
	}
	stale := mustParse(t, build(t, "g", "2a1K", "2b8o", "2l2o", "3b2c", "1b2c", "2h6k"), "")
	if o := stale.Outcome(); !o.Over || o.Winner() != game.NoPlayer || o.Reason != "stalemate" {
		t.Errorf("stalemate: %+v", o)
	}
	if stale.InCheck() {
		t.Error("stalemate with check")
	}
	// Threefold repetition by Unicorn shuffles.
	p := mustParse(t, startPos, "")
	for i := 0; i < 2; i++ {
		if p.Outcome().Over {
			t.Fatalf("over after %d cycles", i)
		}
		play(t, p, "2b1-2a3", "2b8-2a6", "2a3-2b1", "2a6-2b8")
	}
	if o := p.Outcome(); !o.Over || o.Reason != "threefold repetition" || len(p.LegalMoves(nil)) != 0 {
		t.Errorf("repetition: %+v", o)
	}
	p.Undo()
	if p.Outcome().Over {
		t.Error("over after undo")
	}
	// 100-move rule: the 100th move without capture or pawn-like move draws.
	q := mustParse(t, strings.Replace(startPos, " 0 1", " 99 80", 1), "")
	play(t, q, "2b1-2a3")
	if o := q.Outcome(); !o.Over || o.Reason != "100-move rule" || len(q.LegalMoves(nil)) != 0 {
		t.Errorf("100-move rule: %+v", o)
	}
	r := mustParse(t, strings.Replace(startPos, " 0 1", " 99 80", 1), "")
	play(t, r, "2a2-2a3")
	if r.Outcome().Over {
		t.Error("a Warrior move must reset the clock")
	}
}

func TestPromotion(t *testing.T) {
	p := mustParse(t, build(t, "g", "2a1K", "2l8k", "2e7W", "2d8o"), "")
	got := movesFrom(p, "2e7")
	if !slices.Equal(got, []string{"2e7-2e8", "2e7x2d8"}) {
		t.Fatalf("moves %v", got)
	}
	m, _ := p.ParseMove("2e7x2d8")
	if v := p.DescribeMove(m); v.Promotion != 'H' || v.Target != square(lvGround, 3, 7) {
		t.Errorf("DescribeMove %+v", v)
	}
	p.Play(m)
	if p.b[square(lvGround, 3, 7)] != code(hero, gold) {
		t.Error("no Hero after promotion")
	}
	p.Undo()
	if p.b[square(lvGround, 4, 6)] != code(warrior, gold) {
		t.Error("undo did not restore the Warrior")
	}
	s := mustParse(t, build(t, "s", "2a1K", "2l8k", "2e2w"), "")
	play(t, s, "2e2-2e1")
	if p := s.b[square(lvGround, 4, 0)]; p != code(hero, scarlet) {
		t.Errorf("scarlet promotion gave %d", p)
	}
}
