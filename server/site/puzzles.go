package site

import (
	"net/http"

	"wyrm/game"
	"wyrm/server/httpkit"
)

// puzzleJSON is one puzzle and the game it is of.
type puzzleJSON struct {
	Game string `json:"game"`
	game.Puzzle
}

// handlePuzzles lists the puzzles every game comes with (game.Puzzler).
func (s *Site) handlePuzzles(w http.ResponseWriter, _ *http.Request) {
	out := []puzzleJSON{}
	for _, g := range s.order {
		if pz, ok := g.(game.Puzzler); ok {
			for _, p := range pz.Puzzles() {
				out = append(out, puzzleJSON{Game: g.Info().Name, Puzzle: p})
			}
		}
	}
	httpkit.WriteJSON(w, http.StatusOK, map[string]any{"puzzles": out})
}
