// Package dragonchess implements Gary Gygax's Dragonchess (1985): three
// stacked 12x8 boards, fifteen kinds of piece, moves between the boards, the
// Dragon's capture from afar and the Basilisk's freezing gaze, with the nine
// optional variants of the rulebook.
//
// The board is a mailbox of 288 squares numbered as game.Viewer says
// (level-major, level 0 the Underworld). Moves come from tables precomputed
// once per set of variants: per piece, colour and square a list of targets
// (steps, rays and conditional steps), and per target square the reverse
// list used to answer "is this square attacked". Legality is decided per
// node: only moves that may uncover the King (pieces on the King's lines,
// King and Basilisk moves, any move when in check) are made and tested.
package dragonchess
