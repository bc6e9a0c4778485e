package store

import (
	"context"
	"errors"
	"fmt"
	"time"

	"github.com/jackc/pgx/v5"
)

// Leases is implemented by a store that several nodes share: each game is
// written by the one node holding its lease, and every acquisition raises
// the game's term. An append carries the writer's term, and the database
// refuses it once another node has taken the game, so a node that was
// paused or cut off cannot write over its successor (fencing).
type Leases interface {
	// Acquire takes the game's lease for node until ttl from now, by the
	// database's clock, and returns the new term. It fails with
	// ErrLeaseHeld while another node holds an unexpired lease; node may
	// take over its own lease at any time, which also raises the term.
	Acquire(ctx context.Context, gameID, node string, ttl time.Duration) (int64, error)
	// Renew extends node's lease of term to ttl from now. It fails with
	// ErrLeaseLost once another node has acquired the game; an expired
	// lease that nobody took is renewed.
	Renew(ctx context.Context, gameID, node string, term int64, ttl time.Duration) error
	// Release lets another node acquire the game at once; it fails with
	// ErrLeaseLost if node no longer holds term.
	Release(ctx context.Context, gameID, node string, term int64) error
	// AppendFenced is Append that commits only while term is the game's
	// lease term, else fails with ErrFenced.
	AppendFenced(ctx context.Context, gameID string, term int64, a Action) error
}

// ErrLeaseHeld is returned by Acquire while another node holds the lease.
var ErrLeaseHeld = errors.New("store: game lease held by another node")

// ErrLeaseLost is returned by Renew and Release once the caller's term is
// no longer the game's.
var ErrLeaseLost = errors.New("store: game lease lost to another node")

// ErrFenced is returned by AppendFenced when the caller's term is not the
// game's lease term: another node owns the game now.
var ErrFenced = errors.New("store: append fenced off: stale lease term")

var _ Leases = (*Postgres)(nil)

// leaseLive is true of a lease row l that its owner still holds: not
// released, and within its own expiry (set when it was taken) or its
// owner's node lease (renewed by RenewAll).
const leaseLive = `(NOT l.released AND (l.expires_at > now() OR EXISTS (
	SELECT 1 FROM node_leases nl WHERE nl.node = l.owner AND nl.expires_at > now())))`

// ensureNodeLease gives node a node lease row (run out until it renews)
// if it has none, so that its games are found by owner once it stops.
const ensureNodeLease = `INSERT INTO node_leases(node, expires_at) VALUES($1, now()) ON CONFLICT (node) DO NOTHING`

// leaseFree is true of a lease row l that another node may take.
const leaseFree = `(NOT ` + leaseLive + `)`

// Acquire takes a game's lease; see Leases. The row lock taken by the
// upsert orders it against concurrent acquisitions and fenced appends.
func (p *Postgres) Acquire(ctx context.Context, gameID, node string, ttl time.Duration) (int64, error) {
	var term int64
	if _, err := p.pool.Exec(ctx, ensureNodeLease, node); err != nil {
		return 0, fmt.Errorf("acquire %s: %w", gameID, err)
	}
	err := p.pool.QueryRow(ctx, `INSERT INTO leases AS l (game_id, owner, term, expires_at)
		VALUES ($1, $2, 1, now() + $3::bigint * interval '1 millisecond')
		ON CONFLICT (game_id) DO UPDATE
		SET owner = EXCLUDED.owner, term = l.term + 1, expires_at = EXCLUDED.expires_at, released = false
		WHERE l.owner = EXCLUDED.owner OR `+leaseFree+`
		RETURNING term`, gameID, node, ttl.Milliseconds()).Scan(&term)
	if errors.Is(err, pgx.ErrNoRows) {
		var owner string
		var leftMs int64
		if p.pool.QueryRow(ctx, "SELECT owner, (extract(epoch FROM expires_at - now()) * 1000)::bigint FROM leases WHERE game_id = $1",
			gameID).Scan(&owner, &leftMs) == nil {
			return 0, fmt.Errorf("%w: %s holds %s for %v more", ErrLeaseHeld, owner, gameID, time.Duration(leftMs)*time.Millisecond)
		}
		return 0, fmt.Errorf("%w: %s", ErrLeaseHeld, gameID)
	}
	if err != nil {
		return 0, fmt.Errorf("acquire %s: %w", gameID, err)
	}
	return term, nil
}

// Renew extends a lease; see Leases. Only the term decides: any other
// node's acquisition raised it, so an unchanged term means nobody else
// wrote in between.
func (p *Postgres) Renew(ctx context.Context, gameID, node string, term int64, ttl time.Duration) error {
	tag, err := p.pool.Exec(ctx, `UPDATE leases SET expires_at = now() + $4::bigint * interval '1 millisecond', released = false
		WHERE game_id = $1 AND owner = $2 AND term = $3`, gameID, node, term, ttl.Milliseconds())
	if err != nil {
		return fmt.Errorf("renew %s: %w", gameID, err)
	}
	if tag.RowsAffected() == 0 {
		return fmt.Errorf("%w: %s term %d", ErrLeaseLost, gameID, term)
	}
	return nil
}

// Release ends a lease early; see Leases. The term stays, so the next
// Acquire still raises it above every append of this tenure.
func (p *Postgres) Release(ctx context.Context, gameID, node string, term int64) error {
	tag, err := p.pool.Exec(ctx, `UPDATE leases SET expires_at = now(), released = true
		WHERE game_id = $1 AND owner = $2 AND term = $3`, gameID, node, term)
	if err != nil {
		return fmt.Errorf("release %s: %w", gameID, err)
	}
	if tag.RowsAffected() == 0 {
		return fmt.Errorf("%w: %s term %d", ErrLeaseLost, gameID, term)
	}
	return nil
}

// AppendFenced stores one action while term is the game's lease term; see
// Leases. It is group committed with plain appends.
func (p *Postgres) AppendFenced(ctx context.Context, gameID string, term int64, a Action) error {
	return p.c.append(ctx, &appendReq{gameID: gameID, a: a, fenced: true, term: term})
}
