package dragonchess

import (
	"math/rand/v2"
	"slices"
	"testing"

	"wyrm/game"
)

// referenceMoves is a plain generator for cross-checking: every entry of
// every piece, each candidate made and tested; sorted.
func referenceMoves(p *Position) []game.Move {
	var out []game.Move
	us := p.side
	for j := 0; j < p.n[us]; j++ {
		from := int(p.list[us][j])
		pc := p.b[from]
		if p.b[p.r.below[from]] == code(basilisk, us^1) {
			continue
		}
		es := p.r.moveList[pc][from]
		for i := 0; i < len(es); i++ {
			e := es[i]
			t := p.b[e.to()]
			ok := e.mode() != modeCapture
			if t != 0 {
				i += e.skip()
				ok = colourOf(t) != us && e.mode() != modeMove
			}
			m := game.Move(uint32(from) | e.bits())
			if ok && p.b[e.cond()] == 0 && p.safeAfter(m) {
				out = append(out, m)
			}
		}
		if p.ep != noSq {
			if m, ok := p.epCapture(from); ok {
				out = append(out, m)
			}
		}
	}
	slices.Sort(out)
	return out
}

// TestLegalityShortcut plays random games and checks at every node that the
// legality shortcut (testing only moves that may uncover the King) gives
// exactly the moves found by testing every move, that the bit-set generator
// agrees with the plain one, that Undo restores the position, and that
// Parse(String()) reproduces it.
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
			ref := referenceMoves(p)
			if !slices.Equal(fast, ref) {
				t.Fatalf("%s: generator %d moves, entry-by-entry reference %d in %s", v, len(fast), len(ref), p.String())
			}
			if c := p.countMoves(); c != len(fast) {
				t.Fatalf("%s: countMoves %d, generate %d in %s", v, c, len(fast), p.String())
			}
			var wantNoisy []game.Move
			for _, m := range fast {
				if p.IsNoisy(m) {
					wantNoisy = append(wantNoisy, m)
				}
			}
			noisy := p.generate(nil, true)
			slices.Sort(noisy)
			if !slices.Equal(noisy, wantNoisy) {
				t.Fatalf("%s: noisy moves %d, want %d in %s", v, len(noisy), len(wantNoisy), p.String())
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
