// Package boardview writes positions and moves in the JSON the web app
// draws: the pieces, the board's shape, hands, check and the legal moves.
// The play server and the WebAssembly engine both answer with it, so the
// page reads one format whichever of them it asks. It knows games only
// through the game contract.
package boardview
