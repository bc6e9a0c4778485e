package dragonchess

import (
	"strings"

	"wyrm/game"
)

// Diagrams shows each piece on f4 of its level (f2 for Warriors and
// Dragons, their first rank of play), Kings in the Ground's corners, and an
// enemy Warrior near enough to show how the piece captures: on the Ground
// below a Sky or Underworld piece, diagonally ahead of a Ground piece.
func (dragonchessGame) Diagrams() []game.Diagram {
	levels := map[rune]int{'S': 0, 'G': 0, 'R': 0, 'W': 1, 'O': 1, 'U': 1, 'H': 1, 'T': 1, 'C': 1, 'M': 1, 'K': 1, 'P': 1, 'D': 2, 'B': 2, 'E': 2}
	var ds []game.Diagram
	for _, l := range "SGRWOUHTCMKPDBE" {
		boards := [3][8]string{}
		for lv := range boards {
			for r := range boards[lv] {
				boards[lv][r] = "12"
			}
		}
		boards[1][0], boards[1][7] = "11k", "K11"
		if l == 'K' {
			boards[1][7] = "12"
		}
		boards[levels[l]][4] = "5" + string(l) + "6"
		if l == 'W' || l == 'D' {
			boards[levels[l]][4] = "12"
			boards[levels[l]][6] = "5" + string(l) + "6"
		}
		if levels[l] == 1 {
			if l != 'W' {
				boards[1][3] = "6w5"
			} else {
				boards[1][5] = "6w5"
			}
		} else {
			boards[1][4] = "5w6"
		}
		var parts []string
		for _, b := range boards {
			parts = append(parts, strings.Join(b[:], "/"))
		}
		ds = append(ds, game.Diagram{Letter: byte(l), Position: strings.Join(parts, "|") + " g 0 1"})
	}
	return ds
}
