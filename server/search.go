package server

import (
	"context"
	"errors"
	"time"

	"wyrm/game"
	"wyrm/search"
)

// SearchEngine plays computer seats with wyrm's search. It keeps a small
// pool of engines (each with its own hash table) so that a few games think
// at once while the rest wait their turn without blocking anything else.
type SearchEngine struct {
	pool chan *search.Engine
}

// NewSearchEngine returns an engine pool of n searchers with hashMB
// megabytes of hash each.
func NewSearchEngine(n, hashMB int) *SearchEngine {
	e := &SearchEngine{pool: make(chan *search.Engine, n)}
	for i := range n {
		s := search.New(uint64(i) + 1)
		s.SetHash(hashMB)
		e.pool <- s
	}
	return e
}

// BestMove implements Engine: it searches until ctx's deadline (or the
// level's own limits) and returns the best move found.
func (e *SearchEngine) BestMove(ctx context.Context, pos game.Position, level int) (game.Move, error) {
	sp, ok := pos.(game.Searchable)
	if !ok {
		return RandomEngine{}.BestMove(ctx, pos, level)
	}
	var s *search.Engine
	select {
	case s = <-e.pool:
	case <-ctx.Done():
		return game.NoMove, ctx.Err()
	}
	defer func() { e.pool <- s }()
	s.NewGame() // games share the pool: forget other games' positions
	s.SetLevel(level)
	lim := search.Limits{}
	if d, ok := ctx.Deadline(); ok {
		lim.MoveTime = max(time.Until(d), 5*time.Millisecond)
	}
	res := s.Search(ctx, sp, lim, nil)
	if res.Best == game.NoMove {
		return game.NoMove, errors.New("search found no move")
	}
	return res.Best, nil
}
