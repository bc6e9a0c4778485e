// Package pglisten keeps a PostgreSQL LISTEN going for as long as a node
// runs: on a connection of its own, outside any pool (a pooled connection
// would be handed back and lose its LISTEN), made again after every
// failure.
package pglisten

import (
	"context"
	"time"

	"github.com/jackc/pgx/v5"
)

// Handler is what a listener does with its connection's life.
type Handler struct {
	// Connected is called each time the connection is listening again:
	// notifications sent while it was down are lost, so the caller
	// rereads what they would have said.
	Connected func()
	// Notify is called with each notification's payload, on one
	// goroutine, in order. It may query conn (a payload too long for a
	// notification is read from a table); an error drops the connection.
	Notify func(ctx context.Context, conn *pgx.Conn, payload string) error
	// Lost, when set, is told why a connection ended.
	Lost func(error)
}

// Waits between connection attempts: the first, the longest, and how long
// a connection must have lived for the next failure to start again from
// the first.
const (
	firstWait  = 100 * time.Millisecond
	longest    = 5 * time.Second
	stableLife = time.Minute
)

// Run listens on channel with connections made from cfg until ctx is done.
func Run(ctx context.Context, cfg *pgx.ConnConfig, channel string, h Handler) {
	wait := firstWait
	for {
		start := time.Now()
		err := once(ctx, cfg, channel, h)
		if ctx.Err() != nil {
			return
		}
		if h.Lost != nil {
			h.Lost(err)
		}
		if time.Since(start) > stableLife {
			wait = firstWait
		}
		select {
		case <-time.After(wait):
		case <-ctx.Done():
			return
		}
		wait = min(2*wait, longest)
	}
}

// once listens on one connection until it fails or ctx is done.
func once(ctx context.Context, cfg *pgx.ConnConfig, channel string, h Handler) error {
	cctx, cancel := context.WithTimeout(ctx, 10*time.Second)
	conn, err := pgx.ConnectConfig(cctx, cfg.Copy())
	cancel()
	if err != nil {
		return err
	}
	defer conn.Close(context.Background())
	if _, err := conn.Exec(ctx, "LISTEN "+pgx.Identifier{channel}.Sanitize()); err != nil {
		return err
	}
	h.Connected()
	for {
		n, err := conn.WaitForNotification(ctx)
		if err != nil {
			return err
		}
		if err := h.Notify(ctx, conn, n.Payload); err != nil {
			return err
		}
	}
}
