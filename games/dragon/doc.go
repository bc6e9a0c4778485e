// Package dragon implements Dragon Chess by GM Miguel Illescas: chess plus
// Dragons (bishop + knight) held in hand and dropped onto the own first
// rank. It agrees move for move with Fairy-Stockfish's variant "dragon" and
// reads and writes its FEN, UCI and SAN dialect.
//
// The board is a set of bitboards with a mailbox beside it; sliders use
// magic bitboards; moves are generated fully legal from check and pin
// masks; Play and Undo keep a Zobrist hash up to date. Perft counts the last
// ply without making its moves.
//
// Beyond go test, two flags check more: -perft.deep runs every reference
// perft count and perft 7 from both starts, and -fsf=<path of a
// Fairy-Stockfish binary> compares random games position by position with
// the reference engine (-fsf.games, -fsf.depth):
//
//	go test ./games/dragon -args -perft.deep
//	go test ./games/dragon -run Reference -args -fsf=path/to/fairy-stockfish
package dragon
