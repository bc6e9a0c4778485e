// Package computer plays the computer seats of the server's games: the
// Engine interface the games call, wyrm's search as a small pool of
// searchers (which caps the searches running at once on a node), and a
// random player for tests and servers started without a search.
package computer
