package puzzle

import (
	"math/rand/v2"
	"slices"

	"wyrm/game"
)

// shelf is one game's puzzles.
type shelf struct {
	g      game.Game
	byID   map[string]game.Puzzle
	themes map[string]int // how many puzzles show each theme
	all    []game.Puzzle
}

// catalogue holds every game's puzzles (game.Puzzler), by game name.
type catalogue map[string]*shelf

func newCatalogue(games []game.Game) catalogue {
	c := catalogue{}
	for _, g := range games {
		pz, ok := g.(game.Puzzler)
		if !ok {
			continue
		}
		s := &shelf{g: g, byID: map[string]game.Puzzle{}, themes: map[string]int{}}
		for _, p := range pz.Puzzles() {
			if p.ID == "" {
				continue // a puzzle without an id cannot be rated
			}
			s.byID[p.ID] = p
			s.all = append(s.all, p)
			for _, t := range p.Themes {
				s.themes[t]++
			}
		}
		if len(s.all) > 0 {
			c[g.Info().Name] = s
		}
	}
	return c
}

// The next puzzle is drawn from the pickWindow puzzles nearest the target
// rating that are within pickSpread of it (the nearest alone when none
// is), so that a player does not always meet the same.
const (
	pickWindow = 12
	pickSpread = 150
)

// pick draws a puzzle with theme ("" for any) near target, skipping the
// seen ones (all of them seen: any); rating gives a puzzle's current
// rating. ok is false when no puzzle has the theme.
func (s *shelf) pick(theme string, target float64, seen map[string]bool, rating func(game.Puzzle) float64, rng *rand.Rand) (game.Puzzle, bool) {
	var fit, fresh []game.Puzzle
	for _, p := range s.all {
		if theme == "" || slices.Contains(p.Themes, theme) {
			fit = append(fit, p)
			if !seen[p.ID] {
				fresh = append(fresh, p)
			}
		}
	}
	if len(fresh) > 0 {
		fit = fresh
	}
	if len(fit) == 0 {
		return game.Puzzle{}, false
	}
	dist := func(p game.Puzzle) float64 {
		d := rating(p) - target
		return d * d
	}
	slices.SortStableFunc(fit, func(a, b game.Puzzle) int {
		da, db := dist(a), dist(b)
		switch {
		case da < db:
			return -1
		case da > db:
			return 1
		}
		return 0
	})
	n := 1
	for n < min(pickWindow, len(fit)) && dist(fit[n]) <= pickSpread*pickSpread {
		n++
	}
	return fit[rng.IntN(n)], true
}
