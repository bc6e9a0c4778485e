package rating

import (
	"fmt"
	"math"
)

// UpdatePlacings returns every player's rating after one game of two or
// more players ranked by placing: players[i] finished at places[i], 1 the
// best, equal places a tie. It is the Weng-Lin update with the
// Bradley-Terry model over every pair of players ("full pairing"): each
// pair is a comparison that the better placed player won (or a tie), and
// all comparisons are made from the ratings before the game.
//
// Before the game each deviation grows by the player's volatility, as a
// Glicko-2 rating period does, so that ratings keep moving; the volatility
// itself is not updated. Results are bounded by c.
func (c Config) UpdatePlacings(players []Rating, places []int) ([]Rating, error) {
	c = c.withDefaults()
	if len(players) < 2 || len(places) != len(players) {
		return nil, fmt.Errorf("rating: %d players with %d places; want two or more, one place each", len(players), len(places))
	}
	for _, p := range places {
		if p < 1 || p > len(places) {
			return nil, fmt.Errorf("rating: place %d of %d players", p, len(places))
		}
	}
	// Each player's variance for this game: deviation plus one period's
	// drift.
	s2 := make([]float64, len(players))
	for i, p := range players {
		t := vol(p) * Scale
		s2[i] = p.RD*p.RD + t*t
	}
	twoBeta2 := 2 * c.Beta * c.Beta
	out := make([]Rating, len(players))
	for i, p := range players {
		var omega, delta float64
		for q, o := range players {
			if q == i {
				continue
			}
			ciq := math.Sqrt(s2[i] + s2[q] + twoBeta2)
			// The chance that i places above q.
			piq := 1 / (1 + math.Exp((o.R-p.R)/ciq))
			omega += s2[i] / ciq * (pairScore(places[i], places[q]) - piq)
			// gamma = sigma_i / c_iq damps how much one game shrinks the
			// variance, since the pairs of one game are not independent.
			gamma := math.Sqrt(s2[i]) / ciq
			delta += gamma * s2[i] / (ciq * ciq) * piq * (1 - piq)
		}
		out[i] = c.bound(Rating{
			R:   p.R + omega,
			RD:  math.Sqrt(s2[i] * max(1-delta, c.Kappa)),
			Vol: p.Vol,
		})
	}
	return out, nil
}

// UpdatePlacings is Default.UpdatePlacings.
func UpdatePlacings(players []Rating, places []int) ([]Rating, error) {
	return Default.UpdatePlacings(players, places)
}

// pairScore is one player's score against another from their places: 1
// for the better place, 0.5 for the same.
func pairScore(mine, theirs int) float64 {
	switch {
	case mine < theirs:
		return 1
	case mine == theirs:
		return 0.5
	}
	return 0
}

// PlacesByElimination returns the places of a game of n seats from the
// order in which seats left it: out lists groups of seats, earliest first,
// the seats of a group having left at the same moment. Seats never out
// finished together at the top: one is the winner, several drew and share
// first place. If every seat is out, the last group shares first place.
// Places count as in sport: two sharing first place are both 1 and the next
// is 3.
func PlacesByElimination(n int, out [][]int) ([]int, error) {
	places := make([]int, n)
	seen := make([]bool, n)
	left := 0
	for _, grp := range out {
		for _, s := range grp {
			if s < 0 || s >= n {
				return nil, fmt.Errorf("rating: seat %d of %d", s, n)
			}
			if seen[s] {
				return nil, fmt.Errorf("rating: seat %d is out twice", s)
			}
			seen[s] = true
			left++
		}
	}
	// better counts the seats placed above the group being placed.
	better := n - left
	for s := range places {
		if !seen[s] {
			places[s] = 1
		}
	}
	for g := len(out) - 1; g >= 0; g-- {
		for _, s := range out[g] {
			places[s] = better + 1
		}
		better += len(out[g])
	}
	return places, nil
}
