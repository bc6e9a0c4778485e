package store

import (
	"context"
	"errors"
	"fmt"
	"time"

	"github.com/jackc/pgx/v5"
	"github.com/jackc/pgx/v5/pgxpool"
	"github.com/jackc/pgx/v5/stdlib"
)

// Postgres is a Store in a PostgreSQL database, which several wyrm nodes
// may share. It also keeps per-game leases (see Leases).
type Postgres struct {
	pool *pgxpool.Pool
	c    *committer
	// handle is the features' DB: a database/sql view of pool, which keeps
	// no connections of its own.
	handle
}

// IdleInTransaction is how long the database keeps a transaction whose
// client has stopped sending, before it ends the session and rolls the
// transaction back. A batch never waits on its client this long unless the
// client is stalled; it is shorter than a lease time, so a stalled node's
// locks are gone by the time its leases expire.
const IdleInTransaction = 3 * time.Second

// commitTimeout bounds one batch transaction, so that a database that
// stops answering fails the waiting appends instead of holding them
// forever.
const commitTimeout = 30 * time.Second

// migrationLock is the advisory lock key that makes nodes opening one
// database at the same time migrate it one after the other.
const migrationLock = 0x7779726d // "wyrm"

// OpenPostgres connects to the database at url (postgres://...) and brings
// its schema up to date.
//
// Unless url sets synchronous_commit itself, it is forced on for wyrm's
// connections: a commit, and so an acknowledged append, then waits for the
// WAL to reach disk (and any synchronous standby) whatever the server's
// default is. Likewise idle_in_transaction_session_timeout is set (to
// IdleInTransaction): a node frozen or cut off in the middle of a batch
// would otherwise keep its transaction, and the lease rows it locked,
// until the database noticed the connection dead, and no other node could
// take those games over.
func OpenPostgres(ctx context.Context, url string) (*Postgres, error) {
	cfg, err := pgxpool.ParseConfig(url)
	if err != nil {
		return nil, fmt.Errorf("open postgres: %w", err)
	}
	if _, ok := cfg.ConnConfig.RuntimeParams["synchronous_commit"]; !ok {
		cfg.ConnConfig.RuntimeParams["synchronous_commit"] = "on"
	}
	if _, ok := cfg.ConnConfig.RuntimeParams["idle_in_transaction_session_timeout"]; !ok {
		cfg.ConnConfig.RuntimeParams["idle_in_transaction_session_timeout"] = fmt.Sprint(IdleInTransaction.Milliseconds())
	}
	if _, ok := cfg.ConnConfig.RuntimeParams["application_name"]; !ok {
		cfg.ConnConfig.RuntimeParams["application_name"] = "wyrm"
	}
	pool, err := pgxpool.NewWithConfig(ctx, cfg)
	if err != nil {
		return nil, fmt.Errorf("open postgres: %w", err)
	}
	all, err := migrations("postgres")
	if err == nil {
		err = migratePostgres(ctx, pool, all)
	}
	if err != nil {
		pool.Close()
		return nil, fmt.Errorf("open postgres: %w", err)
	}
	p := &Postgres{pool: pool, handle: handle{
		sql:     stdlib.OpenDBFromPool(pool),
		dialect: PostgresDialect,
		listen:  pool.Config().ConnConfig,
	}}
	p.c = newCommitter(p.commit)
	return p, nil
}

// migratePostgres applies the steps of all that the database lacks, in one
// transaction, holding an advisory lock so that nodes starting together do
// not race.
func migratePostgres(ctx context.Context, pool *pgxpool.Pool, all []migration) error {
	tx, err := pool.Begin(ctx)
	if err != nil {
		return err
	}
	defer tx.Rollback(ctx)
	if _, err := tx.Exec(ctx, "SELECT pg_advisory_xact_lock($1)", int64(migrationLock)); err != nil {
		return err
	}
	if _, err := tx.Exec(ctx, `CREATE TABLE IF NOT EXISTS schema_version (
		version    INTEGER PRIMARY KEY,
		applied_at TIMESTAMPTZ NOT NULL DEFAULT now())`); err != nil {
		return err
	}
	var current int
	if err := tx.QueryRow(ctx, "SELECT COALESCE(MAX(version), 0) FROM schema_version").Scan(&current); err != nil {
		return err
	}
	todo, err := pending(all, current)
	if err != nil {
		return err
	}
	for _, m := range todo {
		if _, err := tx.Exec(ctx, m.SQL); err != nil {
			return fmt.Errorf("migration %s: %w", m.Name, err)
		}
		if _, err := tx.Exec(ctx, "INSERT INTO schema_version(version) VALUES($1)", m.Version); err != nil {
			return err
		}
	}
	return tx.Commit(ctx)
}

// Close finishes the appends already queued and closes the connections.
func (p *Postgres) Close() error {
	p.c.close()
	p.handle.sql.Close()
	p.pool.Close()
	return nil
}

// CreateGame stores a new game definition.
func (p *Postgres) CreateGame(ctx context.Context, g Game) error {
	_, err := p.pool.Exec(ctx, "INSERT INTO games(id, created_ms, def) VALUES($1, $2, $3)", g.ID, g.CreatedMs, string(g.Def))
	if err != nil {
		return fmt.Errorf("store game %s: %w", g.ID, err)
	}
	return nil
}

// Beat implements Store.
func (p *Postgres) Beat(ctx context.Context, node string, atMs int64) error {
	_, err := p.pool.Exec(ctx, "INSERT INTO heartbeats(node, at_ms) VALUES($1, $2) ON CONFLICT(node) DO UPDATE SET at_ms = excluded.at_ms", node, atMs)
	return err
}

// LastBeat implements Store.
func (p *Postgres) LastBeat(ctx context.Context, node string) (int64, error) {
	var at int64
	err := p.pool.QueryRow(ctx, "SELECT at_ms FROM heartbeats WHERE node = $1", node).Scan(&at)
	if errors.Is(err, pgx.ErrNoRows) {
		return 0, nil
	}
	return at, err
}

// Append stores one action of a game and returns once it is committed. a.Seq
// must be the next number; a number already used gives ErrConflict.
func (p *Postgres) Append(ctx context.Context, gameID string, a Action) error {
	return p.c.append(ctx, &appendReq{gameID: gameID, a: a})
}

// insertAction adds one action unless its (game, seq) key is taken: then
// the primary key turns the insert into nothing, and no row comes back.
const insertAction = `INSERT INTO actions(game_id, seq, at_ms, seat, kind, data)
VALUES($1, $2, $3, $4, $5, $6)
ON CONFLICT (game_id, seq) DO NOTHING`

// insertFenced adds one action only while $7 is the game's lease term, and
// tells which check failed. FOR SHARE holds the lease row until commit, so
// an Acquire by another node waits for this batch; and a batch that waited
// for an Acquire sees the new term and is refused.
const insertFenced = `WITH lease AS (
	SELECT 1 FROM leases WHERE game_id = $1 AND term = $7 FOR SHARE
), ins AS (
	INSERT INTO actions(game_id, seq, at_ms, seat, kind, data)
	SELECT $1, $2::integer, $3::bigint, $4::integer, $5::text, $6::text FROM lease
	ON CONFLICT (game_id, seq) DO NOTHING
	RETURNING 1
)
SELECT EXISTS (SELECT 1 FROM lease), EXISTS (SELECT 1 FROM ins)`

// commit writes a batch in one transaction, its statements pipelined in
// one round trip. Postgres aborts the whole transaction on any failed
// statement, so conflicts and fencing are rows not inserted rather than
// errors; a statement that still fails (an unknown game) fails its own
// request, and the rest of the batch is retried without it.
func (p *Postgres) commit(batch []*appendReq) []error {
	ctx, cancel := context.WithTimeout(context.Background(), commitTimeout)
	defer cancel()
	errs := make([]error, len(batch))
	todo := make([]int, len(batch)) // indexes into batch still to commit
	for i := range todo {
		todo[i] = i
	}
	for len(todo) > 0 {
		reqs := make([]*appendReq, len(todo))
		for j, i := range todo {
			reqs[j] = batch[i]
		}
		refused, bad, err := p.commitBatch(ctx, reqs)
		if err == nil {
			for j, i := range todo {
				errs[i] = refused[j]
			}
			break
		}
		if bad < 0 {
			// The transaction itself failed (begin or commit): nothing in
			// it was acknowledged.
			for _, i := range todo {
				errs[i] = fmt.Errorf("store action %d of %s: %w", batch[i].a.Seq, batch[i].gameID, err)
			}
			break
		}
		i := todo[bad]
		errs[i] = fmt.Errorf("store action %d of %s: %w", batch[i].a.Seq, batch[i].gameID, err)
		todo = append(todo[:bad], todo[bad+1:]...)
	}
	return errs
}

// commitBatch runs batch in one transaction. It returns each request's
// refusal (ErrConflict, ErrFenced) and a non-nil error if the transaction
// did not commit, with bad the index of the request whose statement failed
// or -1 if the transaction as a whole failed.
func (p *Postgres) commitBatch(ctx context.Context, batch []*appendReq) (refused []error, bad int, err error) {
	refused = make([]error, len(batch))
	tx, err := p.pool.Begin(ctx)
	if err != nil {
		return nil, -1, err
	}
	defer tx.Rollback(ctx)
	b := &pgx.Batch{}
	for _, r := range batch {
		args := []any{r.gameID, r.a.Seq, r.a.AtMs, r.a.Seat, r.a.Kind, r.a.Data}
		if r.fenced {
			b.Queue(insertFenced, append(args, r.term)...)
		} else {
			b.Queue(insertAction, args...)
		}
	}
	br := tx.SendBatch(ctx, b)
	defer br.Close()
	for i, r := range batch {
		if r.fenced {
			var leased, inserted bool
			if err := br.QueryRow().Scan(&leased, &inserted); err != nil {
				return nil, i, err
			}
			switch {
			case !leased:
				refused[i] = ErrFenced
			case !inserted:
				refused[i] = ErrConflict
			}
			continue
		}
		tag, err := br.Exec()
		if err != nil {
			return nil, i, err
		}
		if tag.RowsAffected() == 0 {
			refused[i] = ErrConflict
		}
	}
	if err := br.Close(); err != nil {
		return nil, -1, err
	}
	if err := tx.Commit(ctx); err != nil {
		return nil, -1, err
	}
	return refused, -1, nil
}

// Games returns every stored game, oldest first. Ties go by id in byte
// order, as in SQLite, whatever the database's collation.
func (p *Postgres) Games(ctx context.Context) ([]Game, error) {
	rows, err := p.pool.Query(ctx, `SELECT id, created_ms, def FROM games ORDER BY created_ms, id COLLATE "C"`)
	if err != nil {
		return nil, err
	}
	return pgx.CollectRows(rows, func(row pgx.CollectableRow) (Game, error) {
		var g Game
		var def string
		err := row.Scan(&g.ID, &g.CreatedMs, &def)
		g.Def = []byte(def)
		return g, err
	})
}

// Actions returns a game's log in order.
func (p *Postgres) Actions(ctx context.Context, gameID string) ([]Action, error) {
	rows, err := p.pool.Query(ctx, "SELECT seq, at_ms, seat, kind, data FROM actions WHERE game_id = $1 ORDER BY seq", gameID)
	if err != nil {
		return nil, err
	}
	return pgx.CollectRows(rows, func(row pgx.CollectableRow) (Action, error) {
		var a Action
		err := row.Scan(&a.Seq, &a.AtMs, &a.Seat, &a.Kind, &a.Data)
		return a, err
	})
}
