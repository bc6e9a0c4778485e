package dungeon

import (
	_ "embed"
	"sync"

	"wyrm/game"
)

// puzzleFile holds the game's puzzles, found by "wyrm puzzles".
//
//go:embed puzzles.json
var puzzleFile []byte

var puzzles = sync.OnceValue(func() []game.Puzzle {
	p, err := game.ParsePuzzles(puzzleFile)
	if err != nil {
		panic(err) // the embedded file is part of the program; a test reads it
	}
	return p
})

// Puzzles implements game.Puzzler.
func (Game) Puzzles() []game.Puzzle { return puzzles() }
