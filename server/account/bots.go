package account

import (
	"context"

	"wyrm/server/apierr"
	"wyrm/server/store"
)

// ErrHasPlayed refuses to make a bot of an account with games behind it: a
// person's results and ratings must not pass to an engine.
var ErrHasPlayed = &apierr.Error{Code: apierr.Conflict,
	Message: "only an account that has not played a game can become a bot; make a new account for it"}

// MakeBot marks user's account as a bot, which lets it use the bot API and
// shows it as a bot to everyone. It is for good, and only for an account
// with no finished game; marking a bot again changes nothing.
func (a *Accounts) MakeBot(ctx context.Context, user int64) (User, error) {
	err := a.inTx(ctx, func(tx *store.Tx) error {
		var played int
		if err := tx.QueryRowContext(ctx, "SELECT COUNT(*) FROM result_players WHERE user_id = ?", user).Scan(&played); err != nil {
			return err
		}
		var bot bool
		if err := tx.QueryRowContext(ctx, "SELECT bot FROM users WHERE id = ?"+a.d.ForUpdate, user).Scan(&bot); err != nil {
			return err
		}
		if played > 0 && !bot {
			return ErrHasPlayed
		}
		_, err := tx.ExecContext(ctx, "UPDATE users SET bot = ? WHERE id = ?", true, user)
		return err
	})
	if err == ErrHasPlayed {
		return User{}, err
	}
	if err != nil {
		return User{}, internal("make a bot", err)
	}
	return a.UserByID(ctx, user)
}
