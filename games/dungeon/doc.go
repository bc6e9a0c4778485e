// Package dungeon implements Dungeon Chess (rulebook v0.2.2 with the
// project's rulings): an asymmetric game for two to four players with four
// factions of six unit types each, an 80 XP army draft, deployment, and maps
// of floor, water and void read from a small text format.
//
// The board is a padded mailbox: every map square has an index in a grid two
// squares wider than the map on every side, and the padding is void, so that
// steps, slides and knight leaps never need bounds checks. Units live in a
// fixed array; each seat owns a contiguous range of it, which serves as the
// piece list. Play and Undo are make/unmake with an undo stack, and nothing
// on the move generation, Play or Undo path allocates once warmed up.
//
// See docs/rules/dungeon-chess.md for the rules as played here, the map
// format, the position string and the move notation.
package dungeon
