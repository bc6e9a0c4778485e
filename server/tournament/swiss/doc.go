// Package swiss pairs the rounds of a Swiss tournament by the FIDE Dutch
// system (C.04.3, with the basic rules of C.04.1) and ranks the players
// with Buchholz and Sonneborn-Berger tie-breaks. It is pure: no I/O, no
// clock, and the same input, in whatever order the players are given,
// always gives the same output.
//
// # Pairing
//
// Before each round the players present are ranked by score, then by
// pairing number (rating, highest first, ties by ID). Score brackets are
// paired from the top down: the players moved down from above are paired
// first, each with the highest resident it may meet, and the rest of the
// bracket top half against bottom half (S1 against S2), trying the
// transpositions of S2 in order and then exchanges between the halves.
// Among the candidates the first one is taken that is best by the quality
// criteria, in this order:
//
//  1. the most pairs in the bracket (fewest floaters);
//  2. the smallest score differences, compared as FIDE compares them
//     (C6): the largest difference first, a floater's difference being
//     one more than its lead over the bracket;
//  3. the fewest topscorers pushed past a colour difference of 2 or to the
//     same colour three times running (last round only);
//  4. the fewest players denied their colour preference;
//  5. the fewest players denied a strong (or absolute) preference;
//  6. the fewest players floating down as in the last round, up as in the
//     last round, down as two rounds ago, up as two rounds ago (C12 to
//     C15; only when the players' Floats are given).
//
// The absolute criteria are never broken: no two players meet twice, a
// player gets at most one pairing-allocated bye (Player.Byes; a caller may
// count a forfeit win there too, as C.04.1 asks), and two players with the
// same absolute colour preference do not meet, except in the last round when
// one of them is a topscorer (more than half the possible points). A
// bracket is only paired in a way that lets the rest of the round be
// completed; when none exists it floats more players, and the round as a
// whole fails with an error wrapping ErrNoPairing that names the criterion
// in the way (repeats, the bye or colours). Nothing is relaxed unless
// asked: with Options.RelaxColours such a round is paired again with the
// colour limits lifted for everyone (as for topscorers in a last round),
// and only if that fails too is the error returned.
//
// The bye goes to the player left over in the lowest bracket, the
// lowest-ranked one who may take it unless the criteria need another.
//
// Colours follow the allocation rules: both preferences when they differ,
// else the stronger one (for two absolute ones the wider colour
// difference), else the opposite of the latest round in which the two had
// different colours, else the higher-ranked player's preference. With no
// preference on either side (round 1) the higher-ranked player gets the
// initial colour when its pairing number is odd and the other colour when
// it is even; the initial colour is White unless Options says otherwise.
//
// History builds the players' state, floats included, from the games
// played, so a caller need only keep the games.
//
// Simplified relative to the full rules: the choice of downfloaters for
// the next bracket's sake (C7) goes no further than the completion check;
// the score differences of repeated floats (C16 to C19) are not weighed;
// the search over transpositions and exchanges is bounded, so in a very
// large bracket with hard conflicts the best candidate found within the
// bound is used. Pairing numbers are recomputed from the players passed in, so a
// withdrawal may renumber those below it.
//
// # Tie-breaks
//
// Standings ranks by score, Buchholz, Sonneborn-Berger, then the order of
// the IDs given. Unplayed rounds follow FIDE's virtual-opponent rule: a
// round a player did not play (a bye, or absence) counts in their own
// Buchholz and Sonneborn-Berger as a game against a virtual opponent who
// had the player's score before that round, got the other side of the
// player's result in it, and drew every later round; and when an
// opponent's score is summed, the opponent's own unplayed rounds count as
// draws. A round is unplayed for a player who has no Game in it, up to the
// last round in the games.
package swiss
