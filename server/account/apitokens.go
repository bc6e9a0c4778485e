package account

import (
	"context"
	"crypto/rand"
	"database/sql"
	"encoding/hex"
	"errors"
	"strings"
	"time"
	"unicode/utf8"

	"wyrm/server/apierr"
	"wyrm/server/store"
)

// Personal API tokens let a program (a bot's bridge, a script) act as an
// account without its password or a session cookie: the program sends
// "Authorization: Bearer <token>". Like a session, a token is 256 random
// bits of which only the SHA-256 is stored; it is shown once, when made.

// APITokenPrefix begins every API token, so that one pasted in the wrong
// place is recognised (and a secret scanner can find it).
const APITokenPrefix = "wyrm_"

// MaxAPITokens bounds the tokens one account keeps.
const MaxAPITokens = 10

// MaxTokenLabel bounds a token's label, in characters.
const MaxTokenLabel = 40

// APIToken is what its owner may see of a token: never the token itself.
type APIToken struct {
	// Handle names the token in lists and revocations.
	Handle  string    `json:"id"`
	Label   string    `json:"label"`
	Created time.Time `json:"-"`
	// LastUsed is zero for a token never used; it is kept to the hour.
	LastUsed time.Time `json:"-"`
}

// ErrBadAPIToken answers a bearer token that is not a live one.
var ErrBadAPIToken = &apierr.Error{Code: apierr.Unauthorized, Message: "the API token is not valid (revoked, mistyped, or never made)"}

// apiTokenLen is the length of a token: the prefix and 256 bits as
// unpadded base64url.
var apiTokenLen = len(APITokenPrefix) + tokenLen

// CreateAPIToken makes a token for user with a label of its owner's (1 to
// MaxTokenLabel printable characters), and returns the token, to be shown
// once, with its description. An account keeps at most MaxAPITokens.
func (a *Accounts) CreateAPIToken(ctx context.Context, user int64, label string) (string, APIToken, error) {
	label = strings.TrimSpace(label)
	if n := utf8.RuneCountInString(label); n == 0 || n > MaxTokenLabel || !printable(label) {
		return "", APIToken{}, apierr.New(apierr.Invalid, "a token's label is 1 to %d printable characters, on one line", MaxTokenLabel)
	}
	secret, _ := newToken()
	token := APITokenPrefix + secret
	id := tokenID(token)
	h := make([]byte, 8)
	if _, err := rand.Read(h); err != nil {
		panic(err)
	}
	now := time.UnixMilli(a.cfg.Now().UnixMilli())
	t := APIToken{Handle: hex.EncodeToString(h), Label: label, Created: now}
	err := a.inTx(ctx, func(tx *store.Tx) error {
		// The account's row is locked first, so that two requests at once
		// cannot both pass the count.
		var bot bool
		if err := tx.QueryRowContext(ctx, "SELECT bot FROM users WHERE id = ?"+a.d.ForUpdate, user).Scan(&bot); err != nil {
			return err
		}
		var n int
		if err := tx.QueryRowContext(ctx, "SELECT COUNT(*) FROM api_tokens WHERE user_id = ?", user).Scan(&n); err != nil {
			return err
		}
		if n >= MaxAPITokens {
			return errTooManyTokens
		}
		_, err := tx.ExecContext(ctx, "INSERT INTO api_tokens(id, handle, user_id, label, created_ms) VALUES(?, ?, ?, ?, ?)",
			id, t.Handle, user, label, now.UnixMilli())
		return err
	})
	if errors.Is(err, errTooManyTokens) {
		return "", APIToken{}, err
	}
	if err != nil {
		return "", APIToken{}, internal("make an API token", err)
	}
	return token, t, nil
}

var errTooManyTokens = apierr.New(apierr.TooMany, "an account keeps at most %d API tokens; revoke one first", MaxAPITokens)

// printable reports whether s has no control characters.
func printable(s string) bool {
	for _, r := range s {
		if r < 0x20 || r == 0x7f || (r >= 0x80 && r < 0xa0) || r == '\u2028' || r == '\u2029' {
			return false
		}
	}
	return true
}

// APITokens lists user's tokens, newest first.
func (a *Accounts) APITokens(ctx context.Context, user int64) ([]APIToken, error) {
	rows, err := a.db.QueryContext(ctx, "SELECT handle, label, created_ms, used_ms FROM api_tokens WHERE user_id = ? ORDER BY created_ms DESC, handle", user)
	if err != nil {
		return nil, internal("list API tokens", err)
	}
	defer rows.Close()
	out := []APIToken{}
	for rows.Next() {
		var t APIToken
		var created, used int64
		if err := rows.Scan(&t.Handle, &t.Label, &created, &used); err != nil {
			return nil, internal("list API tokens", err)
		}
		t.Created = fromMs(created)
		if used != 0 {
			t.LastUsed = fromMs(used)
		}
		out = append(out, t)
	}
	return out, internal("list API tokens", rows.Err())
}

// RevokeAPIToken deletes user's token named handle; it works at once, on
// every node. A handle of no token of user's is ErrNoAPIToken.
func (a *Accounts) RevokeAPIToken(ctx context.Context, user int64, handle string) error {
	res, err := a.db.ExecContext(ctx, "DELETE FROM api_tokens WHERE user_id = ? AND handle = ?", user, handle)
	if err != nil {
		return internal("revoke an API token", err)
	}
	if n, _ := res.RowsAffected(); n == 0 {
		return ErrNoAPIToken
	}
	return nil
}

// RevokeAllAPITokens deletes every token of user, at once on every node,
// and returns how many there were.
func (a *Accounts) RevokeAllAPITokens(ctx context.Context, user int64) (int64, error) {
	res, err := a.db.ExecContext(ctx, "DELETE FROM api_tokens WHERE user_id = ?", user)
	if err != nil {
		return 0, internal("revoke API tokens", err)
	}
	return res.RowsAffected()
}

// ErrNoAPIToken answers a revocation of a token the account does not have.
var ErrNoAPIToken = &apierr.Error{Code: apierr.NotFound, Message: "you have no API token with that id"}

// AuthenticateAPIToken returns the account of a bearer token, or
// ErrBadAPIToken. A use more than TouchEvery after the last one recorded
// is written down.
func (a *Accounts) AuthenticateAPIToken(ctx context.Context, token string) (User, error) {
	if len(token) != apiTokenLen || !strings.HasPrefix(token, APITokenPrefix) {
		return User{}, ErrBadAPIToken
	}
	id := tokenID(token)
	var u User
	var created, used int64
	err := a.db.QueryRowContext(ctx, `SELECT u.id, u.name, u.created_ms, u.bot, t.used_ms
		FROM api_tokens t JOIN users u ON u.id = t.user_id WHERE t.id = ?`, id).Scan(&u.ID, &u.Name, &created, &u.Bot, &used)
	if errors.Is(err, sql.ErrNoRows) {
		return User{}, ErrBadAPIToken
	}
	if err != nil {
		return User{}, internal("read API token", err)
	}
	u.Created = fromMs(created)
	if now := a.cfg.Now(); now.Sub(fromMs(used)) >= a.cfg.TouchEvery {
		if _, err := a.db.ExecContext(ctx, "UPDATE api_tokens SET used_ms = ? WHERE id = ?", now.UnixMilli(), id); err != nil {
			return User{}, internal("touch API token", err)
		}
	}
	return u, nil
}
