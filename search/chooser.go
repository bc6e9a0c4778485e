package search

import (
	"context"
	"errors"
	"sync"
	"sync/atomic"
	"time"

	"wyrm/game"
)

// Chooser picks one move at a level for callers that do not manage engines
// themselves, such as the web app's computer seats. It is safe for
// concurrent use: every call borrows an Engine of its own from a pool.
type Chooser struct {
	// MoveTime is the thinking time per move (one second when zero).
	MoveTime time.Duration
	pool     sync.Pool
	seed     atomic.Uint64
}

// BestMove searches pos at level (1..MaxLevel) and returns the chosen move.
// It returns soon after ctx is done.
func (c *Chooser) BestMove(ctx context.Context, pos game.Position, level int) (game.Move, error) {
	sp, ok := pos.(game.Searchable)
	if !ok {
		return game.NoMove, errors.New("search: position is not searchable")
	}
	e, _ := c.pool.Get().(*Engine)
	if e == nil {
		e = New(uint64(time.Now().UnixNano()) + c.seed.Add(1))
		e.SetHash(8)
	}
	defer c.pool.Put(e)
	e.SetLevel(level)
	mt := c.MoveTime
	if mt <= 0 {
		mt = time.Second
	}
	r := e.Search(ctx, sp, Limits{MoveTime: mt}, nil)
	if r.Best == game.NoMove {
		return game.NoMove, errors.New("search: no legal move")
	}
	return r.Best, nil
}
