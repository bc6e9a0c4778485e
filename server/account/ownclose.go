package account

import (
	"context"
)

// DeletedName is how the games of an account its owner closed name it.
const DeletedName = "deleted account"

// CloseOwn closes the account of the session token at its owner's wish,
// given its password (checked and limited as a sign-in is): it can no
// longer sign in, its sessions and tokens end, its password's hash is
// wiped, and its finished games stay under DeletedName. The name stays
// taken for ever, so that nobody can pass for its player in old games
// and chat. It returns the account closed.
func (a *Accounts) CloseOwn(ctx context.Context, token, password, address string) (User, error) {
	u, _, err := a.Authenticate(ctx, token)
	if err != nil {
		return User{}, err
	}
	key, _ := checkName(u.Name)
	if err := a.allow(ctx, address, key); err != nil {
		return User{}, err
	}
	if len(password) > MaxPasswordLen {
		return User{}, ErrBadCredentials
	}
	var phc string
	if err := a.db.QueryRowContext(ctx, "SELECT password FROM users WHERE id = ?", u.ID).Scan(&phc); err != nil {
		return User{}, internal("close account", err)
	}
	ok, _, err := a.check(ctx, password, phc)
	if err != nil {
		return User{}, internal("close account", err)
	}
	if !ok {
		return User{}, ErrBadCredentials
	}
	if err := a.CloseAccount(ctx, u, Actor{Moderator: "self"}); err != nil {
		return User{}, err
	}
	return u, nil
}
