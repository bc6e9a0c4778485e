// Package bots is the bot API, in the spirit of lichess's: a bot account
// follows its challenges and games starting on its event stream
// (/api/stream/events), accepts and declines challenges through the
// challenge endpoints, and plays each game through the endpoints here: a
// stream of the game's states, a move, a resignation. Only bot accounts
// may use them; a bot usually sends an API token. docs/bots.md describes
// it all.
//
// The package reaches the games only through the Games interface, which
// the play server implements.
package bots
