package search

// Scores are centipawns from the point of view of the side the value is
// reported for. Mate scores count plies: MateScore-n means "mate in n plies".
const (
	// Infinity bounds every score.
	Infinity = 32000
	// MateScore is the score of delivering mate at the root itself.
	MateScore = 31000
	// MaxPly is the deepest ply the search reaches.
	MaxPly    = 120
	mateBound = MateScore - 2*MaxPly
)

// IsMate reports whether s is a forced win or loss score.
func IsMate(s int) bool { return s > mateBound || s < -mateBound }

// MatePlies returns the plies to mate for a mate score: positive when the
// searching side mates, negative when it is mated, 0 for other scores.
func MatePlies(s int) int {
	switch {
	case s > mateBound:
		return MateScore - s
	case s < -mateBound:
		return -(MateScore + s)
	}
	return 0
}

// MateMoves converts a mate score to the UCI "mate N" number of own moves:
// positive when the searching side mates, negative when it is mated.
func MateMoves(s int) int {
	p := MatePlies(s)
	switch {
	case p > 0:
		return (p + 1) / 2
	case p < 0:
		return p / 2
	}
	return 0
}

// toTT converts a score relative to the root to one relative to the node at
// ply, so that stored mate scores stay correct when reached by another path.
func toTT(s, ply int) int {
	switch {
	case s > mateBound:
		return s + ply
	case s < -mateBound:
		return s - ply
	}
	return s
}

func fromTT(s, ply int) int {
	switch {
	case s > mateBound:
		return s - ply
	case s < -mateBound:
		return s + ply
	}
	return s
}
