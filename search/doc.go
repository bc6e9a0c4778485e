// Package search is wyrm's game-independent computer opponent: iterative
// deepening alpha-beta (negamax with principal variation search) over any
// game.Position, with a transposition table, aspiration windows,
// quiescence search on noisy moves, null-move pruning, late move reductions
// adjusted by history and by whether the static evaluation is improving,
// late move and futility pruning, pruning of losing captures, internal
// iterative reductions, singular extensions, killer, counter-move, history
// and continuation-history move ordering, mate scores and repetition
// handling. Games may answer "does this move give check" without playing
// it (game.CheckGiver) and name moves by piece and square (game.MoveKeyer).
// With Limits.MultiPV it finds the best few first moves, each with its own
// score and principal variation.
//
// Games with more than two players are searched either paranoid (every
// opponent minimises the searching player's score) or with Best-Reply Search
// (BRS+: only the strongest opponent reply is searched in each round, the
// other opponents play their first-ordered move).
//
// The search never prints: progress goes to a callback, and the caller stops
// it by cancelling a context.
package search
