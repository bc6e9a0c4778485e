package account

import (
	"context"
	"crypto/rand"
	"crypto/sha256"
	"database/sql"
	"encoding/base64"
	"encoding/hex"
	"errors"
	"time"
	"wyrm/server/store"
)

// Session is one signed-in client.
type Session struct {
	// Token is the secret the client holds in its cookie. Only the
	// session's SHA-256 is stored, so the token is known only to the
	// client and to whoever just started or checked the session.
	Token   string
	UserID  int64
	Created time.Time
	// LastSeen is when the session was last used (to TouchEvery).
	LastSeen time.Time
	// Expires is when the session ends unless used again; each use
	// moves it to SessionTTL past the use.
	Expires time.Time
	// Renewed is set by Authenticate when it moved Expires, so that the
	// server sends the cookie again with the new end.
	Renewed bool

	id string // the stored key: SHA-256 of Token, hex
}

// tokenBytes is a token's entropy: 256 bits.
const tokenBytes = 32

// tokenLen is the length of a token as text (unpadded base64url).
var tokenLen = base64.RawURLEncoding.EncodedLen(tokenBytes)

// newToken returns a fresh session token and its stored id.
func newToken() (token, id string) {
	b := make([]byte, tokenBytes)
	if _, err := rand.Read(b); err != nil {
		panic(err) // crypto/rand never fails on supported platforms
	}
	token = base64.RawURLEncoding.EncodeToString(b)
	return token, tokenID(token)
}

// tokenID is the key a token is stored under.
func tokenID(token string) string {
	h := sha256.Sum256([]byte(token))
	return hex.EncodeToString(h[:])
}

// createSession stores a new session of user starting at now.
func (a *Accounts) createSession(ctx context.Context, tx *store.Tx, user int64, now time.Time) (Session, error) {
	token, id := newToken()
	now = time.UnixMilli(now.UnixMilli())
	s := Session{Token: token, UserID: user, Created: now, LastSeen: now, Expires: now.Add(a.cfg.SessionTTL), id: id}
	_, err := tx.ExecContext(ctx, "INSERT INTO sessions(id, user_id, created_ms, seen_ms, expires_ms) VALUES(?, ?, ?, ?, ?)",
		id, user, now.UnixMilli(), now.UnixMilli(), s.Expires.UnixMilli())
	return s, err
}

// Authenticate returns the user and session of token, or ErrNotSignedIn.
// A use more than TouchEvery after the last one recorded moves the
// session's end to SessionTTL from now.
func (a *Accounts) Authenticate(ctx context.Context, token string) (User, Session, error) {
	if len(token) != tokenLen {
		return User{}, Session{}, ErrNotSignedIn
	}
	s := Session{Token: token, id: tokenID(token)}
	var u User
	var created, seen, expires, userCreated int64
	err := a.db.QueryRowContext(ctx, `SELECT s.user_id, s.created_ms, s.seen_ms, s.expires_ms, u.name, u.created_ms, u.bot
		FROM sessions s JOIN users u ON u.id = s.user_id WHERE s.id = ? AND u.closed_ms = 0`, s.id).
		Scan(&s.UserID, &created, &seen, &expires, &u.Name, &userCreated, &u.Bot)
	if errors.Is(err, sql.ErrNoRows) {
		return User{}, Session{}, ErrNotSignedIn
	}
	if err != nil {
		return User{}, Session{}, internal("read session", err)
	}
	now := a.cfg.Now()
	if now.UnixMilli() >= expires {
		_, _ = a.db.ExecContext(ctx, "DELETE FROM sessions WHERE id = ?", s.id)
		return User{}, Session{}, ErrNotSignedIn
	}
	u.ID, u.Created = s.UserID, fromMs(userCreated)
	s.Created, s.LastSeen, s.Expires = fromMs(created), fromMs(seen), fromMs(expires)
	if now.Sub(s.LastSeen) >= a.cfg.TouchEvery {
		s.LastSeen = time.UnixMilli(now.UnixMilli())
		s.Expires = s.LastSeen.Add(a.cfg.SessionTTL)
		// Only while the session still exists: a sign-out meanwhile wins.
		res, err := a.db.ExecContext(ctx, "UPDATE sessions SET seen_ms = ?, expires_ms = ? WHERE id = ?",
			s.LastSeen.UnixMilli(), s.Expires.UnixMilli(), s.id)
		if err != nil {
			return User{}, Session{}, internal("touch session", err)
		}
		if n, _ := res.RowsAffected(); n == 0 {
			return User{}, Session{}, ErrNotSignedIn
		}
		s.Renewed = true
	}
	return u, s, nil
}

// SignOut ends the session of token. Ending one already ended is no error.
func (a *Accounts) SignOut(ctx context.Context, token string) error {
	_, err := a.db.ExecContext(ctx, "DELETE FROM sessions WHERE id = ?", tokenID(token))
	return internal("sign out", err)
}

// SignOutEverywhere ends every session of token's user, this one too.
func (a *Accounts) SignOutEverywhere(ctx context.Context, token string) error {
	u, _, err := a.Authenticate(ctx, token)
	if err != nil {
		return err
	}
	_, err = a.db.ExecContext(ctx, "DELETE FROM sessions WHERE user_id = ?", u.ID)
	return internal("sign out everywhere", err)
}

// PurgeExpired deletes the sessions that have ended and returns how many;
// the server may call it now and then (an ended session is refused
// anyway, and deleted when presented).
func (a *Accounts) PurgeExpired(ctx context.Context) (int64, error) {
	res, err := a.db.ExecContext(ctx, "DELETE FROM sessions WHERE expires_ms <= ?", a.cfg.Now().UnixMilli())
	if err != nil {
		return 0, internal("purge sessions", err)
	}
	return res.RowsAffected()
}
