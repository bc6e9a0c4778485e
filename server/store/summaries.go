package store

import (
	"context"
	"encoding/json"
	"fmt"
	"time"
	"wyrm/internal/pglisten"

	"github.com/jackc/pgx/v5"
)

// summaryChannel is the LISTEN/NOTIFY channel of published summaries.
const summaryChannel = "wyrm_summaries"

// maxPayload keeps a notification under PostgreSQL's limit (8000 bytes);
// a longer summary is announced without its data, which the listener then
// reads from the table.
const maxPayload = 7900

// notice is a notification's payload.
type notice struct {
	Node    string `json:"n"`
	Game    string `json:"g"`
	Created int64  `json:"c"`
	Version int    `json:"v"`
	SentUs  int64  `json:"t"`
	Data    string `json:"d,omitempty"`
}

// publish stores the summaries not older than the stored ones (one of the
// same version replaces it: what a game's log does not count, such as its
// spectators, changed) and notifies the listeners of each, all in one
// statement.
const publish = `WITH s AS (
	SELECT * FROM unnest($1::text[], $2::bigint[], $3::integer[], $4::text[]) AS s(game_id, created_ms, version, data)
), up AS (
	INSERT INTO summaries(game_id, created_ms, version, data) SELECT * FROM s
	ON CONFLICT (game_id) DO UPDATE SET version = EXCLUDED.version, data = EXCLUDED.data
	WHERE summaries.version <= EXCLUDED.version
)
SELECT pg_notify('` + summaryChannel + `', p) FROM unnest($5::text[]) AS p`

// Publish implements Cluster.
func (p *Postgres) Publish(ctx context.Context, node string, sums []Summary) error {
	// One row per game: an upsert may not touch a row twice.
	latest := map[string]Summary{}
	for _, s := range sums {
		if old, ok := latest[s.Game]; !ok || s.Version >= old.Version {
			latest[s.Game] = s
		}
	}
	var ids, data, payloads []string
	var created []int64
	var versions []int32
	now := time.Now().UnixMicro()
	for _, s := range latest {
		ids = append(ids, s.Game)
		created = append(created, s.CreatedMs)
		versions = append(versions, int32(s.Version))
		data = append(data, string(s.Data))
		n := notice{Node: node, Game: s.Game, Created: s.CreatedMs, Version: s.Version, SentUs: now, Data: string(s.Data)}
		b, err := json.Marshal(n)
		if err != nil {
			return err
		}
		if len(b) > maxPayload {
			n.Data = ""
			b, _ = json.Marshal(n)
		}
		payloads = append(payloads, string(b))
	}
	if len(ids) == 0 {
		return nil
	}
	if _, err := p.pool.Exec(ctx, publish, ids, created, versions, data, payloads); err != nil {
		return fmt.Errorf("publish summaries: %w", err)
	}
	return nil
}

// Summaries implements Cluster.
func (p *Postgres) Summaries(ctx context.Context) ([]Summary, error) {
	rows, err := p.pool.Query(ctx, `SELECT game_id, created_ms, version, data FROM summaries ORDER BY created_ms, game_id COLLATE "C"`)
	if err != nil {
		return nil, err
	}
	return pgx.CollectRows(rows, scanSummary)
}

func scanSummary(row pgx.CollectableRow) (Summary, error) {
	var s Summary
	var data string
	err := row.Scan(&s.Game, &s.CreatedMs, &s.Version, &data)
	s.Data = []byte(data)
	return s, err
}

// Listen implements Cluster. It listens on a connection of its own, outside
// the pool, which it holds for as long as it runs.
func (p *Postgres) Listen(ctx context.Context, fn func(Notice)) error {
	pglisten.Run(ctx, p.pool.Config().ConnConfig, summaryChannel, pglisten.Handler{
		Connected: func() { fn(Notice{Resync: true}) },
		Notify: func(ctx context.Context, conn *pgx.Conn, payload string) error {
			var msg notice
			if err := json.Unmarshal([]byte(payload), &msg); err != nil {
				return nil // not ours
			}
			out := Notice{Node: msg.Node, SentAt: time.UnixMicro(msg.SentUs),
				Summary: Summary{Game: msg.Game, CreatedMs: msg.Created, Version: msg.Version, Data: []byte(msg.Data)}}
			if msg.Data == "" {
				// Too long to travel in the notification: read it.
				rows, err := conn.Query(ctx, "SELECT game_id, created_ms, version, data FROM summaries WHERE game_id = $1", msg.Game)
				if err != nil {
					return err
				}
				s, err := pgx.CollectExactlyOneRow(rows, scanSummary)
				if err != nil {
					return nil // gone since
				}
				out.Summary = s
			}
			fn(out)
			return nil
		},
		Lost: func(err error) { fn(Notice{Err: err}) },
	})
	return nil
}
