// Package arena pairs and scores arena tournaments in the manner of
// lichess's arenas: players who finish a game wait to be paired again at
// once, and points come from results with a bonus for streaks and for
// berserk wins. Tables may have two seats (a game of two colours) or three
// or four (games of three or four players). The package is pure: no I/O, no
// clock, and the same input always gives the same output.
//
// # Pairing
//
// Tables orders the waiting players (each ID once) by score, then rating (both highest
// first), then fewer games in the arena, then ID, and seats them in
// consecutive runs of that order, so that tables group close scores and
// then close ratings. The players left over when the count does not divide
// by the seats are the lowest in the order. A table does not hold two
// players one of whom has the other in Recent when some other grouping
// (including who is left over) avoids it; when none does, the fewest such
// meetings are allowed. The search is bounded (a fixed number of steps),
// and past the bound the plain runs of the order are used.
//
// At a two-seat table White is the player with fewer white games than
// black ones (the lower Colours), and the higher-ranked player when equal.
// Larger tables are seated in the order of the ranking.
//
// # Scoring
//
// Points scores one result. A finishing place is worth, at two seats,
// 2, 0; at three seats 3, 1, 0; at four seats 4, 2, 1, 0. Players who tie
// share out the points of the places they cover, rounded down, so a
// two-seat draw is worth 1 and two players tied first at four seats get
// 3 each. A win is a first place held alone. After two wins in a row a
// player is on a streak ("on fire"): every result is worth double until
// a result other than a win ends it (a draw on fire still counts double,
// then ends the streak). A berserk win of at least 7 of the player's own
// moves scores one more point, not doubled. OnStreak tells from a
// player's results whether their next game is on a streak, and Total
// scores a whole run of results with the streaks worked out.
package arena
