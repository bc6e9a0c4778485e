package account

import (
	"context"
	"database/sql"
	"errors"
	"fmt"
	"strings"
	"time"

	"wyrm/server/apierr"
	"wyrm/server/store"
)

// The marks a moderator may set on an account (Mark): a cheat used help in
// its games, a booster lost or won games on purpose to move ratings.
// Either takes the account off the leaderboards and refunds its rated
// opponents.
const (
	MarkCheat   = "cheat"
	MarkBooster = "booster"
)

// Standing is what moderation has made of an account.
type Standing struct {
	Moderator bool
	// MutedUntil is when its chat mute ends; zero or past: not muted.
	MutedUntil time.Time
	// Closed is when it was closed (zero: open), and ClosedBy "self" or a
	// moderator's name.
	Closed   time.Time
	ClosedBy string
	// Mark is MarkCheat, MarkBooster or "".
	Mark string
}

// LogEntry is one moderator action as the log keeps it.
type LogEntry struct {
	ID        int64
	At        time.Time
	Moderator string // "operator" for the command line
	Action    string
	Target    string
	Reason    string
	Detail    string
}

// Actor is who takes a moderator action and why, as the log keeps it.
type Actor struct {
	Moderator string
	Reason    string
}

// MaxReason bounds the reason a moderator gives, in bytes.
const MaxReason = 500

// ErrClosed refuses an action on an account that is closed.
var ErrClosed = apierr.New(apierr.Conflict, "that account is closed")

// UserAnyByName returns the account of name, closed or not, with its
// standing: for moderators, who act on accounts the rest of the site no
// longer shows.
func (a *Accounts) UserAnyByName(ctx context.Context, name string) (User, Standing, error) {
	key, err := checkName(name)
	if err != nil {
		return User{}, Standing{}, ErrNoUser
	}
	var u User
	var st Standing
	var created, muted, closed int64
	err = a.db.QueryRowContext(ctx, `SELECT id, name, created_ms, bot, mark, moderator, muted_until_ms, closed_ms, closed_by
		FROM users WHERE name_key = ?`, key).Scan(&u.ID, &u.Name, &created, &u.Bot, &u.Mark, &st.Moderator, &muted, &closed, &st.ClosedBy)
	if errors.Is(err, sql.ErrNoRows) {
		return User{}, Standing{}, ErrNoUser
	}
	if err != nil {
		return User{}, Standing{}, internal("read user", err)
	}
	u.Created, st.Mark = fromMs(created), u.Mark
	if muted > 0 {
		st.MutedUntil = fromMs(muted)
	}
	if closed > 0 {
		st.Closed = fromMs(closed)
	}
	return u, st, nil
}

// IsModerator reports whether the open account user is a moderator.
func (a *Accounts) IsModerator(ctx context.Context, user int64) (bool, error) {
	var on bool
	err := a.db.QueryRowContext(ctx, "SELECT moderator FROM users WHERE id = ? AND closed_ms = 0", user).Scan(&on)
	if errors.Is(err, sql.ErrNoRows) {
		return false, nil
	}
	return on, internal("read moderator", err)
}

// MutedUntil returns when user's chat mute ends, or the zero time when it
// is not muted now.
func (a *Accounts) MutedUntil(ctx context.Context, user int64) (time.Time, error) {
	var ms int64
	err := a.db.QueryRowContext(ctx, "SELECT muted_until_ms FROM users WHERE id = ?", user).Scan(&ms)
	if errors.Is(err, sql.ErrNoRows) {
		return time.Time{}, nil
	}
	if err != nil {
		return time.Time{}, internal("read mute", err)
	}
	if ms <= a.cfg.Now().UnixMilli() {
		return time.Time{}, nil
	}
	return fromMs(ms), nil
}

// SetModerator grants (on) or revokes the moderator role of name's open
// account; by names who did it in the log.
func (a *Accounts) SetModerator(ctx context.Context, name string, on bool, by Actor) error {
	u, st, err := a.UserAnyByName(ctx, name)
	if err != nil {
		return err
	}
	if !st.Closed.IsZero() {
		return ErrClosed
	}
	action := "revoke moderator"
	if on {
		action = "grant moderator"
	}
	return internal("set moderator", a.inTx(ctx, func(tx *store.Tx) error {
		if _, err := tx.ExecContext(ctx, "UPDATE users SET moderator = ? WHERE id = ?", on, u.ID); err != nil {
			return err
		}
		return a.logAction(ctx, tx, by, action, u.Name, "")
	}))
}

// Mute mutes user's chat until until (a time in the past lifts a mute).
func (a *Accounts) Mute(ctx context.Context, user User, until time.Time, by Actor) error {
	if err := checkReason(by.Reason); err != nil {
		return err
	}
	detail := "until " + until.UTC().Format(time.RFC3339)
	action := "mute"
	if !until.After(a.cfg.Now()) {
		action, detail = "unmute", ""
	}
	return internal("mute", a.inTx(ctx, func(tx *store.Tx) error {
		if _, err := tx.ExecContext(ctx, "UPDATE users SET muted_until_ms = ? WHERE id = ?", until.UnixMilli(), user.ID); err != nil {
			return err
		}
		return a.logAction(ctx, tx, by, action, user.Name, detail)
	}))
}

// CloseAccount closes user's account: it can no longer sign in, its
// sessions and API tokens end (a Watcher ends what they hold open), and
// it leaves every list; its row and name stay, so the name is never taken
// again. by.Moderator "self" is the owner closing it. Closing a closed
// account is ErrClosed and changes nothing.
func (a *Accounts) CloseAccount(ctx context.Context, user User, by Actor) error {
	if err := checkReason(by.Reason); err != nil {
		return err
	}
	return internal("close account", a.inTx(ctx, func(tx *store.Tx) error {
		// The password's hash goes too: nobody signs in as a closed account.
		res, err := tx.ExecContext(ctx, "UPDATE users SET closed_ms = ?, closed_by = ?, moderator = FALSE, password = '' WHERE id = ? AND closed_ms = 0",
			a.cfg.Now().UnixMilli(), by.Moderator, user.ID)
		if err != nil {
			return err
		}
		if n, _ := res.RowsAffected(); n == 0 {
			return ErrClosed
		}
		for _, q := range []string{"DELETE FROM sessions WHERE user_id = ?", "DELETE FROM api_tokens WHERE user_id = ?"} {
			if _, err := tx.ExecContext(ctx, q, user.ID); err != nil {
				return err
			}
		}
		if by.Moderator == "self" {
			return nil // the owner's choice, not a moderator's action
		}
		return a.logAction(ctx, tx, by, "close", user.Name, "")
	}))
}

// checkReason refuses a reason too long to keep.
func checkReason(r string) error {
	if len(r) > MaxReason {
		return apierr.New(apierr.Invalid, "a reason is at most %d bytes", MaxReason)
	}
	return nil
}

// logAction appends an entry to the moderators' log inside tx.
func (a *Accounts) logAction(ctx context.Context, tx *store.Tx, by Actor, action, target, detail string) error {
	_, err := tx.ExecContext(ctx, `INSERT INTO mod_log(at_ms, moderator, action, target, reason, detail) VALUES(?, ?, ?, ?, ?, ?)`,
		a.cfg.Now().UnixMilli(), by.Moderator, action, target, by.Reason, detail)
	return err
}

// ModLog returns the latest n entries of the moderators' log, newest
// first.
func (a *Accounts) ModLog(ctx context.Context, n int) ([]LogEntry, error) {
	rows, err := a.db.QueryContext(ctx, `SELECT id, at_ms, moderator, action, target, reason, detail FROM mod_log
		ORDER BY id DESC LIMIT ?`, n)
	if err != nil {
		return nil, internal("read log", err)
	}
	defer rows.Close()
	var out []LogEntry
	for rows.Next() {
		var e LogEntry
		var at int64
		if err := rows.Scan(&e.ID, &at, &e.Moderator, &e.Action, &e.Target, &e.Reason, &e.Detail); err != nil {
			return nil, internal("read log", err)
		}
		e.At = fromMs(at)
		out = append(out, e)
	}
	return out, internal("read log", rows.Err())
}

// Refund is points given back to a rated opponent of a marked account.
type Refund struct {
	GameID string
	UserID int64
	Points float64
}

// Mark marks user as a cheat or a booster (mark "" takes a mark away, and
// no refund back) and, for a mark, gives each of its rated opponents back
// the points they lost to it, as lichess does: in every rated game user
// played, each other account that finished level with it or behind it and
// whose rating fell gets rating_before - rating_after of that game added
// to its current rating in the game's pool (and a point on its history).
// Gains are kept, and an opponent that is marked itself gets nothing. A
// refund is kept per game and opponent, so marking again, or with the
// other mark, refunds nothing twice; it returns the refunds made now.
func (a *Accounts) Mark(ctx context.Context, user User, mark string, by Actor) ([]Refund, error) {
	if mark != "" && mark != MarkCheat && mark != MarkBooster {
		return nil, apierr.New(apierr.Invalid, "a mark is %q, %q or none", MarkCheat, MarkBooster)
	}
	if err := checkReason(by.Reason); err != nil {
		return nil, err
	}
	var out []Refund
	err := a.inTx(ctx, func(tx *store.Tx) error {
		if _, err := tx.ExecContext(ctx, "UPDATE users SET mark = ? WHERE id = ?", mark, user.ID); err != nil {
			return err
		}
		if mark != "" {
			var err error
			if out, err = a.refund(ctx, tx, user.ID); err != nil {
				return err
			}
		}
		action := "unmark"
		if mark != "" {
			action = "mark " + mark
		}
		total := 0.0
		for _, r := range out {
			total += r.Points
		}
		return a.logAction(ctx, tx, by, action, user.Name, fmt.Sprintf("%d refunds, %.1f points", len(out), total))
	})
	if err != nil {
		return nil, internal("mark", err)
	}
	return out, nil
}

// lost is a rated opponent's loss in one game against a marked account.
type lost struct {
	Refund
	game, speed string
}

// refund gives marked's rated opponents back what they lost to it (Mark),
// inside tx.
func (a *Accounts) refund(ctx context.Context, tx *store.Tx, marked int64) ([]Refund, error) {
	rows, err := tx.QueryContext(ctx, `SELECT o.game_id, o.user_id, o.rating_before - o.rating_after, r.game, r.speed
		FROM result_players m JOIN results r ON r.game_id = m.game_id
		JOIN result_players o ON o.game_id = m.game_id AND o.seat <> m.seat
		JOIN users u ON u.id = o.user_id
		WHERE m.user_id = ? AND r.rated AND o.user_id <> m.user_id AND o.place >= m.place
		AND o.rating_after < o.rating_before AND u.mark = ''
		ORDER BY r.at_ms, o.game_id, o.user_id`, marked)
	if err != nil {
		return nil, err
	}
	var losses []lost
	for rows.Next() {
		var l lost
		if err := rows.Scan(&l.GameID, &l.UserID, &l.Points, &l.game, &l.speed); err != nil {
			rows.Close()
			return nil, err
		}
		losses = append(losses, l)
	}
	rows.Close()
	if err := rows.Err(); err != nil {
		return nil, err
	}
	now := a.cfg.Now().UnixMilli()
	var out []Refund
	for _, l := range losses {
		var id string
		err := tx.QueryRowContext(ctx, `INSERT INTO rating_refunds(game_id, user_id, marked_id, game, speed, points, at_ms)
			VALUES(?, ?, ?, ?, ?, ?, ?) ON CONFLICT (game_id, user_id) DO NOTHING RETURNING game_id`,
			l.GameID, l.UserID, marked, l.game, l.speed, l.Points, now).Scan(&id)
		if errors.Is(err, sql.ErrNoRows) {
			continue // refunded before
		}
		if err != nil {
			return nil, err
		}
		var r, rd float64
		if err := tx.QueryRowContext(ctx, `UPDATE ratings SET rating = rating + ? WHERE user_id = ? AND game = ? AND speed = ?
			RETURNING rating, rd`, l.Points, l.UserID, l.game, l.speed).Scan(&r, &rd); err != nil {
			return nil, err
		}
		if _, err := tx.ExecContext(ctx, `INSERT INTO rating_history(user_id, game_id, game, speed, at_ms, rating, rd)
			VALUES(?, ?, ?, ?, ?, ?, ?) ON CONFLICT (user_id, game_id) DO NOTHING`,
			l.UserID, "refund-"+l.GameID, l.game, l.speed, now, r, rd); err != nil {
			return nil, err
		}
		out = append(out, l.Refund)
	}
	return out, nil
}

// ClosedAmong returns which of ids are closed accounts.
func (a *Accounts) ClosedAmong(ctx context.Context, ids []int64) ([]int64, error) {
	var out []int64
	for len(ids) > 0 {
		n := min(len(ids), liveBatch)
		args := make([]any, n)
		for i, id := range ids[:n] {
			args[i] = id
		}
		ids = ids[n:]
		rows, err := a.db.QueryContext(ctx, "SELECT id FROM users WHERE closed_ms > 0 AND id IN (?"+strings.Repeat(", ?", n-1)+")", args...)
		if err != nil {
			return nil, internal("read closed accounts", err)
		}
		for rows.Next() {
			var id int64
			if err := rows.Scan(&id); err != nil {
				rows.Close()
				return nil, internal("read closed accounts", err)
			}
			out = append(out, id)
		}
		err = rows.Err()
		rows.Close()
		if err != nil {
			return nil, internal("read closed accounts", err)
		}
	}
	return out, nil
}
