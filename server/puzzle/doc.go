// Package puzzle serves the games' puzzles to solve: the next puzzle near
// a player's puzzle rating (by game and theme), attempts judged against
// the stored line and rated by Glicko-2 (the player against the puzzle and
// the puzzle against the player, as lichess does), and streaks of puzzles
// of rising difficulty that one mistake ends. Accounts' ratings and best
// streaks are kept in the database (Store); a guest's rating is kept by
// the browser and sent with each attempt.
package puzzle
