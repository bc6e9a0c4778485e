// Package server is wyrm's play server: an HTTP API, websockets for real
// time play, an embedded SQLite store, computer players and the static web
// app. It knows the games only through the wyrm/game contract: rules
// diagrams, check marks, seat names, setup help and record tags all come
// from the games themselves.
//
// This package only assembles the features, each a package of its own
// (server/play for the live games, server/lobby, server/challenge,
// server/account, server/lists, server/chat, server/bots, server/cluster,
// server/editor, server/site), and keeps the front door every request
// passes: the client's address, the same-origin guard, signing in and the
// request log. The protocol below is the whole server's.
//
// # Storage
//
// A game is its definition (game, options, seats, clock) and an ordered log
// of actions (join, setup, move, resign, draw, decline, timeout, rematch),
// each stored durably before it is acknowledged. Positions, clocks and
// results are rebuilt by replaying the log, at start-up and for browsing
// old positions, so a restart loses nothing.
//
// # HTTP
//
//	GET  /api/meta                    games and their options
//	GET  /api/seats?game=&options=    number and names of seats for those options
//	GET  /api/games                   open, in progress and finished games
//	POST /api/games                   create: {game, options, seats, clock}
//	GET  /api/games/{id}              the state as a spectator sees it
//	POST /api/games/{id}/join         take an invited seat: {seat} -> {token}
//	GET  /api/games/{id}/ply/{n}      the board after n moves
//	GET  /api/games/{id}/record       PGN-style record
//	GET  /ws/{id}                     websocket
//	GET  /api/stream/events           a player's event stream (server/challenge)
//	GET  /api/challenges              open seeks; a player's challenges
//	POST /api/challenges              seek, challenge a player, or pair quickly
//	POST /api/challenges/{id}/accept  the game: {game, seat, token}; also decline, cancel
//	GET  /api/online                  signed-in players online
//	GET  /api/chat/blocks             the accounts a signed-in player blocks
//	POST /api/chat/blocks             block or unblock one: {name, block}
//	GET  /rules/, /rules/{game}       rules pages with move diagrams
//	GET  /healthz, /metrics           liveness, Prometheus text metrics
//
// # Websocket
//
// The server sends {"type":"state",...} on connect and after every change,
// as seen by the seats the connection holds. A client proves seats with
// {"type":"hello","tokens":[...]} and then acts with
// {"type":"move","move":"e2e4"}, {"type":"setup","seat":0,"choice":"..."},
// {"type":"resign"}, {"type":"draw"} (offer or accept), {"type":"decline"},
// {"type":"rematch"} (ask for a rematch, or agree to one asked for; the new
// game is made once every player agrees), {"type":"no-rematch"} (decline it),
// {"type":"suggest","seat":0} (a valid setup choice),
// {"type":"check","seat":0,"choice":"..."} (the game's reading of a setup
// choice being written, answered {"type":"checked","summary":...}) or
// {"type":"ping"}; an action may carry the "version" of the state it was
// chosen on, and is then refused if the game has moved on since (a message
// delayed on a connection the client gave up on cannot land later, in
// another position); an optional "id" is echoed in the {"type":"ack"} or
// {"type":"error","code":...,"message":...} answer, whose code is one of
// server/apierr's (the same as HTTP errors carry). Messages are limited in
// size and rate; anything malformed, unknown, out of turn or from a
// spectator gets an error and changes nothing.
//
// # Chat
//
// {"type":"chat-history"} answers {"type":"chat-history","rooms":[...],
// "messages":[...],"max":200}: the rooms the connection reads now (with
// whether it may write there) and their latest messages; the page asks
// again when its seats or the game's end change what it reads.
// {"type":"chat","room":"players","text":"..."} says something, which
// every reader of the room then gets as {"type":"chat","message":{...}};
// {"type":"chat-report","message":id} reports a message to the operator.
// Package chat has the rules.
package server
