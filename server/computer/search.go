package computer

import (
	"context"
	"errors"
	"time"

	"wyrm/game"
	"wyrm/search"
)

// SearchEngine plays computer seats with wyrm's search. It keeps a small
// pool of engines (each with its own hash table), which caps the searches
// running at once on this node; computer players beyond it wait in line
// for one, within their clocks.
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

// Capacity implements Capacity: the searchers in the pool.
func (e *SearchEngine) Capacity() int { return cap(e.pool) }

// search waits for a searcher until ctx is done, then searches pos at
// level for think, never past ctx's deadline.
func (e *SearchEngine) search(ctx context.Context, pos game.Position, level int, think time.Duration) (search.Result, error) {
	var s *search.Engine
	select {
	case s = <-e.pool:
	case <-ctx.Done():
		return search.Result{}, ErrBusy
	}
	defer func() { e.pool <- s }()
	s.NewGame() // games share the pool: forget other games' positions
	s.SetLevel(level)
	lim := search.Limits{MoveTime: max(think, 5*time.Millisecond)}
	if d, ok := ctx.Deadline(); ok {
		lim.MoveTime = max(min(lim.MoveTime, time.Until(d)), 5*time.Millisecond)
	}
	return s.Search(ctx, pos, lim, nil), nil
}

// BestMove implements Engine: it waits for a searcher until ctx is done,
// then searches for think (or the level's own limits), never past ctx's
// deadline.
func (e *SearchEngine) BestMove(ctx context.Context, pos game.Position, level int, think time.Duration) (game.Move, error) {
	res, err := e.search(ctx, pos, level, think)
	if err != nil {
		return game.NoMove, err
	}
	if res.Best == game.NoMove {
		return game.NoMove, errors.New("search found no move")
	}
	return res.Best, nil
}

// Score implements Scorer: a short search, its score turned to seat's side
// (exact for two seats; with more, the side to move's score counts for
// it when it moves and against it otherwise).
func (e *SearchEngine) Score(ctx context.Context, pos game.Position, seat game.Player, level int, think time.Duration) (int, error) {
	res, err := e.search(ctx, pos, level, think)
	if err != nil {
		return 0, err
	}
	if pos.ToMove() == seat {
		return res.Score, nil
	}
	return -res.Score, nil
}
