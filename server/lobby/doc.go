// Package lobby is the index of every game a server knows (its own, and
// in a cluster the other nodes' as they publish them): one entry per game,
// so that a page of the open, playing or finished games is a walk back
// from a cursor without touching the games themselves (GET /api/games),
// and changed entries are pushed to the lobby pages watching
// (GET /api/lobby/events, server-sent events), together with the news of
// another feature that registers (the seeks and who is online).
package lobby
