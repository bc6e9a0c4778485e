package store

import (
	"context"
	"crypto/rand"
	"encoding/hex"
	"errors"
	"fmt"
	"time"

	"github.com/jackc/pgx/v5"
)

// Cluster is implemented by a store that several nodes share: besides the
// log and the leases, it creates a game together with its lease, tells who
// owns a game and where that node answers, renews all of a node's leases
// at once, and keeps each game's summary (what the lobby lists), pushed to
// every node as it changes.
type Cluster interface {
	Store
	Leases
	// CreateLeased stores a new game and node's lease on it, expiring ttl
	// from now, in one transaction, and returns the lease's term.
	CreateLeased(ctx context.Context, g Game, node string, ttl time.Duration) (int64, error)
	// Game returns one stored game, or ErrNotFound.
	Game(ctx context.Context, id string) (Game, error)
	// LeaseOf tells who holds a game's lease, whether it is still live and
	// where the holder answers; ErrNotFound when there is no such game.
	LeaseOf(ctx context.Context, id string) (Lease, error)
	// RenewAll extends every lease node holds (game id to term) to ttl
	// from now and returns the games whose lease another node has taken
	// (or that were released). A game of node's that is not in held is
	// let go once its own expiry has passed. With nothing held it still
	// asks the database, and fails without it.
	RenewAll(ctx context.Context, node string, held map[string]int64, ttl time.Duration) (lost []string, err error)
	// Finish marks a game over, so that no node takes it over when its
	// lease runs out; node must hold term. A finished game stays finished.
	Finish(ctx context.Context, id, node string, term int64) error
	// Orphans returns up to n unfinished games whose lease has run out,
	// the longest expired first.
	Orphans(ctx context.Context, n int) ([]Lease, error)
	// Advertise records the address at which node takes the requests
	// other nodes forward to it.
	Advertise(ctx context.Context, node, addr string) error
	// Secret returns the secret every node on this database shares, made
	// by the first node that asks.
	Secret(ctx context.Context) (string, error)
	// Publish stores summaries, each only over an older version of the
	// same game's, and notifies every listening node of each.
	Publish(ctx context.Context, node string, sums []Summary) error
	// Summaries returns every game's latest summary, oldest game first.
	Summaries(ctx context.Context) ([]Summary, error)
	// Loads returns the nodes that beat within the last alive with how
	// many unfinished games each holds, for placing and balancing games.
	Loads(ctx context.Context, alive time.Duration) ([]NodeLoad, error)
	// Listen calls fn with every summary any node publishes until ctx is
	// done. After each (re)connection it calls fn with Resync set: what
	// was published while it was not listening is only in Summaries. A
	// lost connection is reported with Err and tried again.
	Listen(ctx context.Context, fn func(Notice)) error
}

// Lease is the state of one game's lease.
type Lease struct {
	Game     string
	Owner    string // "" when no node has held it
	Addr     string // where Owner answers, "" when unknown
	Term     int64
	Live     bool // unexpired by the database's clock
	Finished bool
}

// Summary is a game as the lobby lists it, in JSON the server owns.
// Version is the length of the log it describes.
type Summary struct {
	Game      string
	CreatedMs int64
	Version   int
	Data      []byte
}

// Notice is one published summary as a listening node receives it, or a
// change of the listening connection (Resync, Err).
type Notice struct {
	Node    string // who published it
	Summary Summary
	SentAt  time.Time // by the publisher's clock
	Resync  bool      // listening (again): reread Summaries
	Err     error     // the connection was lost; it is being made again
}

// ErrNotFound is returned for a game id that names no game.
var ErrNotFound = errors.New("store: no such game")

var _ Cluster = (*Postgres)(nil)

// leaseExpiry is now plus $n milliseconds, by the database's clock.
func leaseExpiry(n int) string {
	return fmt.Sprintf("now() + $%d::bigint * interval '1 millisecond'", n)
}

// CreateLeased implements Cluster.
func (p *Postgres) CreateLeased(ctx context.Context, g Game, node string, ttl time.Duration) (int64, error) {
	tx, err := p.pool.Begin(ctx)
	if err != nil {
		return 0, fmt.Errorf("store game %s: %w", g.ID, err)
	}
	defer tx.Rollback(ctx)
	if _, err := tx.Exec(ctx, "INSERT INTO games(id, created_ms, def) VALUES($1, $2, $3)", g.ID, g.CreatedMs, string(g.Def)); err != nil {
		return 0, fmt.Errorf("store game %s: %w", g.ID, err)
	}
	if _, err := tx.Exec(ctx, "INSERT INTO leases(game_id, owner, term, expires_at) VALUES($1, $2, 1, "+leaseExpiry(3)+")",
		g.ID, node, ttl.Milliseconds()); err != nil {
		return 0, fmt.Errorf("lease game %s: %w", g.ID, err)
	}
	if _, err := tx.Exec(ctx, ensureNodeLease, node); err != nil {
		return 0, fmt.Errorf("lease game %s: %w", g.ID, err)
	}
	if err := tx.Commit(ctx); err != nil {
		return 0, fmt.Errorf("store game %s: %w", g.ID, err)
	}
	return 1, nil
}

// Game implements Cluster.
func (p *Postgres) Game(ctx context.Context, id string) (Game, error) {
	g := Game{ID: id}
	var def string
	err := p.pool.QueryRow(ctx, "SELECT created_ms, def FROM games WHERE id = $1", id).Scan(&g.CreatedMs, &def)
	if errors.Is(err, pgx.ErrNoRows) {
		return g, fmt.Errorf("%w: %s", ErrNotFound, id)
	}
	g.Def = []byte(def)
	return g, err
}

// LeaseOf implements Cluster.
func (p *Postgres) LeaseOf(ctx context.Context, id string) (Lease, error) {
	l := Lease{Game: id}
	err := p.pool.QueryRow(ctx, `SELECT COALESCE(l.owner, ''), COALESCE(l.term, 0), COALESCE(`+leaseLive+`, false),
		COALESCE(l.finished, false), COALESCE(n.addr, '')
		FROM games g LEFT JOIN leases l ON l.game_id = g.id LEFT JOIN nodes n ON n.name = l.owner
		WHERE g.id = $1`, id).Scan(&l.Owner, &l.Term, &l.Live, &l.Finished, &l.Addr)
	if errors.Is(err, pgx.ErrNoRows) {
		return l, fmt.Errorf("%w: %s", ErrNotFound, id)
	}
	return l, err
}

// RenewAll implements Cluster, in one round trip: it extends the node's
// lease (which keeps every game it holds), releases the games the node
// holds no longer (dropped without a release: they would stay with it
// while it lives) once their own expiry has passed, so that a game just
// taken, not yet in held, is kept, and reports the held games whose lease
// is another node's now or was released.
func (p *Postgres) RenewAll(ctx context.Context, node string, held map[string]int64, ttl time.Duration) ([]string, error) {
	ids := make([]string, 0, len(held))
	terms := make([]int64, 0, len(held))
	for id, term := range held {
		ids = append(ids, id)
		terms = append(terms, term)
	}
	b := &pgx.Batch{}
	b.Queue(`INSERT INTO node_leases(node, expires_at) VALUES($1, `+leaseExpiry(2)+`)
		ON CONFLICT (node) DO UPDATE SET expires_at = EXCLUDED.expires_at`, node, ttl.Milliseconds())
	// An anti-join: NOT (game_id = ANY(held)) compared every lease with
	// every held id, 575 ms a renewal at 6,700 games a node.
	b.Queue(`UPDATE leases l SET released = true
		WHERE l.owner = $1 AND NOT l.finished AND NOT l.released AND l.expires_at <= now()
		AND NOT EXISTS (SELECT 1 FROM unnest($2::text[]) AS h(game_id) WHERE h.game_id = l.game_id)`, node, ids)
	b.Queue(`SELECT h.game_id FROM unnest($2::text[], $3::bigint[]) AS h(game_id, term)
		LEFT JOIN leases l ON l.game_id = h.game_id
		WHERE l.game_id IS NULL OR l.owner <> $1 OR l.term <> h.term OR l.released`, node, ids, terms)
	br := p.pool.SendBatch(ctx, b)
	defer br.Close()
	if _, err := br.Exec(); err != nil {
		return nil, fmt.Errorf("renew leases: %w", err)
	}
	if _, err := br.Exec(); err != nil {
		return nil, fmt.Errorf("renew leases: %w", err)
	}
	rows, err := br.Query()
	if err != nil {
		return nil, fmt.Errorf("renew leases: %w", err)
	}
	lost, err := pgx.CollectRows(rows, pgx.RowTo[string])
	if err != nil {
		return nil, fmt.Errorf("renew leases: %w", err)
	}
	if err := br.Close(); err != nil {
		return nil, fmt.Errorf("renew leases: %w", err)
	}
	if len(lost) == 0 {
		return nil, nil
	}
	return lost, nil
}

// Finish implements Cluster.
func (p *Postgres) Finish(ctx context.Context, id, node string, term int64) error {
	tag, err := p.pool.Exec(ctx, "UPDATE leases SET finished = true WHERE game_id = $1 AND owner = $2 AND term = $3", id, node, term)
	if err != nil {
		return fmt.Errorf("finish %s: %w", id, err)
	}
	if tag.RowsAffected() == 0 {
		return fmt.Errorf("%w: %s term %d", ErrLeaseLost, id, term)
	}
	return nil
}

// orphans are the released games and those of nodes whose node lease
// has run out (every owner has a node lease row: ensureNodeLease), past
// their own expiry: found by owner, not by reading every lease.
const orphans = `SELECT game_id, owner, term FROM (
	SELECT l.game_id, l.owner, l.term, l.expires_at FROM leases l
	WHERE l.released AND NOT l.finished
	UNION ALL
	SELECT l.game_id, l.owner, l.term, l.expires_at FROM node_leases nl JOIN leases l ON l.owner = nl.node
	WHERE nl.expires_at <= now() AND NOT l.finished AND NOT l.released AND l.expires_at <= now()
) o ORDER BY expires_at LIMIT $1`

// Orphans implements Cluster.
func (p *Postgres) Orphans(ctx context.Context, n int) ([]Lease, error) {
	rows, err := p.pool.Query(ctx, orphans, n)
	if err != nil {
		return nil, err
	}
	return pgx.CollectRows(rows, func(row pgx.CollectableRow) (Lease, error) {
		var l Lease
		err := row.Scan(&l.Game, &l.Owner, &l.Term)
		return l, err
	})
}

// Advertise implements Cluster.
func (p *Postgres) Advertise(ctx context.Context, node, addr string) error {
	_, err := p.pool.Exec(ctx, `INSERT INTO nodes(name, addr) VALUES($1, $2)
		ON CONFLICT (name) DO UPDATE SET addr = EXCLUDED.addr, seen_at = now()`, node, addr)
	return err
}

// Secret implements Cluster.
func (p *Postgres) Secret(ctx context.Context) (string, error) {
	b := make([]byte, 32)
	if _, err := rand.Read(b); err != nil {
		return "", err
	}
	if _, err := p.pool.Exec(ctx, "INSERT INTO cluster_secret(id, secret) VALUES(1, $1) ON CONFLICT (id) DO NOTHING",
		hex.EncodeToString(b)); err != nil {
		return "", err
	}
	var s string
	err := p.pool.QueryRow(ctx, "SELECT secret FROM cluster_secret WHERE id = 1").Scan(&s)
	return s, err
}
