package account

import (
	"cmp"
	"context"
	"math"
	"slices"
	"time"

	"wyrm/rating"
)

// PoolRating is a user's rating in one pool.
type PoolRating struct {
	Game  string
	Speed rating.Speed
	// Rating is as of now: the deviation has grown for the time since
	// Last, as it will have when the next game starts.
	Rating rating.Rating
	Games  int
	Last   time.Time
}

// Ratings returns the user's ratings in every pool they have played in,
// by game and then speed (fastest first).
func (a *Accounts) Ratings(ctx context.Context, userID int64) ([]PoolRating, error) {
	rows, err := a.db.QueryContext(ctx, `SELECT game, speed, rating, rd, vol, games, last_ms FROM ratings
		WHERE user_id = ? AND games > 0`, userID)
	if err != nil {
		return nil, internal("read ratings", err)
	}
	defer rows.Close()
	now := a.cfg.Now()
	var out []PoolRating
	for rows.Next() {
		var p PoolRating
		var last int64
		if err := rows.Scan(&p.Game, &p.Speed, &p.Rating.R, &p.Rating.RD, &p.Rating.Vol, &p.Games, &last); err != nil {
			return nil, internal("read ratings", err)
		}
		p.Last = fromMs(last)
		p.Rating = a.cfg.Rating.Idle(p.Rating, now.Sub(p.Last))
		out = append(out, p)
	}
	if err := rows.Err(); err != nil {
		return nil, internal("read ratings", err)
	}
	sortPools(out)
	return out, nil
}

// sortPools orders ratings by game, then by speed from fastest.
func sortPools(ps []PoolRating) {
	slices.SortFunc(ps, func(x, y PoolRating) int {
		return cmp.Or(cmp.Compare(x.Game, y.Game),
			cmp.Compare(slices.Index(rating.Speeds, x.Speed), slices.Index(rating.Speeds, y.Speed)))
	})
}

// Point is one rated game on a rating's history.
type Point struct {
	GameID string
	At     time.Time
	// R and RD are the rating after the game.
	R, RD float64
}

// History returns the user's rating after each rated game in one pool,
// oldest first: the profile's plot.
func (a *Accounts) History(ctx context.Context, userID int64, game string, speed rating.Speed) ([]Point, error) {
	rows, err := a.db.QueryContext(ctx, `SELECT game_id, at_ms, rating, rd FROM rating_history
		WHERE user_id = ? AND game = ? AND speed = ? ORDER BY at_ms, game_id`, userID, game, string(speed))
	if err != nil {
		return nil, internal("read history", err)
	}
	defer rows.Close()
	var out []Point
	for rows.Next() {
		var p Point
		var at int64
		if err := rows.Scan(&p.GameID, &at, &p.R, &p.RD); err != nil {
			return nil, internal("read history", err)
		}
		p.At = fromMs(at)
		out = append(out, p)
	}
	if err := rows.Err(); err != nil {
		return nil, internal("read history", err)
	}
	return out, nil
}

// Played is one finished game on a user's profile.
type Played struct {
	GameID string
	Game   string
	Speed  rating.Speed
	Rated  bool
	At     time.Time
	// Changes holds every seat, in seat order.
	Changes []Change
}

// Games returns the user's latest finished games, newest first, at most
// limit of them, that ended before before (for paging; the zero time for
// the newest).
func (a *Accounts) Games(ctx context.Context, userID int64, before time.Time, limit int) ([]Played, error) {
	end := int64(math.MaxInt64)
	if !before.IsZero() {
		end = before.UnixMilli()
	}
	rows, err := a.db.QueryContext(ctx, `SELECT r.game_id, r.game, r.speed, r.rated, r.at_ms
		FROM results r JOIN result_players p ON p.game_id = r.game_id
		WHERE p.user_id = ? AND r.at_ms < ? ORDER BY r.at_ms DESC, r.game_id DESC LIMIT ?`, userID, end, limit)
	if err != nil {
		return nil, internal("read games", err)
	}
	var out []Played
	for rows.Next() {
		var p Played
		var at int64
		if err := rows.Scan(&p.GameID, &p.Game, &p.Speed, &p.Rated, &at); err != nil {
			rows.Close()
			return nil, internal("read games", err)
		}
		p.At = fromMs(at)
		out = append(out, p)
	}
	rows.Close()
	if err := rows.Err(); err != nil {
		return nil, internal("read games", err)
	}
	// The seats are read once the list is closed: SQLite has one
	// connection, and it is the list's until then.
	for i := range out {
		if out[i].Changes, err = a.changes(ctx, a.db, out[i].GameID); err != nil {
			return nil, internal("read games", err)
		}
	}
	return out, nil
}
