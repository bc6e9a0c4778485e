package game

import (
	"encoding/json"
	"fmt"
	"sync"
)

// Puzzle is a position in which exactly one move wins clearly.
type Puzzle struct {
	Position string `json:"position"`
	// Solution is the winning move in the game's move notation, SAN in
	// the game's human notation (the same where it has none).
	Solution string `json:"solution"`
	SAN      string `json:"san"`
	// Score is the winning move's score in centipawns for the seat to
	// move, Second the best other move's.
	Score  int `json:"score"`
	Second int `json:"second"`
}

// Puzzler is implemented by games that come with puzzles. Without it a
// game has none.
type Puzzler interface {
	Puzzles() []Puzzle
}

// ParsePuzzles reads a puzzle file: {"puzzles": [...]}, as "wyrm puzzles"
// writes it.
func ParsePuzzles(data []byte) ([]Puzzle, error) {
	var f struct {
		Puzzles []Puzzle `json:"puzzles"`
	}
	if err := json.Unmarshal(data, &f); err != nil {
		return nil, fmt.Errorf("puzzles: %w", err)
	}
	return f.Puzzles, nil
}

// EmbeddedPuzzles reads a puzzle file a game embeds, once, on first use.
// The file is part of the program, so a file that does not parse is a
// build fault and panics; each game's tests read its file.
func EmbeddedPuzzles(data []byte) func() []Puzzle {
	return sync.OnceValue(func() []Puzzle {
		p, err := ParsePuzzles(data)
		if err != nil {
			panic(err)
		}
		return p
	})
}
