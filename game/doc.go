// Package game is the small contract shared by every wyrm game.
//
// The search, the engine protocols, the match runner, the server and the web
// app only ever talk to a game through these types. Each game lives in its own
// package under wyrm/games and keeps its hot paths (move generation, make and
// unmake, evaluation) concrete and private; the interfaces here are the seams,
// not the inner loops.
//
// The contract never assumes two colours: players are seats 0..N-1 in turn
// order, N from 2 to MaxPlayers.
package game
