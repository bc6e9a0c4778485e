package game

import (
	"encoding/json"
	"fmt"
	"sync"
)

// Puzzle is a position in which exactly one move wins clearly, with the
// line that follows: the solver's moves, each the only clear win where it
// is played, and the opponents' best replies between them.
type Puzzle struct {
	// ID names the puzzle among its game's, for ratings and links.
	ID       string `json:"id,omitempty"`
	Position string `json:"position"`
	// Options are the game options Position is read with.
	Options Options `json:"options,omitempty"`
	// Solution is the winning move in the game's move notation, SAN in
	// the game's human notation (the same where it has none).
	Solution string `json:"solution"`
	SAN      string `json:"san"`
	// Score is the winning move's score in centipawns for the seat to
	// move, Second the best other move's.
	Score  int `json:"score"`
	Second int `json:"second"`
	// Line is every move of the solution from Position, the solver's and
	// the opponents' replies, in move notation, starting with Solution and
	// ending with a solver's move; LineSAN the same in human notation.
	Line    []string `json:"line,omitempty"`
	LineSAN []string `json:"lineSan,omitempty"`
	// Themes name what the puzzle shows ("mate", "fork"; docs/puzzles.md).
	Themes []string `json:"themes,omitempty"`
	// Moves is the number of the solver's moves in Line.
	Moves int `json:"moves,omitempty"`
	// Rating is the puzzle's first rating, from how hard the search found
	// the solution; players' attempts move it on from there.
	Rating int `json:"rating,omitempty"`
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
