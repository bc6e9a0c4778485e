package challenge

import (
	"context"
	"database/sql"
	"encoding/json"
	"errors"
	"fmt"
	"strconv"

	"wyrm/server/apierr"
	"wyrm/server/store"
)

// Party is a player a challenge names: an account (ID and Name), or a
// guest (ID 0).
type Party struct {
	ID   int64  `json:"id,omitempty"`
	Name string `json:"name,omitempty"`
}

// Challenge is one open offer of a game.
type Challenge struct {
	ID string `json:"id"`
	// Stream is the hash of the author's stream: the challenge lives as
	// long as it does. "" for an account's challenge posted without one,
	// which lives until it expires.
	Stream string `json:"stream"`
	Author Party  `json:"author"`
	// Target is the player challenged; zero for a seek.
	Target Party  `json:"target"`
	Game   string `json:"game"`
	// Terms are the server's own JSON: options, clock, rated, range.
	Terms json.RawMessage `json:"terms,omitempty"`
	// TokenHash is the hash of the author's seat token in the game that
	// accepting creates. It never travels in events.
	TokenHash string `json:"-"`
	CreatedMs int64  `json:"created"`
	ExpiresMs int64  `json:"expires"`
}

// Seek reports whether c is open to anyone.
func (c Challenge) Seek() bool { return c.Target.ID == 0 }

// AuthorKey is what the author's limits count by: the account, or a
// guest's stream.
func (c Challenge) AuthorKey() string {
	if c.Author.ID != 0 {
		return "user:" + strconv.FormatInt(c.Author.ID, 10)
	}
	return "stream:" + c.Stream
}

// Limits bound a player's open challenges.
type Limits struct {
	// Seeks a player may have open at once.
	Seeks int
	// Challenges (direct) a player may have sent and not yet had answered.
	Challenges int
	// Incoming challenges a player may have waiting for an answer.
	Incoming int
	// Newcomer says that Challenges is a new account's smaller bound
	// (strangers.go), so that its refusal says why.
	Newcomer bool
}

// LimitError is a refusal by one of Limits: Limit names it ("seeks",
// "challenges", "newcomer", "incoming"), Max is its value.
type LimitError struct {
	Limit string
	Max   int
}

func (e *LimitError) Error() string {
	switch e.Limit {
	case "seeks":
		return fmt.Sprintf("you have %d open seeks, the most one player may have; cancel one first", e.Max)
	case "challenges":
		return fmt.Sprintf("you have %d challenges waiting for an answer, the most one player may have; cancel one first", e.Max)
	case "newcomer":
		return fmt.Sprintf("a new account (under a day old, or with no rated game yet) may have %d challenge(s) waiting at a time; "+
			"cancel one first", e.Max)
	}
	return fmt.Sprintf("this player has %d challenges waiting already; try later", e.Max)
}

// Unwrap makes a LimitError a TooMany apierr.
func (e *LimitError) Unwrap() error { return apierr.New(apierr.TooMany, "%s", e.Error()) }

// The errors a client may see.
var (
	// ErrGone: the challenge was accepted, declined, cancelled or has
	// expired, or never was.
	ErrGone = &apierr.Error{Code: apierr.Conflict, Message: "this challenge is no longer open"}
	// ErrNoStream: the stream named is not open (or is another player's).
	ErrNoStream = &apierr.Error{Code: apierr.Conflict, Message: "your event stream is not open; reload the page"}
)

const columns = "id, stream, author_id, author_name, target_id, target_name, game, terms, token_hash, created_ms, expires_ms"

func scan(row interface{ Scan(...any) error }) (Challenge, error) {
	var c Challenge
	var terms string
	err := row.Scan(&c.ID, &c.Stream, &c.Author.ID, &c.Author.Name, &c.Target.ID, &c.Target.Name, &c.Game, &terms,
		&c.TokenHash, &c.CreatedMs, &c.ExpiresMs)
	c.Terms = json.RawMessage(terms)
	return c, err
}

// queryAll runs a query of challenges and returns them all.
func queryAll(ctx context.Context, q querier, query string, args ...any) ([]Challenge, error) {
	rows, err := q.QueryContext(ctx, query, args...)
	if err != nil {
		return nil, fmt.Errorf("challenge: %w", err)
	}
	defer rows.Close()
	var out []Challenge
	for rows.Next() {
		c, err := scan(rows)
		if err != nil {
			return nil, fmt.Errorf("challenge: %w", err)
		}
		out = append(out, c)
	}
	if err := rows.Err(); err != nil {
		return nil, fmt.Errorf("challenge: %w", err)
	}
	return out, nil
}

// querier is a database or a transaction.
type querier interface {
	QueryContext(ctx context.Context, query string, args ...any) (*sql.Rows, error)
}

// Post stores c (its ID, Stream, Author, Target, Game, Terms, TokenHash
// and ExpiresMs set by the caller) within lim, once its stream (if it
// names one) is found open and held by its author, and announces it.
func (s *Store) Post(ctx context.Context, c Challenge, lim Limits) error {
	return s.inTx(ctx, postLocks(c), func(tx *store.Tx) ([]Event, error) {
		return s.post(ctx, tx, &c, lim)
	})
}

func postLocks(c Challenge) []string {
	locks := []string{c.AuthorKey()}
	if !c.Seek() {
		locks = append(locks, "target:"+strconv.FormatInt(c.Target.ID, 10))
	}
	return locks
}

func (s *Store) post(ctx context.Context, tx *store.Tx, c *Challenge, lim Limits) ([]Event, error) {
	now := s.nowMs()
	// An account may post without a stream (a bot with its token); a
	// guest's challenge is its stream's.
	if c.Stream != "" || c.Author.ID == 0 {
		var holder int64
		err := tx.QueryRowContext(ctx, "SELECT user_id FROM challenge_streams WHERE id = ? AND seen_ms > ?",
			c.Stream, now-s.cfg.StreamTTL.Milliseconds()).Scan(&holder)
		if errors.Is(err, sql.ErrNoRows) || (err == nil && holder != c.Author.ID) {
			return nil, ErrNoStream
		}
		if err != nil {
			return nil, fmt.Errorf("challenge: %w", err)
		}
	}
	count := func(query string, arg any) (int, error) {
		var n int
		err := tx.QueryRowContext(ctx, query, arg).Scan(&n)
		return n, err
	}
	if c.Seek() {
		n, err := count("SELECT count(*) FROM challenges WHERE author_key = ? AND target_id = 0", c.AuthorKey())
		if err != nil {
			return nil, fmt.Errorf("challenge: %w", err)
		}
		if n >= lim.Seeks {
			return nil, &LimitError{Limit: "seeks", Max: lim.Seeks}
		}
	} else {
		n, err := count("SELECT count(*) FROM challenges WHERE author_key = ? AND target_id <> 0", c.AuthorKey())
		if err != nil {
			return nil, fmt.Errorf("challenge: %w", err)
		}
		if n >= lim.Challenges {
			if lim.Newcomer {
				return nil, &LimitError{Limit: "newcomer", Max: lim.Challenges}
			}
			return nil, &LimitError{Limit: "challenges", Max: lim.Challenges}
		}
		if n, err = count("SELECT count(*) FROM challenges WHERE target_id = ?", c.Target.ID); err != nil {
			return nil, fmt.Errorf("challenge: %w", err)
		}
		if n >= lim.Incoming {
			return nil, &LimitError{Limit: "incoming", Max: lim.Incoming}
		}
	}
	c.CreatedMs = now
	if _, err := tx.ExecContext(ctx, "INSERT INTO challenges(id, stream, author_key, author_id, author_name, target_id, target_name, game, terms, token_hash, created_ms, expires_ms) VALUES(?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)",
		c.ID, c.Stream, c.AuthorKey(), c.Author.ID, c.Author.Name, c.Target.ID, c.Target.Name, c.Game, string(c.Terms),
		c.TokenHash, c.CreatedMs, c.ExpiresMs); err != nil {
		return nil, fmt.Errorf("challenge: store: %w", err)
	}
	return []Event{addressed(Event{Kind: Posted, Challenge: c})}, nil
}

// Pair takes the oldest open seek of c's game, not c's author's, that
// match accepts; when there is none it posts c as Post does. Pairing is
// serialised per game, so that two players pairing at once find each
// other rather than both waiting.
func (s *Store) Pair(ctx context.Context, c Challenge, lim Limits, match func(Challenge) bool) (taken Challenge, ok bool, err error) {
	err = s.inTx(ctx, append(postLocks(c), "pair:"+c.Game), func(tx *store.Tx) ([]Event, error) {
		seeks, err := queryAll(ctx, tx, "SELECT "+columns+" FROM challenges WHERE target_id = 0 AND game = ? AND author_key <> ? AND expires_ms > ? ORDER BY created_ms, id",
			c.Game, c.AuthorKey(), s.nowMs())
		if err != nil {
			return nil, err
		}
		for _, x := range seeks {
			if !match(x) {
				continue
			}
			res, err := tx.ExecContext(ctx, "DELETE FROM challenges WHERE id = ?", x.ID)
			if err != nil {
				return nil, fmt.Errorf("challenge: %w", err)
			}
			if n, _ := res.RowsAffected(); n == 1 { // else accepted by someone else meanwhile
				taken, ok = x, true
				return []Event{addressed(Event{Kind: Removed, Reason: Accepted, Challenge: &x})}, nil
			}
		}
		return s.post(ctx, tx, &c, lim)
	})
	return taken, ok, err
}

// Take removes an open challenge for its acceptor: of several taking one
// challenge at once, exactly one gets it; the others get ErrGone.
func (s *Store) Take(ctx context.Context, id string) (Challenge, error) {
	return s.Remove(ctx, id, Accepted, "")
}

// Remove ends an open challenge for reason (Canceled, Declined; detail is
// a decline's reason) and returns it; ErrGone when it is not open.
func (s *Store) Remove(ctx context.Context, id, reason, detail string) (Challenge, error) {
	var c Challenge
	err := s.inTx(ctx, nil, func(tx *store.Tx) ([]Event, error) {
		var err error
		c, err = scan(tx.QueryRowContext(ctx, "DELETE FROM challenges WHERE id = ? AND expires_ms > ? RETURNING "+columns, id, s.nowMs()))
		if errors.Is(err, sql.ErrNoRows) {
			return nil, ErrGone
		}
		if err != nil {
			return nil, fmt.Errorf("challenge: %w", err)
		}
		return []Event{addressed(Event{Kind: Removed, Reason: reason, Detail: detail, Challenge: &c})}, nil
	})
	return c, err
}

// Get returns an open challenge, or ErrGone.
func (s *Store) Get(ctx context.Context, id string) (Challenge, error) {
	c, err := scan(s.db.QueryRowContext(ctx, "SELECT "+columns+" FROM challenges WHERE id = ? AND expires_ms > ?", id, s.nowMs()))
	if errors.Is(err, sql.ErrNoRows) {
		return c, ErrGone
	}
	if err != nil {
		return c, fmt.Errorf("challenge: %w", err)
	}
	return c, nil
}

// Seeks returns every open seek, oldest first.
func (s *Store) Seeks(ctx context.Context) ([]Challenge, error) {
	return queryAll(ctx, s.db, "SELECT "+columns+" FROM challenges WHERE target_id = 0 AND expires_ms > ? ORDER BY created_ms, id", s.nowMs())
}

// Incoming returns the challenges waiting for user's answer, oldest first.
func (s *Store) Incoming(ctx context.Context, user int64) ([]Challenge, error) {
	return queryAll(ctx, s.db, "SELECT "+columns+" FROM challenges WHERE target_id = ? AND expires_ms > ? ORDER BY created_ms, id", user, s.nowMs())
}

// Outgoing returns the direct challenges user has sent and that wait for
// an answer, oldest first.
func (s *Store) Outgoing(ctx context.Context, user int64) ([]Challenge, error) {
	return queryAll(ctx, s.db, "SELECT "+columns+" FROM challenges WHERE author_key = ? AND target_id <> 0 AND expires_ms > ? ORDER BY created_ms, id",
		Challenge{Author: Party{ID: user}}.AuthorKey(), s.nowMs())
}
