package dragon

import (
	"testing"

	"wyrm/game"
)

// TestToMoveCache plays into and out of finished positions, asking ToMove
// at every step, so that a stale cached verdict after Play, Undo or a null
// move shows up as a wrong seat.
func TestToMoveCache(t *testing.T) {
	cases := []struct {
		name, fen string
		moves     []string
		wantOver  bool
	}{
		{"fool's mate", "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR[] w KQkq - 0 1",
			[]string{"f2f3", "e7e5", "g2g4", "d8h4"}, true},
		{"threefold", StartFEN,
			[]string{"g1f3", "g8f6", "f3g1", "f6g8", "g1f3", "g8f6", "f3g1", "f6g8"}, true},
		{"two knight moves", StartFEN, []string{"g1f3", "g8f6"}, false},
	}
	for _, c := range cases {
		p, err := ParseFEN(c.fen)
		if err != nil {
			t.Fatal(err)
		}
		for i, s := range c.moves {
			if got := p.ToMove(); got != game.Player(i%2) {
				t.Fatalf("%s: before move %d ToMove = %d, want %d", c.name, i, got, i%2)
			}
			m, err := p.ParseMove(s)
			if err != nil {
				t.Fatalf("%s: %v", c.name, err)
			}
			p.Play(m)
		}
		over := p.ToMove() == game.NoPlayer
		if over != c.wantOver || over != (len(p.LegalMoves(nil)) == 0) {
			t.Errorf("%s: over = %v, want %v", c.name, over, c.wantOver)
		}
		p.PlayNull()
		if !c.wantOver && p.ToMove() != game.Player(len(c.moves)%2^1) {
			t.Errorf("%s: after a null move ToMove = %d", c.name, p.ToMove())
		}
		p.UndoNull()
		if got := p.ToMove() == game.NoPlayer; got != c.wantOver {
			t.Errorf("%s: after UndoNull over = %v, want %v", c.name, got, c.wantOver)
		}
		p.Undo()
		if got := p.ToMove(); got != game.Player((len(c.moves)-1)%2) {
			t.Errorf("%s: after Undo ToMove = %d, want %d", c.name, got, (len(c.moves)-1)%2)
		}
	}
}
