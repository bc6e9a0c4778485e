// Package tournament runs arenas and Swiss tournaments of any game the
// server hosts: their store (tournaments, players, games, with migrations
// of their own), the HTTP API, and the Director, which starts each event
// on time, pairs its players, starts their games and scores them. One node
// directs a tournament at a time, under a lease in the database; every
// pairing is stored before its game starts and every result as its game
// ends, so that another node's director continues from the stored state.
// The pairing itself is pure and lives in the packages swiss and arena.
package tournament
