// Package fairplay analyses the moves of rated games in the background and
// puts accounts whose play stands far above their rating's norm in the
// moderators' queue: a signal for people to judge, never a ban.
//
// After a rated game of two players ends, its owner node queues it (a
// bounded queue; a full one drops the game and logs it). One worker per
// node replays it and asks the engine, as background work that waits
// while any game waits for a searcher (computer.Scheduled), for its first
// choice and a score in each position an account moved in, spending at
// most a budget of search time a minute. Per account and game it keeps
// the moves analysed, the share that matched the engine's first choice,
// the average loss against the engine's best, and the move times; per
// account and pool it adds them up, and an account above the norm of its
// rating by the margin (norm.go) is flagged.
package fairplay
