package dragonchess

import (
	"fmt"
	"strings"

	"wyrm/game"
)

func moveFrom(m game.Move) int { return int(m & 511) }
func moveTo(m game.Move) int   { return int(m >> 9 & 511) }

// isCapture reports whether m, legal here, captures.
func (p *Position) isCapture(m game.Move) bool { return p.b[moveTo(m)] != 0 }

// MoveString writes m as origin, '-' or 'x', target: "2e2-2e3", "2e2x2f3",
// and "3g5x2g5" for a Dragon's capture from afar.
func (p *Position) MoveString(m game.Move) string {
	sep := "-"
	if p.isCapture(m) {
		sep = "x"
	}
	return squareName(moveFrom(m)) + sep + squareName(moveTo(m))
}

// ParseMove reads a move as origin and target squares, with or without a
// '-' or 'x' between them, and returns it if it is legal here.
func (p *Position) ParseMove(s string) (game.Move, error) {
	t := strings.TrimSpace(s)
	from, n, err := parseSquare(t)
	if err != nil {
		return game.NoMove, fmt.Errorf("move %q: %v", s, err)
	}
	rest := t[n:]
	if len(rest) > 0 && (rest[0] == '-' || rest[0] == 'x' || rest[0] == 'X') {
		rest = rest[1:] // the separator is optional and not checked
	}
	to, n, err := parseSquare(rest)
	if err != nil {
		return game.NoMove, fmt.Errorf("move %q: %v", s, err)
	}
	if n != len(rest) {
		return game.NoMove, fmt.Errorf("move %q: unexpected %q after the target square", s, rest[n:])
	}
	for _, m := range p.LegalMoves(p.scratch(0)) {
		if moveFrom(m) == from && moveTo(m) == to {
			return m, nil
		}
	}
	if o := p.Outcome(); o.Over {
		return game.NoMove, fmt.Errorf("move %q: the game is over (%s)", s, o.Reason)
	}
	return game.NoMove, fmt.Errorf("move %q is not legal here", s)
}
