// Package tune fits a game's evaluation weights to positions from
// self-play, by Texel's method: every position is labelled with the result
// of the game it came from, the evaluation's scale is matched to results
// by one constant K, and the weights the game exposes (game.Tuner) are
// moved to minimise the mean squared error between the results and
// sigmoid(K * evaluation).
//
// Generate plays the games and records their quiet positions (data.go
// holds the file format); Fit finds K and the weights. The fit linearises
// the evaluation around the current weights (one evaluation per weight
// and position, by finite differences), minimises the error of that model
// by Levenberg-Marquardt steps, then measures the true error of the
// rounded weights and linearises again while it falls.
package tune
