package account

import (
	"context"
	"database/sql"
	"errors"
	"time"
	"wyrm/server/store"
)

// User is an account as others may see it.
type User struct {
	ID      int64
	Name    string // as its owner typed it
	Created time.Time
	// Bot marks an account that plays through the bot API (bots.go).
	Bot bool
	// Mark is what moderators found it to be (MarkCheat, MarkBooster), ""
	// for nothing; shown on its profile.
	Mark string
}

// SignUp makes an account and signs it in. address is the client's (for
// the sign-up limit per address).
func (a *Accounts) SignUp(ctx context.Context, name, password, address string) (User, Session, error) {
	key, err := checkName(name)
	if err == nil {
		err = checkPasswordLen(password)
	}
	if err == nil {
		err = a.allow(ctx, address, "")
	}
	if err != nil {
		return User{}, Session{}, err
	}
	phc, err := a.hash(ctx, password)
	if err != nil {
		return User{}, Session{}, err
	}
	now := a.cfg.Now()
	u := User{Name: name, Created: time.UnixMilli(now.UnixMilli())}
	var s Session
	err = a.inTx(ctx, func(tx *store.Tx) error {
		// ON CONFLICT turns a taken name into no row, the same way in both
		// databases, instead of an error to tell apart.
		err := tx.QueryRowContext(ctx, `INSERT INTO users(name, name_key, password, created_ms) VALUES(?, ?, ?, ?)
			ON CONFLICT (name_key) DO NOTHING RETURNING id`, name, key, phc, now.UnixMilli()).Scan(&u.ID)
		if errors.Is(err, sql.ErrNoRows) {
			return ErrNameTaken
		}
		if err != nil {
			return err
		}
		s, err = a.createSession(ctx, tx, u.ID, now)
		return err
	})
	if err != nil {
		return User{}, Session{}, internal("sign up", err)
	}
	return u, s, nil
}

// LogIn checks a name and password and starts a new session. address is
// the client's; attempts are limited per address and per name. An unknown
// name costs the same hashing as a wrong password, so that the time taken
// does not tell which names exist.
func (a *Accounts) LogIn(ctx context.Context, name, password, address string) (User, Session, error) {
	key, err := checkName(name)
	if err != nil || len(password) > MaxPasswordLen {
		// No such account can exist; still count the attempt.
		if err := a.allow(ctx, address, ""); err != nil {
			return User{}, Session{}, err
		}
		return User{}, Session{}, ErrBadCredentials
	}
	if err := a.allow(ctx, address, key); err != nil {
		return User{}, Session{}, err
	}
	var u User
	var phc string
	var created int64
	// A closed account signs in no more: it is as if it did not exist.
	err = a.db.QueryRowContext(ctx, "SELECT id, name, password, created_ms, bot FROM users WHERE name_key = ? AND closed_ms = 0", key).
		Scan(&u.ID, &u.Name, &phc, &created, &u.Bot)
	if errors.Is(err, sql.ErrNoRows) {
		if _, _, err := a.check(ctx, password, a.dummy); err != nil {
			return User{}, Session{}, internal("log in", err)
		}
		return User{}, Session{}, ErrBadCredentials
	}
	if err != nil {
		return User{}, Session{}, internal("log in", err)
	}
	u.Created = fromMs(created)
	ok, stale, err := a.check(ctx, password, phc)
	if err != nil {
		return User{}, Session{}, internal("log in", err)
	}
	if !ok {
		return User{}, Session{}, ErrBadCredentials
	}
	if stale {
		// The parameters changed since this hash was made: remake it now
		// that the password is at hand. Only if no one changed it
		// meanwhile; a failure here does not stop the sign-in.
		if fresh, err := a.hash(ctx, password); err == nil {
			_, _ = a.db.ExecContext(ctx, "UPDATE users SET password = ? WHERE id = ? AND password = ?", fresh, u.ID, phc)
		}
	}
	var s Session
	err = a.inTx(ctx, func(tx *store.Tx) error {
		var err error
		s, err = a.createSession(ctx, tx, u.ID, a.cfg.Now())
		return err
	})
	if err != nil {
		return User{}, Session{}, internal("log in", err)
	}
	return u, s, nil
}

// ChangePassword replaces the password of the session's user, given the
// current one, and ends every other session of the user: whoever knew the
// old password is signed out everywhere else.
func (a *Accounts) ChangePassword(ctx context.Context, token, old, newPassword, address string) error {
	u, s, err := a.Authenticate(ctx, token)
	if err != nil {
		return err
	}
	if err := checkPasswordLen(newPassword); err != nil {
		return err
	}
	key, _ := checkName(u.Name)
	if err := a.allow(ctx, address, key); err != nil {
		return err
	}
	var phc string
	if err := a.db.QueryRowContext(ctx, "SELECT password FROM users WHERE id = ?", u.ID).Scan(&phc); err != nil {
		return internal("change password", err)
	}
	if len(old) > MaxPasswordLen {
		return ErrBadCredentials
	}
	ok, _, err := a.check(ctx, old, phc)
	if err != nil {
		return internal("change password", err)
	}
	if !ok {
		return ErrBadCredentials
	}
	fresh, err := a.hash(ctx, newPassword)
	if err != nil {
		return err
	}
	return internal("change password", a.inTx(ctx, func(tx *store.Tx) error {
		if _, err := tx.ExecContext(ctx, "UPDATE users SET password = ? WHERE id = ?", fresh, u.ID); err != nil {
			return err
		}
		_, err := tx.ExecContext(ctx, "DELETE FROM sessions WHERE user_id = ? AND id <> ?", u.ID, s.id)
		return err
	}))
}

// UserByName returns the account of name, in any case.
func (a *Accounts) UserByName(ctx context.Context, name string) (User, error) {
	key, err := checkName(name)
	if err != nil {
		return User{}, ErrNoUser
	}
	return a.user(ctx, "name_key = ?", key)
}

// UserByID returns the account with id.
func (a *Accounts) UserByID(ctx context.Context, id int64) (User, error) {
	return a.user(ctx, "id = ?", id)
}

func (a *Accounts) user(ctx context.Context, where string, arg any) (User, error) {
	var u User
	var created int64
	// A closed account is gone from everything but moderation
	// (UserAnyByName) and the games it played.
	err := a.db.QueryRowContext(ctx, "SELECT id, name, created_ms, bot, mark FROM users WHERE closed_ms = 0 AND "+where, arg).
		Scan(&u.ID, &u.Name, &created, &u.Bot, &u.Mark)
	if errors.Is(err, sql.ErrNoRows) {
		return User{}, ErrNoUser
	}
	if err != nil {
		return User{}, internal("read user", err)
	}
	u.Created = fromMs(created)
	return u, nil
}

// inTx runs f in a transaction, committing if it returns nil.
func (a *Accounts) inTx(ctx context.Context, f func(*store.Tx) error) error {
	tx, err := a.db.BeginTx(ctx, nil)
	if err != nil {
		return err
	}
	defer tx.Rollback()
	if err := f(tx); err != nil {
		return err
	}
	return tx.Commit()
}
