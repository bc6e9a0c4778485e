package puzzlegen

import (
	"math/rand/v2"
	"slices"
	"testing"

	"wyrm/game"
	"wyrm/games/dragonchess"
)

// themesOf plays line (in move notation) from pos and returns its themes.
func themesOf(t *testing.T, pos game.Position, start int, line ...string) []string {
	t.Helper()
	q := pos.Clone()
	var ms []game.Move
	for _, s := range line {
		m, err := q.ParseMove(s)
		if err != nil {
			t.Fatalf("%s: %q: %v", pos, s, err)
		}
		ms = append(ms, m)
		q.Play(m)
	}
	return Themes(pos, ms, start)
}

// Each theme of a two-player game is found on a position made for it, and
// not where it is absent.
func TestThemes(t *testing.T) {
	for _, c := range []struct {
		pos   string
		line  []string
		start int
		want  []string
	}{
		// A back-rank mate.
		{"6k1/5ppp/8/8/8/8/r4PPP/1R4K1[] w - - 0 1", []string{"b1b8"}, 32, []string{ThemeEndgame, ThemeMate, "mateIn1", ThemeOneMove}},
		// A Dragon dropped from hand mates (a puzzle of the old file).
		{"1k4Q1/ppp4p/1q2B2P/8/8/5r2/r4b2/6DK[dd] b - - 0 40", []string{"D@f8"}, 0, []string{ThemeDrop, ThemeOneMove}},
		// A pawn promotes, and the king is too far.
		{"8/P6k/8/8/8/8/8/K7[] w - - 0 1", []string{"a7a8q"}, 32, []string{ThemeEndgame, ThemeOneMove, ThemePromotion}},
		// The queen takes a rook, the king steps aside, the queen takes a
		// pawn attacked together with the e8 rook: a fork winning material.
		{"3rr1k1/ppp2ppp/1p6/p7/8/8/3Q1PPP/3R2K1[] w - - 0 1", []string{"d2d8", "g8f8", "d8c7"}, 32, []string{ThemeFork, ThemeMaterial, ThemeShort}},
		// A quiet rook move; three solver moves make a long line.
		{"4k3/8/8/8/8/8/8/R3K3[] w - - 0 1", []string{"a1a2", "e8d8", "a2a3", "d8e8", "a3a4"}, 0, []string{ThemeLong, ThemeQuiet}},
	} {
		pos := parse(t, c.pos)
		if got := themesOf(t, pos, c.start, c.line...); !slices.Equal(got, c.want) {
			t.Errorf("%s %v: themes %v, want %v", c.pos, c.line, got, c.want)
		}
	}
}

// Dragonchess's Dragon captures from afar and its Basilisk freezes: walking
// seeded random games, the first such moves of the solver's side are found
// as themes, and ordinary moves before them are not.
func TestThemesAfarAndFreeze(t *testing.T) {
	rng := rand.New(rand.NewPCG(3, 4))
	found := map[string]bool{}
	for k := 0; k < 10 && !(found[ThemeAfar] && found[ThemeFreeze]); k++ {
		pos, err := dragonchess.Game.Start(nil)
		if err != nil {
			t.Fatal(err)
		}
		for ply := 0; ply < 160 && !Finished(pos); ply++ {
			legal := pos.LegalMoves(nil)
			for _, m := range legal {
				if ply%3 != 0 {
					break // every third position is enough
				}
				mv := pos.DescribeMove(m)
				afar := mv.Target >= 0 && mv.From >= 0 && (mv.To < 0 || mv.To == mv.From)
				q := pos.Clone()
				q.Play(m)
				freezes := marked(q, pos.ToMove(), "frozen") > marked(pos, pos.ToMove(), "frozen")
				got := Themes(pos, []game.Move{m}, 0)
				if slices.Contains(got, ThemeAfar) != afar || slices.Contains(got, ThemeFreeze) != freezes {
					t.Fatalf("%s %s: themes %v, from afar %v, freezes %v", pos, pos.MoveString(m), got, afar, freezes)
				}
				found[ThemeAfar] = found[ThemeAfar] || afar
				found[ThemeFreeze] = found[ThemeFreeze] || freezes
			}
			pos.Play(legal[rng.IntN(len(legal))])
		}
	}
	if !found[ThemeAfar] || !found[ThemeFreeze] {
		t.Errorf("no capture from afar or freeze met: %v", found)
	}
}
