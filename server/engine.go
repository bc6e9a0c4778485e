package server

import (
	"context"
	"errors"
	"math/rand/v2"

	"wyrm/game"
)

// Engine chooses moves for computer seats. BestMove may take its time but
// must return soon after ctx is done. pos is the engine's own copy.
type Engine interface {
	BestMove(ctx context.Context, pos game.Position, level int) (game.Move, error)
}

// SetupAdvisor is implemented by a game.Setup that can propose a valid
// choice for a seat, so computer seats can take part in drafts and
// deployments.
type SetupAdvisor interface {
	Suggest(p game.Player) (string, error)
}

// RandomEngine plays a uniformly random legal move: the fallback when no
// search is available.
type RandomEngine struct{}

// BestMove implements Engine.
func (RandomEngine) BestMove(_ context.Context, pos game.Position, _ int) (game.Move, error) {
	moves := pos.LegalMoves(nil)
	if len(moves) == 0 {
		return game.NoMove, errors.New("no legal move")
	}
	return moves[rand.IntN(len(moves))], nil
}

// DefaultEngine is wyrm's search with two searchers of 16 MB each: this
// server is meant for a small machine shared by a few games.
func DefaultEngine() Engine { return NewSearchEngine(2, 16) }
