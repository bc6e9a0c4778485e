package account

import (
	"context"
	"database/sql"
	"errors"
)

// Who may challenge whom (server/challenge asks): a player may refuse
// challenges from strangers, the accounts they have never played, and an
// account is new until it has played a rated game.

// RefusesStrangers reports whether user takes challenges only from
// accounts they have played.
func (a *Accounts) RefusesStrangers(ctx context.Context, user int64) (bool, error) {
	var on bool
	err := a.db.QueryRowContext(ctx, "SELECT refuse_strangers FROM users WHERE id = ?", user).Scan(&on)
	if errors.Is(err, sql.ErrNoRows) {
		return false, ErrNoUser
	}
	return on, internal("read the challenge setting", err)
}

// SetRefuseStrangers keeps user's choice of refusing challenges from
// strangers.
func (a *Accounts) SetRefuseStrangers(ctx context.Context, user int64, on bool) error {
	_, err := a.db.ExecContext(ctx, "UPDATE users SET refuse_strangers = ? WHERE id = ?", on, user)
	return internal("keep the challenge setting", err)
}

// HavePlayed reports whether accounts x and y sat at one finished game
// whose result is kept, rated or casual.
func (a *Accounts) HavePlayed(ctx context.Context, x, y int64) (bool, error) {
	return a.exists(ctx, "SELECT 1 FROM result_players p JOIN result_players q ON q.game_id = p.game_id "+
		"WHERE p.user_id = ? AND q.user_id = ? LIMIT 1", x, y)
}

// HasRatedGame reports whether user has finished a rated game.
func (a *Accounts) HasRatedGame(ctx context.Context, user int64) (bool, error) {
	return a.exists(ctx, "SELECT 1 FROM result_players p JOIN results r ON r.game_id = p.game_id "+
		"WHERE p.user_id = ? AND r.rated LIMIT 1", user)
}

// exists reports whether query finds a row.
func (a *Accounts) exists(ctx context.Context, query string, args ...any) (bool, error) {
	var one int
	err := a.db.QueryRowContext(ctx, query, args...).Scan(&one)
	if errors.Is(err, sql.ErrNoRows) {
		return false, nil
	}
	return err == nil, internal("read played games", err)
}
