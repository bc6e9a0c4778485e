// Package challenge keeps the offers of a game that players make before the
// game exists, and the event streams through which they hear of them.
//
// A challenge names a game (by name), its author and, when it is direct,
// the player it is for; its terms (options, clock, rated or casual, a
// rating range) are JSON that the server owns and checks. A seek is a
// challenge with no target, open to anyone: the one model serves the
// lobby's seeks, quick pairing and challenges to a player.
//
// # Streams
//
// A Stream is one event stream a player holds open (a browser tab, later a
// bot), stored by the SHA-256 of the secret its holder proves it with. A
// challenge belongs to the stream it was posted from and is removed with it:
// when the stream closes, when its node stops renewing it (the node died;
// see Config.StreamTTL), or when the node starts again. A challenge also
// ends at its own expiry, when it is accepted, declined or cancelled. The
// signed-in players with a stream open are the players online.
//
// # Several nodes
//
// Everything is in the game store's database, SQLite or PostgreSQL, beside
// the store's and the accounts' tables (with its own numbered migrations),
// so that every node of a cluster sees every challenge. Taking a challenge
// is one DELETE ... RETURNING: of two players accepting one seek at once,
// exactly one gets it. Counting a player's challenges and inserting one are
// serialised per player (an advisory lock on PostgreSQL; SQLite has one
// writer), so that a limit is never overshot.
//
// Every change is announced as an Event to every node, its own included:
// on PostgreSQL with NOTIFY inside the change's transaction (so an event is
// heard exactly when its change is visible), on SQLite within the process.
// Listen delivers them, and a Resync whenever some may have been missed.
//
// Times are the nodes' own clocks; nodes sharing a database should agree
// within a few seconds (NTP), well under the stream time-to-live.
//
// # The hub
//
// A Hub is a node's live part (hub.go): the HTTP API of challenges, seeks,
// event streams and who is online (api.go, eventstream.go), the index of
// open seeks and the news it gives the lobby's pages (seeks.go). It knows
// the games only through Games, which the server implements, so that it
// never reaches into the games' sessions.
package challenge
