// Package store keeps the play server's games in an embedded SQLite file:
// each game's definition and its ordered log of actions. Positions are never
// stored; the server rebuilds them by replaying the log, so the log is the
// single source of truth.
//
// The database runs in WAL mode with synchronous=FULL: every committed action
// is on disk before Append returns, so the server acknowledges an action
// only once a crash or power loss can no longer lose it. Appends are group
// committed: one writer goroutine takes every append waiting at that moment
// into a single transaction, so thousands of games moving at once cost one
// fsync per batch instead of one per move, and a lone move still commits at
// once.
package store

import (
	"context"
	"database/sql"
	"errors"
	"fmt"
	"net/url"
	"sync"

	_ "modernc.org/sqlite" // registers the pure-Go "sqlite" driver
)

// Store is an open game database. It is safe for concurrent use.
type Store struct {
	db      *sql.DB
	appends chan *appendReq
	stop    chan struct{} // closed by Close: no new appends
	stopped chan struct{} // closed when the writer has finished
	once    sync.Once
}

// appendReq is one action waiting for the writer; done receives its result.
type appendReq struct {
	gameID string
	a      Action
	done   chan error
}

// maxBatch bounds one group commit, so that a flood of appends still
// reaches the disk in steady steps.
const maxBatch = 512

// ErrClosed is returned by Append after Close.
var ErrClosed = errors.New("store: closed")

// Game is one stored game definition; Def is opaque JSON owned by the server.
type Game struct {
	ID        string
	CreatedMs int64
	Def       []byte
}

// Action is one entry of a game's log.
type Action struct {
	Seq  int    `json:"seq"`
	AtMs int64  `json:"at"`
	Seat int    `json:"seat"`
	Kind string `json:"kind"`
	Data string `json:"data,omitempty"`
}

// ErrConflict is returned when an action's sequence number is already taken.
var ErrConflict = errors.New("store: action sequence number already used")

const schema = `
CREATE TABLE IF NOT EXISTS games (
	id         TEXT PRIMARY KEY,
	created_ms INTEGER NOT NULL,
	def        TEXT NOT NULL
);
CREATE TABLE IF NOT EXISTS actions (
	game_id TEXT NOT NULL REFERENCES games(id),
	seq     INTEGER NOT NULL,
	at_ms   INTEGER NOT NULL,
	seat    INTEGER NOT NULL,
	kind    TEXT NOT NULL,
	data    TEXT NOT NULL,
	PRIMARY KEY (game_id, seq)
);`

// Open opens (creating if needed) the database file at path.
func Open(path string) (*Store, error) {
	q := url.Values{}
	for _, p := range []string{"journal_mode(WAL)", "synchronous(FULL)", "busy_timeout(5000)", "foreign_keys(1)"} {
		q.Add("_pragma", p)
	}
	db, err := sql.Open("sqlite", "file:"+path+"?"+q.Encode())
	if err != nil {
		return nil, fmt.Errorf("open %s: %w", path, err)
	}
	// One connection serialises writers; reads are rare (start-up replay).
	db.SetMaxOpenConns(1)
	if _, err := db.Exec(schema); err != nil {
		db.Close()
		return nil, fmt.Errorf("open %s: %w", path, err)
	}
	s := &Store{db: db, appends: make(chan *appendReq, maxBatch), stop: make(chan struct{}), stopped: make(chan struct{})}
	go s.writer()
	return s, nil
}

// Close finishes the appends already queued, checkpoints the WAL and closes
// the file.
func (s *Store) Close() error {
	s.once.Do(func() { close(s.stop) })
	<-s.stopped
	_, _ = s.db.Exec("PRAGMA wal_checkpoint(TRUNCATE)")
	return s.db.Close()
}

// CreateGame stores a new game definition.
func (s *Store) CreateGame(ctx context.Context, g Game) error {
	_, err := s.db.ExecContext(ctx, "INSERT INTO games(id, created_ms, def) VALUES(?,?,?)", g.ID, g.CreatedMs, string(g.Def))
	if err != nil {
		return fmt.Errorf("store game %s: %w", g.ID, err)
	}
	return nil
}

// Append stores one action of a game and returns once it is on disk. a.Seq
// must be the next number; a number already used gives ErrConflict.
func (s *Store) Append(ctx context.Context, gameID string, a Action) error {
	r := &appendReq{gameID: gameID, a: a, done: make(chan error, 1)}
	select {
	case s.appends <- r:
	case <-s.stop:
		return ErrClosed
	case <-ctx.Done():
		return ctx.Err()
	}
	select {
	case err := <-r.done:
		return err
	case <-s.stopped:
		// The writer may have finished this one just before stopping.
		select {
		case err := <-r.done:
			return err
		default:
			return ErrClosed
		}
	case <-ctx.Done():
		// The action may still be committed; the server replays the log
		// after a failed save, so it never acts on a guess.
		return ctx.Err()
	}
}

// writer commits queued appends in batches until Close.
func (s *Store) writer() {
	defer close(s.stopped)
	batch := make([]*appendReq, 0, maxBatch)
	for {
		select {
		case r := <-s.appends:
			batch = append(batch[:0], r)
		case <-s.stop:
			// Finish what was queued before Close.
			for {
				select {
				case r := <-s.appends:
					s.commit([]*appendReq{r})
				default:
					return
				}
			}
		}
	fill:
		for len(batch) < maxBatch {
			select {
			case r := <-s.appends:
				batch = append(batch, r)
			default:
				break fill
			}
		}
		s.commit(batch)
	}
}

// commit writes a batch in one transaction. A failed insert (a sequence
// number already used) fails only its own request: SQLite aborts just that
// statement, and the rest of the batch commits.
func (s *Store) commit(batch []*appendReq) {
	ctx := context.Background()
	errs := make([]error, len(batch))
	tx, err := s.db.BeginTx(ctx, nil)
	if err != nil {
		for _, r := range batch {
			r.done <- fmt.Errorf("store action %d of %s: %w", r.a.Seq, r.gameID, err)
		}
		return
	}
	for i, r := range batch {
		_, err := tx.ExecContext(ctx, "INSERT INTO actions(game_id, seq, at_ms, seat, kind, data) VALUES(?,?,?,?,?,?)",
			r.gameID, r.a.Seq, r.a.AtMs, r.a.Seat, r.a.Kind, r.a.Data)
		if err != nil {
			var n int
			if tx.QueryRowContext(ctx, "SELECT count(*) FROM actions WHERE game_id=? AND seq=?", r.gameID, r.a.Seq).Scan(&n) == nil && n > 0 {
				errs[i] = ErrConflict
			} else {
				errs[i] = fmt.Errorf("store action %d of %s: %w", r.a.Seq, r.gameID, err)
			}
		}
	}
	if err := tx.Commit(); err != nil {
		for i := range errs {
			if errs[i] == nil {
				errs[i] = fmt.Errorf("store action %d of %s: %w", batch[i].a.Seq, batch[i].gameID, err)
			}
		}
	}
	for i, r := range batch {
		r.done <- errs[i]
	}
}

// Games returns every stored game, oldest first.
func (s *Store) Games(ctx context.Context) ([]Game, error) {
	rows, err := s.db.QueryContext(ctx, "SELECT id, created_ms, def FROM games ORDER BY created_ms, id")
	if err != nil {
		return nil, err
	}
	defer rows.Close()
	var out []Game
	for rows.Next() {
		var g Game
		var def string
		if err := rows.Scan(&g.ID, &g.CreatedMs, &def); err != nil {
			return nil, err
		}
		g.Def = []byte(def)
		out = append(out, g)
	}
	return out, rows.Err()
}

// Actions returns a game's log in order.
func (s *Store) Actions(ctx context.Context, gameID string) ([]Action, error) {
	rows, err := s.db.QueryContext(ctx, "SELECT seq, at_ms, seat, kind, data FROM actions WHERE game_id=? ORDER BY seq", gameID)
	if err != nil {
		return nil, err
	}
	defer rows.Close()
	var out []Action
	for rows.Next() {
		var a Action
		if err := rows.Scan(&a.Seq, &a.AtMs, &a.Seat, &a.Kind, &a.Data); err != nil {
			return nil, err
		}
		out = append(out, a)
	}
	return out, rows.Err()
}
