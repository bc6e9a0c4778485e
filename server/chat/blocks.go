package chat

import (
	"context"

	"wyrm/server/apierr"
)

// MaxBlocks is the most accounts one account may block.
const MaxBlocks = 1000

// ErrTooManyBlocks: the account blocks MaxBlocks accounts already.
var ErrTooManyBlocks = apierr.New(apierr.TooMany, "you block %d accounts, the most one may; unblock some first", MaxBlocks)

// Block stops the messages of account blocked (named name) from reaching
// account blocker. Blocking twice changes nothing.
func (s *Store) Block(ctx context.Context, blocker, blocked int64, name string) error {
	if blocker == blocked {
		return apierr.New(apierr.Invalid, "you cannot block yourself")
	}
	tx, err := s.db.BeginTx(ctx, nil)
	if err != nil {
		return internal("block", err)
	}
	defer tx.Rollback()
	var n, already int
	err = tx.QueryRowContext(ctx, `SELECT COUNT(*), COALESCE(SUM(CASE WHEN blocked = ? THEN 1 ELSE 0 END), 0)
		FROM chat_blocks WHERE blocker = ?`, blocked, blocker).Scan(&n, &already)
	if err != nil {
		return internal("count blocks", err)
	}
	if already > 0 {
		return nil
	}
	if n >= s.maxBlocks {
		return ErrTooManyBlocks
	}
	if _, err := tx.ExecContext(ctx, "INSERT INTO chat_blocks(blocker, blocked, blocked_name, at_ms) VALUES(?, ?, ?, ?)",
		blocker, blocked, name, s.now()); err != nil {
		return internal("block", err)
	}
	return internal("block", tx.Commit())
}

// Unblock lets blocked's messages reach blocker again.
func (s *Store) Unblock(ctx context.Context, blocker, blocked int64) error {
	_, err := s.db.ExecContext(ctx, "DELETE FROM chat_blocks WHERE blocker = ? AND blocked = ?", blocker, blocked)
	return internal("unblock", err)
}

// Blocked returns the names of the accounts blocker blocks, in the order
// blocked.
func (s *Store) Blocked(ctx context.Context, blocker int64) ([]string, error) {
	rows, err := s.db.QueryContext(ctx, "SELECT blocked_name FROM chat_blocks WHERE blocker = ? ORDER BY at_ms, blocked", blocker)
	if err != nil {
		return nil, internal("read blocks", err)
	}
	defer rows.Close()
	names := []string{}
	for rows.Next() {
		var n string
		if err := rows.Scan(&n); err != nil {
			return nil, internal("read blocks", err)
		}
		names = append(names, n)
	}
	return names, internal("read blocks", rows.Err())
}

// BlockersOf returns the accounts that block author: a message of author
// is not delivered to them.
func (s *Store) BlockersOf(ctx context.Context, author int64) (map[int64]bool, error) {
	out := map[int64]bool{}
	if author == 0 {
		return out, nil
	}
	rows, err := s.db.QueryContext(ctx, "SELECT blocker FROM chat_blocks WHERE blocked = ?", author)
	if err != nil {
		return nil, internal("read blockers", err)
	}
	defer rows.Close()
	for rows.Next() {
		var id int64
		if err := rows.Scan(&id); err != nil {
			return nil, internal("read blockers", err)
		}
		out[id] = true
	}
	return out, internal("read blockers", rows.Err())
}
