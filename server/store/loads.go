package store

import (
	"context"
	"fmt"
	"time"

	"github.com/jackc/pgx/v5"
)

// NodeLoad is one live node and how many unfinished games it holds.
type NodeLoad struct {
	Node  string
	Addr  string
	Games int
}

// loads counts the unfinished games under a live lease per node, for
// every node whose heartbeat is recent. One pass over the unfinished
// leases (an index holds them), so a node asks it every few seconds, not
// per request.
const loads = `SELECT n.name, n.addr, COALESCE(c.games, 0)
	FROM nodes n JOIN heartbeats h ON h.node = n.name
	LEFT JOIN (SELECT l.owner, count(*) AS games FROM leases l LEFT JOIN node_leases nl ON nl.node = l.owner
		WHERE NOT l.finished AND NOT l.released AND (l.expires_at > now() OR nl.expires_at > now())
		GROUP BY l.owner) c ON c.owner = n.name
	WHERE h.at_ms > $1
	ORDER BY n.name`

// Loads returns the nodes that beat within the last alive (by the
// caller's clock) with their unfinished games.
func (p *Postgres) Loads(ctx context.Context, alive time.Duration) ([]NodeLoad, error) {
	rows, err := p.pool.Query(ctx, loads, time.Now().Add(-alive).UnixMilli())
	if err != nil {
		return nil, fmt.Errorf("node loads: %w", err)
	}
	out, err := pgx.CollectRows(rows, func(row pgx.CollectableRow) (NodeLoad, error) {
		var l NodeLoad
		err := row.Scan(&l.Node, &l.Addr, &l.Games)
		return l, err
	})
	if err != nil {
		return nil, fmt.Errorf("node loads: %w", err)
	}
	return out, nil
}
