package chat

import (
	"context"

	"wyrm/server/store"
)

// Export returns what the chat keeps about user: the messages it said,
// the reports it made and the accounts it blocks.
func (s *Store) Export(ctx context.Context, user int64) (map[string]any, error) {
	parts := []struct{ name, query string }{
		{"chatMessages", `SELECT id, game_id, room, seat, name, body, at_ms FROM chat_messages WHERE user_id = ? ORDER BY id`},
		{"reportsMade", `SELECT game_id, room, author, body, said_ms, at_ms FROM chat_reports WHERE reporter_id = ? ORDER BY id`},
		{"blocks", `SELECT blocked_name, at_ms FROM chat_blocks WHERE blocker = ? ORDER BY at_ms`},
	}
	out := map[string]any{}
	for _, p := range parts {
		rows, err := store.Rows(ctx, s.db, p.query, user)
		if err != nil {
			return nil, internal("export "+p.name, err)
		}
		out[p.name] = rows
	}
	return out, nil
}
