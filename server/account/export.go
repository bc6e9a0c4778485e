package account

import (
	"context"

	"wyrm/server/store"
)

// Export returns everything the accounts' tables keep about user, table by
// table, as stored (times in ms since the epoch): the account (not its
// password's hash), its sessions and API tokens (not their secrets, which
// are not kept), ratings, rating history, every finished game with its
// seat and result, and the refunds it was given.
func (a *Accounts) Export(ctx context.Context, user int64) (map[string]any, error) {
	parts := []struct{ name, query string }{
		{"account", `SELECT id, name, created_ms, bot, refuse_strangers, moderator, muted_until_ms, mark FROM users WHERE id = ?`},
		{"sessions", `SELECT created_ms, seen_ms, expires_ms FROM sessions WHERE user_id = ? ORDER BY created_ms`},
		{"apiTokens", `SELECT handle, label, created_ms, used_ms FROM api_tokens WHERE user_id = ? ORDER BY created_ms`},
		{"ratings", `SELECT game, speed, rating, rd, vol, games, last_ms FROM ratings WHERE user_id = ? ORDER BY game, speed`},
		{"ratingHistory", `SELECT game_id, game, speed, at_ms, rating, rd FROM rating_history WHERE user_id = ? ORDER BY at_ms, game_id`},
		{"games", `SELECT r.game_id, r.game, r.speed, r.rated, r.at_ms, p.seat, p.place, p.rating_before, p.rd_before, p.rating_after, p.rd_after
			FROM result_players p JOIN results r ON r.game_id = p.game_id WHERE p.user_id = ? ORDER BY r.at_ms, r.game_id, p.seat`},
		{"ratingRefunds", `SELECT game_id, game, speed, points, at_ms FROM rating_refunds WHERE user_id = ? ORDER BY at_ms, game_id`},
	}
	out := map[string]any{}
	for _, p := range parts {
		rows, err := store.Rows(ctx, a.db, p.query, user)
		if err != nil {
			return nil, internal("export "+p.name, err)
		}
		if p.name == "account" {
			if len(rows) != 1 {
				return nil, ErrNoUser
			}
			out[p.name] = rows[0]
			continue
		}
		out[p.name] = rows
	}
	return out, nil
}
