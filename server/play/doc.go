// Package play is the server's live games: each game in memory as a
// session (its table, its lock, its watchers, its timers and computer
// players), the websocket protocol of players and spectators, the game
// states they are sent, creating, joining and rematching games, and the
// game endpoints of the HTTP API. A game is its definition and an ordered
// log of actions, each stored before it is acknowledged; positions, clocks
// and results are rebuilt by replaying the log, so a restart loses
// nothing.
//
// The other features reach the games through the interfaces they declare
// themselves, which the Hall implements with small adapters: the bot API
// (bothost.go), the challenges (challengehost.go), the chat
// (chathost.go), the board editor (editorgames.go) and the cluster
// (clusterhost.go). See server/doc.go for the protocol.
package play
