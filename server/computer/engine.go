package computer

import (
	"context"
	"errors"
	"math/rand/v2"
	"time"

	"wyrm/game"
)

// Engine chooses moves for computer seats. BestMove may wait until ctx is
// done for a searcher to be free, then thinks for about think (never past
// ctx's deadline) and returns the best move found. pos is the engine's own
// copy. An error means no move was chosen: the caller never substitutes a
// random one, since a busy server must not weaken its opponents.
type Engine interface {
	BestMove(ctx context.Context, pos game.Position, level int, think time.Duration) (game.Move, error)
}

// Scorer is implemented by engines that can judge a position for a seat
// (in centipawns, positive good for it): computer seats use it to answer
// draw offers.
type Scorer interface {
	Score(ctx context.Context, pos game.Position, seat game.Player, level int, think time.Duration) (int, error)
}

// ErrBusy is returned by BestMove when no searcher came free before ctx
// was done.
var ErrBusy = errors.New("every searcher is busy")

// RandomEngine plays a uniformly random legal move: the engine of tests
// and of servers started without a search.
type RandomEngine struct{}

// BestMove implements Engine.
func (RandomEngine) BestMove(_ context.Context, pos game.Position, _ int, _ time.Duration) (game.Move, error) {
	moves := pos.LegalMoves(nil)
	if len(moves) == 0 {
		return game.NoMove, errors.New("no legal move")
	}
	return moves[rand.IntN(len(moves))], nil
}

// DefaultEngine is wyrm's search with two searchers of 16 MB each: this
// server is meant for a small machine shared by a few games.
func DefaultEngine() Engine { return NewSearchEngine(2, 16) }
