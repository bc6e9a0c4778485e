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

// DefaultEngine is the engine the server uses when none is configured.
func DefaultEngine() Engine { return RandomEngine{} }
