package puzzle

import (
	"math"

	"wyrm/internal/glicko2"
	"wyrm/server/apierr"
)

// system rates puzzles: τ = 0.75 lets a rating follow a player who
// improves; the RD stays between a floor, so that a player who solves much
// still moves, and a newcomer's.
var system = glicko2.System{Tau: 0.75, MinRD: 45, MaxRD: 500}

// newPlayer is a player's puzzle rating before any attempt.
var newPlayer = glicko2.Rating{Rating: 1500, RD: 350, Volatility: 0.06}

// puzzleStart is a puzzle's rating before any attempt: its file's, fairly
// uncertain, since the search's guess at its difficulty is rough.
func puzzleStart(rating int) glicko2.Rating {
	if rating == 0 {
		rating = 1500
	}
	return glicko2.Rating{Rating: float64(rating), RD: 300, Volatility: 0.06}
}

// rate is one rated attempt: a period of one game for the player, won if
// solved, and for the puzzle, won if not.
func rate(player, puzzle glicko2.Rating, solved bool) (glicko2.Rating, glicko2.Rating) {
	s := 0.0
	if solved {
		s = 1
	}
	return system.Update(player, []glicko2.Result{{Opponent: puzzle, Score: s}}),
		system.Update(puzzle, []glicko2.Result{{Opponent: player, Score: 1 - s}})
}

// Bounds of a guest's rating as the browser sends it back.
const (
	MinRating     = 100
	MaxRating     = 4000
	MaxVolatility = 0.5
)

// checkGuest refuses a guest's rating that no attempts can have made.
func checkGuest(r glicko2.Rating) error {
	ok := func(v float64) bool { return !math.IsNaN(v) && !math.IsInf(v, 0) }
	if !ok(r.Rating) || !ok(r.RD) || !ok(r.Volatility) || r.Rating < MinRating || r.Rating > MaxRating ||
		r.RD < system.MinRD || r.RD > system.MaxRD || r.Volatility <= 0 || r.Volatility > MaxVolatility {
		return apierr.New(apierr.Invalid, "a guest's rating is %d to %d, its RD %g to %g, its volatility above 0 and at most %g",
			MinRating, MaxRating, system.MinRD, system.MaxRD, MaxVolatility)
	}
	return nil
}
