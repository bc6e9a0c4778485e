package loadtest

import (
	"context"
	"errors"
	"fmt"
	"math/rand/v2"
	"net/http"
	"sync/atomic"
	"time"

	"wyrm/game"
)

// fleet runs the simulated games.
type fleet struct {
	cfg    Config
	bases  []string          // the nodes, taken in turn
	named  map[string]string // each node's base by the name it gives itself
	turn   atomic.Uint64     // the next node's turn
	g      game.Game
	hc     *http.Client
	rec    *recorder
	setup  chan struct{} // semaphore for creating and connecting
	ready  atomic.Int64  // games connected and playing
	states atomic.Int64  // state messages received
	think  time.Duration
	seeds  *rand.Rand
	client atomic.Int64 // simulated players so far, for their addresses
}

// clientHeader is the header that gives a new simulated player its own
// address, or nil.
func (f *fleet) clientHeader() http.Header {
	if f.cfg.ClientHeader == "" {
		return nil
	}
	n := f.client.Add(1)
	return http.Header{f.cfg.ClientHeader: {fmt.Sprintf("10.%d.%d.%d", n>>16&255, n>>8&255, n&255)}}
}

// play runs one game slot until ctx is done: create a game with two
// local seats, connect both, alternate legal moves with think time, and
// start over when the game ends. started is signalled once the first
// game is connected.
func (f *fleet) play(ctx context.Context, seed uint64, started func()) {
	rng := rand.New(rand.NewPCG(seed, seed^0x5851f42d4c957f2d))
	first := true
	defer func() {
		if first {
			started() // never got going; do not hold up the others
		}
	}()
	var moves []game.Move
	for ctx.Err() == nil {
		seats, id, err := f.open(ctx)
		if err != nil {
			if ctx.Err() == nil {
				f.rec.fail(kindOf(err, "setup"))
				sleep(ctx, time.Second) // a server in trouble should not be hammered
			}
			continue
		}
		f.rec.game(true)
		if first {
			first = false
			f.ready.Add(1)
			started()
			// Spread the first moves over one think time.
			sleep(ctx, time.Duration(rng.Int64N(int64(f.think)+1)))
		}
		pos, err := f.g.Start(nil)
		if err != nil {
			f.rec.fail("start")
			return
		}
		for ply := 0; ply < f.cfg.MaxPlies && ctx.Err() == nil; ply++ {
			moves = pos.LegalMoves(moves[:0])
			if len(moves) == 0 {
				break
			}
			m := moves[rng.IntN(len(moves))]
			text := pos.MoveString(m)
			c := seats[int(pos.ToMove())%2]
			start := time.Now()
			mctx, cancel := withTimeout(ctx, 10*time.Second)
			err := c.send(mctx, map[string]any{"type": "move", "move": text, "id": ply + 2})
			if err == nil {
				_, err = c.await(mctx, ply+2)
			}
			cancel()
			if err != nil {
				if ctx.Err() == nil {
					f.rec.fail(kindOf(err, "move"))
				}
				break
			}
			f.rec.move(time.Since(start))
			pos.Play(m)
			// Think: uniform in [0.5, 1.5] of the mean.
			sleep(ctx, f.think/2+time.Duration(rng.Int64N(int64(f.think)+1)))
		}
		f.rec.game(false)
		for _, c := range seats {
			c.close()
		}
		_ = id
	}
}

// open creates a game and connects its two seats.
func (f *fleet) open(ctx context.Context) ([2]*conn, string, error) {
	var seats [2]*conn
	select {
	case f.setup <- struct{}{}:
	case <-ctx.Done():
		return seats, "", ctx.Err()
	}
	defer func() { <-f.setup }()
	sctx, cancel := withTimeout(ctx, 30*time.Second)
	defer cancel()
	hdr := f.clientHeader()
	cr, err := createGame(sctx, f.hc, f.base(), f.cfg.Game, hdr)
	if err != nil {
		return seats, "", err
	}
	for i := range seats {
		base := f.base()
		if owner, ok := f.named[cr.node]; ok && f.cfg.Direct {
			base = owner
		}
		c, err := dialSeat(sctx, base, cr.ID, cr.node, cr.Tokens[i], &f.states, hdr)
		if err != nil {
			for _, s := range seats[:i] {
				s.close()
			}
			return seats, "", err
		}
		seats[i] = c
	}
	return seats, cr.ID, nil
}

// base is the node for the next request, in turn, as a round-robin
// balancer would choose it.
func (f *fleet) base() string {
	return f.bases[int(f.turn.Add(1)%uint64(len(f.bases)))]
}

// kindOf names an error for the report.
func kindOf(err error, step string) string {
	var r errRefused
	switch {
	case errors.As(err, &r):
		return step + " refused: " + r.msg
	case errors.Is(err, context.DeadlineExceeded):
		return step + " timed out"
	}
	return step + " failed: " + shorten(err.Error())
}

func shorten(s string) string {
	if len(s) > 80 {
		return s[:80] + "..."
	}
	return s
}

func sleep(ctx context.Context, d time.Duration) {
	t := time.NewTimer(d)
	defer t.Stop()
	select {
	case <-t.C:
	case <-ctx.Done():
	}
}
