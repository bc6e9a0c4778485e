package puzzle

import (
	"math"

	"wyrm/rating"
	"wyrm/server/apierr"
)

// system rates puzzles: τ = 0.75 lets a rating follow a player who
// improves; the RD stays between a floor, so that a player who solves much
// still moves, and a newcomer's.
var system = rating.Config{Tau: 0.75, MinRD: 45, MaxRD: 500}

// newPlayer is a player's puzzle rating before any attempt.
var newPlayer = rating.Rating{R: 1500, RD: 350, Vol: 0.06}

// puzzleStart is a puzzle's rating before any attempt: its file's, fairly
// uncertain, since the search's guess at its difficulty is rough.
func puzzleStart(r int) rating.Rating {
	if r == 0 {
		r = 1500
	}
	return rating.Rating{R: float64(r), RD: 300, Vol: 0.06}
}

// rate is one rated attempt: a period of one game for the player, won if
// solved, and for the puzzle, won if not.
func rate(player, puzzle rating.Rating, solved bool) (rating.Rating, rating.Rating) {
	s := 0.0
	if solved {
		s = 1
	}
	return system.UpdateTwoPlayer(player, puzzle, s)
}

// Bounds of a guest's rating as the browser sends it back.
const (
	MinRating     = 100
	MaxRating     = 4000
	MaxVolatility = 0.5
)

// checkGuest refuses a guest's rating that no attempts can have made.
func checkGuest(r rating.Rating) error {
	ok := func(v float64) bool { return !math.IsNaN(v) && !math.IsInf(v, 0) }
	if !ok(r.R) || !ok(r.RD) || !ok(r.Vol) || r.R < MinRating || r.R > MaxRating ||
		r.RD < system.MinRD || r.RD > system.MaxRD || r.Vol <= 0 || r.Vol > MaxVolatility {
		return apierr.New(apierr.Invalid, "a guest's rating is %d to %d, its RD %g to %g, its volatility above 0 and at most %g",
			MinRating, MaxRating, system.MinRD, system.MaxRD, MaxVolatility)
	}
	return nil
}
