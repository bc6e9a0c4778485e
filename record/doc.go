// Package record writes and reads game records in PGN, the one format
// every wyrm tool uses to store games: the server's downloads, wyrm match's
// --pgn files and the openings it reads.
//
// The package knows no game by name; it works through the contract in
// package game. What other programs call a game (the Variant tag, "dragon"
// for Dragon Chess) comes in as data in Record.Variant.
//
// # What is written
//
// The seven-tag roster comes first, in its order: Event, Site, Date, Round,
// White, Black, Result. Then, where they apply: Seat1..SeatN (games of more
// than two seats), Variant, Game (wyrm's name of the game), Options,
// TimeControl, SetUp and FEN (SetUp first, so that readers know the FEN is
// coming), Termination, Reason, Results, Left, and the caller's own tags.
//
// Termination holds one of the standard values (normal, time forfeit,
// adjudication, abandoned, rules infraction, unterminated); wyrm's own words
// for the end ("checkmate", "move limit") go in Reason. A game stopped
// before its end, by a move cap say, is written "*" with Termination
// "unterminated".
//
// Moves are in the game's human notation where it has one (SAN for Dragon
// Chess, see game.SANer), otherwise in its move notation. The movetext is
// wrapped into lines of at most 79 characters, and a move number is never
// split from the move it numbers.
//
// # Games of more than two seats
//
// PGN has no result for three or four players. Such records still open with
// the seven-tag roster, so that PGN tools take them, but White and Black are
// "?" and Result is "*"; the players are in Seat1..SeatN and each seat's
// result in Results, as words in seat order ("win,loss,eliminated").
// Move numbers count rounds: a new number starts whenever the seat to move
// is not later in turn order than the one before.
//
// A seat that resigns or loses on time while the others play on is listed
// in Left as seat@ply (seats from 1, plies counted from the start), so that
// a reader can take the seat out at the same point before replaying the
// moves that follow.
package record
