package dungeon

import (
	"testing"

	"wyrm/game"
)

// TestGivesCheckAllocs checks that GivesCheck answers as InCheck after the
// move and does not allocate.
func TestGivesCheckAllocs(t *testing.T) {
	pos, err := Game{}.Start(game.Options{"seed": "5"})
	if err != nil {
		t.Fatal(err)
	}
	p := pos.(*Position)
	ms := p.LegalMoves(nil)
	for _, m := range ms {
		p.Play(m)
		want := p.InCheck()
		p.Undo()
		if got := p.GivesCheck(m); got != want {
			t.Fatalf("GivesCheck(%s) = %v, want %v", p.MoveString(m), got, want)
		}
	}
	if n := testing.AllocsPerRun(20, func() { p.GivesCheck(ms[0]) }); n != 0 {
		t.Fatalf("GivesCheck allocates %v times", n)
	}
}
