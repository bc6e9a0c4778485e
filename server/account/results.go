package account

import (
	"cmp"
	"context"
	"database/sql"
	"errors"
	"slices"
	"time"

	"wyrm/rating"
	"wyrm/server/apierr"
	"wyrm/server/store"
)

// System is how a rating pool is updated. A pool keeps to one: a game that
// can seat more than two players uses Placings for all its games, two-
// player ones included.
type System int

const (
	// Glicko2 rates two-player games (rating.UpdateTwoPlayer).
	Glicko2 System = iota
	// Placings rates games ranked by placing, of two to four players
	// (rating.UpdatePlacings).
	Placings
)

// Result is a finished game as its players' records keep it.
type Result struct {
	// GameID is the store's game id; a result is recorded once per id.
	GameID string
	// Game is the game's name, which with Speed names the rating pool.
	Game  string
	Speed rating.Speed
	// Rated games change ratings; casual ones are only listed.
	Rated  bool
	System System
	// At is when the game ended.
	At time.Time
	// Players holds one entry per seat, in seat order.
	Players []Player
}

// Player is one seat of a result.
type Player struct {
	// UserID is the seat's account, or 0 for a guest or a computer (only
	// in a casual game).
	UserID int64
	// Place is 1 for the best; equal places are a tie. In a two-player
	// game: 1 and 2 for a win, 1 and 1 for a draw.
	Place int
}

// Change is what a result did to one seat's rating; zero ratings in a
// casual game.
type Change struct {
	Seat   int
	UserID int64
	Place  int
	// Before is the rating the update started from: the stored one with
	// its deviation grown for the time since the player's last game in
	// the pool.
	Before, After rating.Rating
}

// Recorded is the outcome of RecordResult.
type Recorded struct {
	// New is false when the game's result was already recorded: then
	// nothing changed and Changes are those stored the first time.
	New     bool
	Changes []Change
}

// RecordResult stores a finished game's result and, if it is rated,
// updates every player's rating in its pool and adds their history rows:
// all in one transaction, so that a result is never stored without its
// rating changes nor the reverse. It is keyed by the game id: recording a
// game again (after a crash, or from two nodes) changes nothing and
// returns what the first recording did, even if r differs.
//
// The store's group commit makes the game's final action its own
// transaction, so the server records the result right after that action
// is stored, and again for every finished game it replays at start: a
// crash between the two is repaired then, and the key makes the repeat
// harmless.
func (a *Accounts) RecordResult(ctx context.Context, r Result) (Recorded, error) {
	if err := r.check(); err != nil {
		return Recorded{}, err
	}
	var rec Recorded
	err := a.inTx(ctx, func(tx *store.Tx) error {
		var id string
		err := tx.QueryRowContext(ctx, `INSERT INTO results(game_id, game, speed, rated, at_ms) VALUES(?, ?, ?, ?, ?)
			ON CONFLICT (game_id) DO NOTHING RETURNING game_id`,
			r.GameID, r.Game, string(r.Speed), r.Rated, r.At.UnixMilli()).Scan(&id)
		if errors.Is(err, sql.ErrNoRows) {
			rec.Changes, err = a.changes(ctx, tx, r.GameID)
			return err
		}
		if err != nil {
			return err
		}
		rec.New = true
		rec.Changes = make([]Change, len(r.Players))
		for i, p := range r.Players {
			rec.Changes[i] = Change{Seat: i, UserID: p.UserID, Place: p.Place}
		}
		if r.Rated {
			if err := a.rate(ctx, tx, r, rec.Changes); err != nil {
				return err
			}
		}
		return a.storePlayers(ctx, tx, r, rec.Changes)
	})
	if err != nil {
		return Recorded{}, internal("record result", err)
	}
	return rec, nil
}

// check refuses a result that cannot be stored or rated.
func (r Result) check() error {
	n := len(r.Players)
	switch {
	case r.GameID == "" || r.Game == "":
		return apierr.New(apierr.Invalid, "a result needs a game id and a game")
	case !r.Speed.Valid():
		return apierr.New(apierr.Invalid, "unknown speed %q", r.Speed)
	case n < 2:
		return apierr.New(apierr.Invalid, "a result needs two or more players")
	case r.Rated && r.System == Glicko2 && n != 2:
		return apierr.New(apierr.Invalid, "Glicko-2 rates games of two players, not %d", n)
	case r.System != Glicko2 && r.System != Placings:
		return apierr.New(apierr.Invalid, "unknown rating system %d", r.System)
	}
	seen := map[int64]bool{}
	for _, p := range r.Players {
		if p.Place < 1 || p.Place > n {
			return apierr.New(apierr.Invalid, "place %d of %d players", p.Place, n)
		}
		if !r.Rated {
			continue
		}
		if p.UserID <= 0 {
			return apierr.New(apierr.Invalid, "a rated game is played by accounts only")
		}
		if seen[p.UserID] {
			return apierr.New(apierr.Invalid, "one account holds two seats; the game cannot be rated")
		}
		seen[p.UserID] = true
	}
	return nil
}

// rate reads the players' ratings in r's pool, locked until the
// transaction ends, and writes their new ones into ch and the database.
func (a *Accounts) rate(ctx context.Context, tx *store.Tx, r Result, ch []Change) error {
	at := r.At.UnixMilli()
	// Rows are made and locked in order of user id, so that two games
	// sharing players lock them in the same order and never deadlock.
	order := make([]int, len(ch))
	for i := range order {
		order[i] = i
	}
	slices.SortFunc(order, func(x, y int) int { return cmp.Compare(ch[x].UserID, ch[y].UserID) })
	fresh := rating.New()
	games := make([]int, len(ch))
	last := make([]int64, len(ch))
	for _, i := range order {
		if _, err := tx.ExecContext(ctx, `INSERT INTO ratings(user_id, game, speed, rating, rd, vol, games, last_ms)
			VALUES(?, ?, ?, ?, ?, ?, 0, ?) ON CONFLICT (user_id, game, speed) DO NOTHING`,
			ch[i].UserID, r.Game, string(r.Speed), fresh.R, fresh.RD, fresh.Vol, at); err != nil {
			return err
		}
	}
	for _, i := range order {
		var cur rating.Rating
		if err := tx.QueryRowContext(ctx, `SELECT rating, rd, vol, games, last_ms FROM ratings
			WHERE user_id = ? AND game = ? AND speed = ?`+a.d.ForUpdate, ch[i].UserID, r.Game, string(r.Speed)).
			Scan(&cur.R, &cur.RD, &cur.Vol, &games[i], &last[i]); err != nil {
			return err
		}
		ch[i].Before = a.cfg.Rating.Idle(cur, time.Duration(at-last[i])*time.Millisecond)
	}
	before := make([]rating.Rating, len(ch))
	places := make([]int, len(ch))
	for i, c := range ch {
		before[i], places[i] = c.Before, c.Place
	}
	var after []rating.Rating
	if r.System == Glicko2 {
		score := 0.5
		if places[0] < places[1] {
			score = 1
		} else if places[0] > places[1] {
			score = 0
		}
		x, y := a.cfg.Rating.UpdateTwoPlayer(before[0], before[1], score)
		after = []rating.Rating{x, y}
	} else {
		var err error
		if after, err = a.cfg.Rating.UpdatePlacings(before, places); err != nil {
			return err
		}
	}
	for _, i := range order {
		ch[i].After = after[i]
		if _, err := tx.ExecContext(ctx, `UPDATE ratings SET rating = ?, rd = ?, vol = ?, games = ?, last_ms = ?
			WHERE user_id = ? AND game = ? AND speed = ?`,
			after[i].R, after[i].RD, after[i].Vol, games[i]+1, max(last[i], at), ch[i].UserID, r.Game, string(r.Speed)); err != nil {
			return err
		}
		if _, err := tx.ExecContext(ctx, `INSERT INTO rating_history(user_id, game_id, game, speed, at_ms, rating, rd)
			VALUES(?, ?, ?, ?, ?, ?, ?)`, ch[i].UserID, r.GameID, r.Game, string(r.Speed), at, after[i].R, after[i].RD); err != nil {
			return err
		}
	}
	return nil
}

// storePlayers writes the seats of a new result.
func (a *Accounts) storePlayers(ctx context.Context, tx *store.Tx, r Result, ch []Change) error {
	for _, c := range ch {
		var user any
		if c.UserID > 0 {
			user = c.UserID
		}
		var b, af [3]any // rating, rd, vol: NULL in a casual game
		if r.Rated {
			b = [3]any{c.Before.R, c.Before.RD, c.Before.Vol}
			af = [3]any{c.After.R, c.After.RD, c.After.Vol}
		}
		if _, err := tx.ExecContext(ctx, `INSERT INTO result_players(game_id, seat, user_id, place, at_ms,
			rating_before, rd_before, vol_before, rating_after, rd_after, vol_after) VALUES(?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
			r.GameID, c.Seat, user, c.Place, r.At.UnixMilli(), b[0], b[1], b[2], af[0], af[1], af[2]); err != nil {
			return err
		}
	}
	return nil
}

// changes reads back the seats of a recorded result.
func (a *Accounts) changes(ctx context.Context, q querier, gameID string) ([]Change, error) {
	rows, err := q.QueryContext(ctx, `SELECT seat, user_id, place, rating_before, rd_before, vol_before,
		rating_after, rd_after, vol_after FROM result_players WHERE game_id = ? ORDER BY seat`, gameID)
	if err != nil {
		return nil, err
	}
	defer rows.Close()
	var out []Change
	for rows.Next() {
		var c Change
		var user sql.NullInt64
		var v [6]sql.NullFloat64
		if err := rows.Scan(&c.Seat, &user, &c.Place, &v[0], &v[1], &v[2], &v[3], &v[4], &v[5]); err != nil {
			return nil, err
		}
		c.UserID = user.Int64
		c.Before = rating.Rating{R: v[0].Float64, RD: v[1].Float64, Vol: v[2].Float64}
		c.After = rating.Rating{R: v[3].Float64, RD: v[4].Float64, Vol: v[5].Float64}
		out = append(out, c)
	}
	return out, rows.Err()
}

// querier is what both a store.DB and a store.Tx offer for reading.
type querier interface {
	QueryContext(ctx context.Context, query string, args ...any) (*sql.Rows, error)
}
