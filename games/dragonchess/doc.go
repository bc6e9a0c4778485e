// Package dragonchess implements Gary Gygax's Dragonchess (1985): three
// stacked 12x8 boards, fifteen kinds of piece, moves between the boards, the
// Dragon's capture from afar and the Basilisk's freezing gaze, with the nine
// optional variants of the rulebook.
//
// The board is a mailbox of 288 squares numbered as game.Viewer says
// (level-major, level 0 the Underworld), with piece lists and a bit set of
// each colour's squares. Moves come from tables built once per set of
// variants: per piece, colour and square, the plain steps and jumps as bit
// sets by mode (move, capture, either) and the rest (lines, moves that need
// an empty square on the way, captures from afar) as entries; per target
// square, the reverse list used to answer "is this square attacked".
// Legality is decided per node: only moves that may uncover the King (a
// lone blocker in front of an attacker, King moves, moves of a Basilisk that
// freezes an enemy piece, any move when in check) are made and tested, and the last ply of perft is counted
// by popcount.
package dragonchess
