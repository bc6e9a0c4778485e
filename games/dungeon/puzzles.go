package dungeon

import (
	_ "embed"

	"wyrm/game"
)

// puzzleFile holds the game's puzzles, found by "wyrm puzzles".
//
//go:embed puzzles.json
var puzzleFile []byte

var puzzles = game.EmbeddedPuzzles(puzzleFile)

// Puzzles implements game.Puzzler.
func (Game) Puzzles() []game.Puzzle { return puzzles() }
