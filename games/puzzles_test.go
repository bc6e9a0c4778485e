package games

import (
	"testing"

	"wyrm/game"
)

// Every puzzle a game comes with is a position of that game whose solution
// is legal there and written as the game writes it.
func TestPuzzlesAreLegal(t *testing.T) {
	found := 0
	for _, g := range All() {
		pz, ok := g.(game.Puzzler)
		if !ok {
			continue
		}
		for _, p := range pz.Puzzles() {
			found++
			pos, err := g.Parse(p.Position, nil)
			if err != nil {
				t.Fatalf("%s puzzle %q: %v", g.Info().Name, p.Position, err)
			}
			m, err := pos.ParseMove(p.Solution)
			if err != nil || pos.MoveString(m) != p.Solution {
				t.Fatalf("%s puzzle %q: solution %q: %v", g.Info().Name, p.Position, p.Solution, err)
			}
			if p.Score <= p.Second {
				t.Errorf("%s puzzle %q: the solution scores %d, not more than the next move's %d", g.Info().Name, p.Position, p.Score, p.Second)
			}
		}
	}
	if found == 0 {
		t.Fatal("no game has puzzles")
	}
}
