// Package tv chooses each game's featured game, its channel: the game in
// progress whose players rank highest (choose.go), kept until it ends,
// shown over for a short pause with its result, then followed by the next
// (channel.go). It reads only the lobby, which in a cluster every node
// keeps of every game, so each node answers for the whole cluster with no
// call to another (tv.go); GET /api/tv, /api/tv/{game} and the event
// stream /api/tv/events serve it (api.go). A page follows the featured
// game move by move over the game's own spectator websocket.
package tv
