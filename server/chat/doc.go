// Package chat keeps what is said in games: each game's two rooms (its
// players' and its spectators'), the accounts players block, and the
// messages they report for the operator. Its tables live in the game
// store's database (a store.DB) beside the store's and the accounts',
// with their own numbered migrations counted in their own table,
// chat_schema_version.
//
// Text is plain: Clean makes a message one line of printable text within
// MaxRunes characters, and a Filter refuses the terms an operator banned.
// Service decides who may read and write which room and enforces the
// rate limits; it sees a game only as a Table, which the play server
// implements. The store bounds what it keeps: MaxPerRoom messages a room
// and MaxBlocks blocks an account. BlocksAPI serves a player's blocks.
//
// Statements are written once with ? placeholders, which the store's DB
// rebinds for its database.
package chat
