// Package rating is the arithmetic of wyrm's player ratings, with no I/O:
// Glicko-2 for two-player games (each game its own rating period), the
// Weng-Lin Bradley-Terry full-pair update for games of three or four
// players ranked by placing, the provisional rule, and the speed classes
// that split rating pools by time control. docs/ratings.md explains the
// systems, their parameters and the choices.
//
// Every rating in this package is on one scale: a new player is 1500 with
// a deviation of 350, and a difference of 400 points means the same odds in
// both systems, so a profile shows them alike.
package rating
