package dragonchess

import (
	"math/rand/v2"
	"slices"
	"testing"

	"wyrm/game"
)

// TestLegalityShortcut plays random games and checks at every node that the
// legality shortcut (testing only moves that may uncover the King) gives
// exactly the moves found by testing every move, that Undo restores the
// position, and that Parse(String()) reproduces it.
func TestLegalityShortcut(t *testing.T) {
	rng := rand.New(rand.NewPCG(1, 2))
	variants := []string{"", "troll,reversing-dwarf,summon-elemental", "en-passant-sylph-1,synchronized,harnessed-dragon-2",
		"above-ground-dwarf,harnessed-dragon-1,en-passant-sylph-2"}
	games := 40
	if testing.Short() {
		games = 8
	}
	for g := 0; g < games; g++ {
		v := variants[g%len(variants)]
		pos, _ := Game.Start(game.Options{"variants": v})
		p := pos.(*Position)
		for ply := 0; ply < 300; ply++ {
			fast := p.generate(nil, false)
			testEveryMove = true
			slow := p.generate(nil, false)
			testEveryMove = false
			slices.Sort(fast)
			slices.Sort(slow)
			if !slices.Equal(fast, slow) {
				t.Fatalf("%s: shortcut %d moves, full test %d in %s", v, len(fast), len(slow), p.String())
			}
			if p.anyLegal() != (len(fast) > 0) {
				t.Fatalf("%s: anyLegal %v with %d moves in %s", v, p.anyLegal(), len(fast), p.String())
			}
			q := mustParse(t, p.String(), v)
			if q.String() != p.String() || q.Hash() != p.Hash() {
				t.Fatalf("%s: round trip of %s gave %s", v, p.String(), q.String())
			}
			moves := p.LegalMoves(nil)
			if len(moves) == 0 {
				break
			}
			before, h := p.String(), p.Hash()
			for _, m := range moves {
				p.Play(m)
				p.Undo()
			}
			if p.String() != before || p.Hash() != h {
				t.Fatalf("undo changed %s", before)
			}
			// Prefer captures so that games open up.
			m := moves[rng.IntN(len(moves))]
			for i := 0; i < 3 && !p.isCapture(m); i++ {
				m = moves[rng.IntN(len(moves))]
			}
			p.Play(m)
		}
	}
}
