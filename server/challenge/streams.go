package challenge

import (
	"context"
	"fmt"

	"wyrm/server/store"
)

// Stream is one event stream a player holds open on a node.
type Stream struct {
	// ID is the SHA-256 of the stream's secret, which only its holder
	// knows.
	ID   string
	Node string
	// User is the signed-in holder; zero for a guest.
	User Party
}

// OpenStream records an open stream; a signed-in holder is online from now.
func (s *Store) OpenStream(ctx context.Context, st Stream) error {
	return s.inTx(ctx, nil, func(tx *store.Tx) ([]Event, error) {
		if _, err := tx.ExecContext(ctx, "INSERT INTO challenge_streams(id, node, user_id, name, seen_ms) VALUES(?, ?, ?, ?, ?)",
			st.ID, st.Node, st.User.ID, st.User.Name, s.nowMs()); err != nil {
			return nil, fmt.Errorf("challenge: open stream: %w", err)
		}
		if st.User.ID == 0 {
			return nil, nil
		}
		return []Event{{Kind: Presence}}, nil
	})
}

// CloseStream removes a stream that closed, and the challenges posted
// from it.
func (s *Store) CloseStream(ctx context.Context, id string) error {
	return s.inTx(ctx, nil, func(tx *store.Tx) ([]Event, error) {
		return s.drop(ctx, tx, "id = ?", id)
	})
}

// drop removes the streams where holds (over challenge_streams, with arg)
// and their challenges, and returns the events that says.
func (s *Store) drop(ctx context.Context, tx *store.Tx, where string, arg any) ([]Event, error) {
	gone, err := queryAll(ctx, tx, "DELETE FROM challenges WHERE stream IN (SELECT id FROM challenge_streams WHERE "+where+") RETURNING "+columns, arg)
	if err != nil {
		return nil, err
	}
	evs := make([]Event, 0, len(gone)+1)
	for i := range gone {
		evs = append(evs, addressed(Event{Kind: Removed, Reason: Left, Challenge: &gone[i]}))
	}
	rows, err := tx.QueryContext(ctx, "DELETE FROM challenge_streams WHERE "+where+" RETURNING user_id", arg)
	if err != nil {
		return nil, fmt.Errorf("challenge: close streams: %w", err)
	}
	defer rows.Close()
	people := false
	for rows.Next() {
		var user int64
		if err := rows.Scan(&user); err != nil {
			return nil, fmt.Errorf("challenge: close streams: %w", err)
		}
		people = people || user != 0
	}
	if err := rows.Err(); err != nil {
		return nil, fmt.Errorf("challenge: close streams: %w", err)
	}
	if people {
		evs = append(evs, Event{Kind: Presence})
	}
	return evs, nil
}

// Renew marks every stream of node as seen now and returns their ids, so
// that the node can close those it no longer serves (a close that failed).
func (s *Store) Renew(ctx context.Context, node string) ([]string, error) {
	if _, err := s.db.ExecContext(ctx, "UPDATE challenge_streams SET seen_ms = ? WHERE node = ?", s.nowMs(), node); err != nil {
		return nil, fmt.Errorf("challenge: renew streams: %w", err)
	}
	rows, err := s.db.QueryContext(ctx, "SELECT id FROM challenge_streams WHERE node = ?", node)
	if err != nil {
		return nil, fmt.Errorf("challenge: renew streams: %w", err)
	}
	defer rows.Close()
	var ids []string
	for rows.Next() {
		var id string
		if err := rows.Scan(&id); err != nil {
			return nil, fmt.Errorf("challenge: renew streams: %w", err)
		}
		ids = append(ids, id)
	}
	return ids, rows.Err()
}

// ClearNode removes every stream of node and their challenges: a node
// starting has none open, whatever a crash left behind, and a node
// stopping closes them all.
func (s *Store) ClearNode(ctx context.Context, node string) error {
	return s.inTx(ctx, nil, func(tx *store.Tx) ([]Event, error) {
		return s.drop(ctx, tx, "node = ?", node)
	})
}

// Sweep removes the streams no node has renewed within the stream
// time-to-live (their node died) with their challenges, and the challenges
// past their expiry. Any node may sweep; each row goes once.
func (s *Store) Sweep(ctx context.Context) error {
	now := s.nowMs()
	return s.inTx(ctx, nil, func(tx *store.Tx) ([]Event, error) {
		evs, err := s.drop(ctx, tx, "seen_ms <= ?", now-s.cfg.StreamTTL.Milliseconds())
		if err != nil {
			return nil, err
		}
		expired, err := queryAll(ctx, tx, "DELETE FROM challenges WHERE expires_ms <= ? RETURNING "+columns, now)
		if err != nil {
			return nil, err
		}
		for i := range expired {
			evs = append(evs, addressed(Event{Kind: Removed, Reason: Expired, Challenge: &expired[i]}))
		}
		return evs, nil
	})
}

// Online returns up to n signed-in players with a stream open, by name.
func (s *Store) Online(ctx context.Context, n int) ([]Party, error) {
	rows, err := s.db.QueryContext(ctx, `SELECT user_id, MIN(name) FROM challenge_streams
		WHERE user_id <> 0 AND seen_ms > ? GROUP BY user_id ORDER BY lower(MIN(name)), user_id LIMIT ?`,
		s.nowMs()-s.cfg.StreamTTL.Milliseconds(), n)
	if err != nil {
		return nil, fmt.Errorf("challenge: online: %w", err)
	}
	defer rows.Close()
	out := []Party{}
	for rows.Next() {
		var p Party
		if err := rows.Scan(&p.ID, &p.Name); err != nil {
			return nil, fmt.Errorf("challenge: online: %w", err)
		}
		out = append(out, p)
	}
	return out, rows.Err()
}
