// Package puzzlegen finds puzzles in engine self-play: positions where one
// move wins clearly, followed while the solver's move stays the only clear
// win, each with its themes and a first rating from how hard the search
// found it. "wyrm puzzles" drives it; docs/puzzles.md gives the recipe.
package puzzlegen
