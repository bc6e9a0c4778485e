// Package botbridge connects a UCI engine to a wyrm server through the bot
// API (docs/bots.md): it follows a bot account's event stream, accepts the
// challenges that fit its filters and declines the others with a reason,
// and for each game starts the engine in a process of its own, tells it the
// game (UCI_Variant and the game's options), and on the bot's turn sends
// "position" and "go" and posts the engine's bestmove. "wyrm bot" is its
// command line.
package botbridge
