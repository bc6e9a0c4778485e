package loadtest

import (
	"context"
	"errors"
	"fmt"
	"math/rand/v2"
	"net/http"
	"strings"
	"sync"
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
	// reconnects counts seats connected again after the server closed
	// their connection.
	reconnects atomic.Int64
	// running is the number of game slots started; wg waits for them.
	running int
	wg      sync.WaitGroup
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
		t, err := f.open(ctx)
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
			start := time.Now()
			mctx, cancel := withTimeout(ctx, 10*time.Second)
			err := f.move(mctx, t, int(pos.ToMove())%2, pos.MoveString(m), ply)
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
		t.close()
	}
}

// table is one game being played: its two seats' connections, and what it
// takes to connect them again.
type table struct {
	created
	seats [2]*conn
	hdr   http.Header // the simulated players' address
}

func (t *table) close() {
	for _, c := range t.seats {
		if c != nil {
			c.close()
		}
	}
}

// move sends one move of seat and waits for its acknowledgement, counting
// the whole wait in its round trip. A seat whose connection the server
// closed (its game moved to another node) connects again first, as the
// page does; a move whose answer was lost that way is sent once more. It
// carries the version it was chosen on (the number of moves before it),
// so the server applies it once: if the first got through, the second is
// refused as stale, and that refusal means the move is in.
func (f *fleet) move(ctx context.Context, t *table, seat int, text string, ply int) error {
	id := ply + 2 // 1 is the hello
	msg := map[string]any{"type": "move", "move": text, "id": id, "version": ply}
	for attempt := 0; ; attempt++ {
		if t.seats[seat].lost() {
			c, err := f.dial(ctx, t, seat)
			if err != nil {
				return fmt.Errorf("reconnecting: %w", err)
			}
			t.seats[seat].close()
			t.seats[seat] = c
			f.reconnects.Add(1)
		}
		c := t.seats[seat]
		err := c.send(ctx, msg)
		if err == nil {
			_, err = c.await(ctx, id)
		}
		var refused errRefused
		switch {
		case err == nil:
			return nil
		case attempt > 0 && errors.As(err, &refused) && strings.Contains(refused.msg, "moved on"):
			return nil
		case attempt == 0 && ctx.Err() == nil && (errors.Is(err, errLost) || c.lost()):
			continue
		}
		return err
	}
}

// open creates a game and connects its two seats.
func (f *fleet) open(ctx context.Context) (*table, error) {
	select {
	case f.setup <- struct{}{}:
	case <-ctx.Done():
		return nil, ctx.Err()
	}
	defer func() { <-f.setup }()
	sctx, cancel := withTimeout(ctx, 30*time.Second)
	defer cancel()
	t := &table{hdr: f.clientHeader()}
	var err error
	if t.created, err = createGame(sctx, f.hc, f.base(), f.cfg.Game, t.hdr); err != nil {
		return nil, err
	}
	for i := range t.seats {
		if t.seats[i], err = f.dial(sctx, t, i); err != nil {
			t.close()
			return nil, err
		}
	}
	return t, nil
}

// dial connects a seat of t: through the next node in turn, or to the
// node that made the game with Direct (after a handover that node no
// longer owns it and passes the connection on, as it does for the page).
func (f *fleet) dial(ctx context.Context, t *table, seat int) (*conn, error) {
	base := f.base()
	if owner, ok := f.named[t.node]; ok && f.cfg.Direct {
		base = owner
	}
	return dialSeat(ctx, base, t.ID, t.node, t.Tokens[seat], &f.states, t.hdr)
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
