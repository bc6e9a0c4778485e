package record

import (
	"fmt"

	"wyrm/game"
)

// StartPosition returns the position the record's play began from: Start
// read by g, or g's start for the record's options when there is none.
func (r *Record) StartPosition(g game.Game) (game.Position, error) {
	if r.Game != "" && r.Game != g.Info().Name {
		return nil, fmt.Errorf("record: the record is of game %q, not %q", r.Game, g.Info().Name)
	}
	opts := r.Options
	if opts == nil {
		opts = game.Options{}
	}
	if r.Start == "" {
		return g.Start(opts)
	}
	return g.Parse(r.Start, opts)
}

// Replay plays the record's moves by g's rules from its start position and
// returns the position reached. Each move is read by the position's
// ParseMove, so it must be legal; seats in Left leave the game where the
// record says. visit, when not nil, is called before each move is played,
// with the position and the move read; an error from it stops the replay.
func (r *Record) Replay(g game.Game, visit func(pos game.Position, m game.Move) error) (game.Position, error) {
	pos, err := r.StartPosition(g)
	if err != nil {
		return nil, fmt.Errorf("record: start position: %w", err)
	}
	for _, l := range r.Left {
		if l.Ply > len(r.Moves) {
			return nil, fmt.Errorf("record: seat %d leaves after move %d of %d", l.Seat+1, l.Ply, len(r.Moves))
		}
	}
	for i := 0; ; i++ {
		if err := r.leave(pos, i); err != nil {
			return nil, err
		}
		if i == len(r.Moves) {
			return pos, nil
		}
		m, err := pos.ParseMove(r.Moves[i])
		if err != nil {
			return nil, fmt.Errorf("record: move %d: %w", i+1, err)
		}
		if visit != nil {
			if err := visit(pos, m); err != nil {
				return nil, err
			}
		}
		pos.Play(m)
	}
}

// leave takes out the seats that left the game after ply moves.
func (r *Record) leave(pos game.Position, ply int) error {
	for _, l := range r.Left {
		if l.Ply != ply {
			continue
		}
		el, ok := pos.(game.Eliminator)
		if !ok || int(l.Seat) >= pos.Players() {
			return fmt.Errorf("record: seat %d cannot leave this game", l.Seat+1)
		}
		el.Eliminate(l.Seat)
	}
	return nil
}
