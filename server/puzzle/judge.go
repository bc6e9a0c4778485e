package puzzle

import (
	"fmt"

	"wyrm/game"
	"wyrm/server/apierr"
)

// MaxMoves and MaxMoveLen bound an attempt's moves: no puzzle's line is
// longer, and no game writes a move longer.
const (
	MaxMoves   = 64
	MaxMoveLen = 64
)

// Judge says whether moves, an attempt's moves from the puzzle's position
// in the order played (the solver's and the opponents' replies), solve p:
// they follow its line to its end, where a solver's move other than the
// line's that wins the game at once (another mate) counts as the line's.
// An attempt that stops early or leaves the line at a solver's move
// fails; one that plays an opponent's reply other than the line's, or an
// illegal move, is refused, since the page plays the replies itself.
func Judge(g game.Game, p game.Puzzle, moves []string) (bool, error) {
	if len(moves) > MaxMoves {
		return false, apierr.New(apierr.Invalid, "an attempt has at most %d moves", MaxMoves)
	}
	line := p.Line
	if len(line) == 0 {
		line = []string{p.Solution}
	}
	if len(moves) > len(line) {
		return false, apierr.New(apierr.Invalid, "the attempt has %d moves, the puzzle's line %d", len(moves), len(line))
	}
	pos, err := g.Parse(p.Position, p.Options)
	if err != nil {
		return false, fmt.Errorf("puzzle %s does not parse: %w", p.ID, err)
	}
	solver := pos.ToMove()
	for i, s := range moves {
		if len(s) > MaxMoveLen {
			return false, apierr.New(apierr.Invalid, "move %d is longer than %d characters", i+1, MaxMoveLen)
		}
		m, err := pos.ParseMove(s)
		if err != nil {
			return false, apierr.New(apierr.Invalid, "move %d (%q) is not legal there", i+1, s)
		}
		text := pos.MoveString(m)
		mover := pos.ToMove()
		pos.Play(m)
		if text == line[i] {
			continue
		}
		if mover != solver {
			return false, apierr.New(apierr.Invalid, "move %d is the opponent's reply, %s, not %s", i+1, line[i], text)
		}
		o := pos.Outcome()
		return o.Over && o.Results[solver] == game.Win, nil
	}
	return len(moves) == len(line), nil
}
