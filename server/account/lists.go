package account

import (
	"context"
	"database/sql"
	"math"
	"strings"
	"time"

	"wyrm/rating"
	"wyrm/server/apierr"
)

// Outcome is how a finished game went for one player: first place alone
// is a win, first place shared a draw, any lower place a loss (in a game
// of three or four too: second of four is not a win).
type Outcome string

// The outcomes a player's games are filtered by.
const (
	Won  Outcome = "win"
	Lost Outcome = "loss"
	Drew Outcome = "draw"
)

// GameFilter picks among a player's games; a zero field picks all.
type GameFilter struct {
	Game    string  // one game's name
	Outcome Outcome // Won, Lost or Drew
	Rated   *bool   // rated only, or casual only
	// Opponent is an account that played in the game too.
	Opponent int64
}

// GameCursor is where a page of a player's games ended; the next page
// starts after it. The zero cursor starts at the newest game.
type GameCursor struct {
	AtMs   int64
	GameID string
}

// PlayedGame is one finished game in a player's list.
type PlayedGame struct {
	GameID string
	Game   string
	Speed  rating.Speed
	Rated  bool
	At     time.Time
	// Seat is the player's seat (their first, should they hold two in a
	// casual game) and Outcome how the game went for it.
	Seat    int
	Outcome Outcome
	// Seats holds every seat, in seat order.
	Seats []SeatResult
}

// SeatResult is one seat of a finished game: its account (0 and "" for a
// guest or a computer), its place and, in a rated game, its ratings.
type SeatResult struct {
	Seat   int
	UserID int64
	Name   string
	// Closed marks an account closed since, named DeletedName.
	Closed        bool
	Place         int
	Before, After rating.Rating
}

// outcomeSQL selects the games whose player's seat p had each outcome; a
// first place is shared when another seat of the game has it too.
var outcomeSQL = map[Outcome]string{
	Won:  ` AND p.place = 1 AND NOT EXISTS (SELECT 1 FROM result_players o WHERE o.game_id = p.game_id AND o.seat <> p.seat AND o.place = 1)`,
	Drew: ` AND p.place = 1 AND EXISTS (SELECT 1 FROM result_players o WHERE o.game_id = p.game_id AND o.seat <> p.seat AND o.place = 1)`,
	Lost: ` AND p.place > 1`,
}

// PlayerGames returns a page of the user's finished games that f picks,
// newest first, at most limit, starting after the cursor; and the cursor
// of the next page, zero when there is none. The games are read from the
// index of the user's seats by time, so a page costs the same however many
// games the user has played (filters skip rows on the way).
func (a *Accounts) PlayerGames(ctx context.Context, userID int64, f GameFilter, after GameCursor, limit int) ([]PlayedGame, GameCursor, error) {
	if limit < 1 {
		return nil, GameCursor{}, apierr.New(apierr.Invalid, "a page holds at least one game")
	}
	if f.Opponent != 0 && f.Opponent == userID {
		return nil, GameCursor{}, apierr.New(apierr.Invalid, "choose an opponent other than the player")
	}
	q, args, err := gamesQuery(userID, f, after, limit+1)
	if err != nil {
		return nil, GameCursor{}, err
	}
	rows, err := a.db.QueryContext(ctx, q, args...)
	if err != nil {
		return nil, GameCursor{}, internal("read games", err)
	}
	var out []PlayedGame
	var places []int
	for rows.Next() {
		var g PlayedGame
		var at int64
		var place int
		if err := rows.Scan(&g.GameID, &g.Seat, &place, &at, &g.Game, &g.Speed, &g.Rated); err != nil {
			rows.Close()
			return nil, GameCursor{}, internal("read games", err)
		}
		g.At = fromMs(at)
		out = append(out, g)
		places = append(places, place)
	}
	rows.Close()
	if err := rows.Err(); err != nil {
		return nil, GameCursor{}, internal("read games", err)
	}
	var next GameCursor
	if len(out) > limit {
		out, places = out[:limit], places[:limit]
		last := out[limit-1]
		next = GameCursor{AtMs: last.At.UnixMilli(), GameID: last.GameID}
	}
	// The seats are read once the list is closed (SQLite has one
	// connection), in one query for the page.
	seats, err := a.seatsOf(ctx, out)
	if err != nil {
		return nil, GameCursor{}, internal("read games", err)
	}
	for i := range out {
		out[i].Seats = seats[out[i].GameID]
		out[i].Outcome = outcomeOf(places[i], out[i].Seat, out[i].Seats)
	}
	return out, next, nil
}

// gamesQuery is PlayerGames' statement, with ? placeholders, and its
// arguments.
func gamesQuery(userID int64, f GameFilter, after GameCursor, limit int) (string, []any, error) {
	if after.AtMs == 0 && after.GameID == "" {
		after.AtMs = math.MaxInt64
	}
	// The user's first seat of each game only, so that a casual game in
	// which they held two seats is listed once.
	q := `SELECT p.game_id, p.seat, p.place, p.at_ms, r.game, r.speed, r.rated
		FROM result_players p JOIN results r ON r.game_id = p.game_id
		WHERE p.user_id = ? AND (p.at_ms < ? OR (p.at_ms = ? AND p.game_id < ?))
		AND NOT EXISTS (SELECT 1 FROM result_players q WHERE q.game_id = p.game_id AND q.user_id = p.user_id AND q.seat < p.seat)`
	args := []any{userID, after.AtMs, after.AtMs, after.GameID}
	if f.Game != "" {
		q += ` AND r.game = ?`
		args = append(args, f.Game)
	}
	if f.Rated != nil {
		q += ` AND r.rated = ?`
		args = append(args, *f.Rated)
	}
	if f.Outcome != "" {
		cond, ok := outcomeSQL[f.Outcome]
		if !ok {
			return "", nil, apierr.New(apierr.Invalid, "an outcome is win, loss or draw, not %q", f.Outcome)
		}
		q += cond
	}
	if f.Opponent != 0 {
		// The time, the same for every seat of a game, makes this one seek
		// in the index by user and time.
		q += ` AND EXISTS (SELECT 1 FROM result_players o WHERE o.user_id = ? AND o.at_ms = p.at_ms AND o.game_id = p.game_id)`
		args = append(args, f.Opponent)
	}
	q += ` ORDER BY p.at_ms DESC, p.game_id DESC LIMIT ?`
	args = append(args, limit)
	return q, args, nil
}

// outcomeOf is how a game went for seat at place.
func outcomeOf(place, seat int, seats []SeatResult) Outcome {
	if place > 1 {
		return Lost
	}
	for _, s := range seats {
		if s.Seat != seat && s.Place == 1 {
			return Drew
		}
	}
	return Won
}

// seatsOf reads the seats of games, with their accounts' names, by game.
func (a *Accounts) seatsOf(ctx context.Context, games []PlayedGame) (map[string][]SeatResult, error) {
	out := map[string][]SeatResult{}
	if len(games) == 0 {
		return out, nil
	}
	ids := make([]any, len(games))
	for i, g := range games {
		ids[i] = g.GameID
	}
	// A closed account plays on in its games as "deleted account"
	// (DeletedName), whoever closed it: it has left every list.
	rows, err := a.db.QueryContext(ctx, `SELECT p.game_id, p.seat, p.user_id,
		CASE WHEN u.closed_ms > 0 THEN '`+DeletedName+`' ELSE u.name END, COALESCE(u.closed_ms, 0) > 0, p.place,
		p.rating_before, p.rd_before, p.vol_before, p.rating_after, p.rd_after, p.vol_after
		FROM result_players p LEFT JOIN users u ON u.id = p.user_id
		WHERE p.game_id IN (?`+strings.Repeat(", ?", len(ids)-1)+`) ORDER BY p.game_id, p.seat`, ids...)
	if err != nil {
		return nil, err
	}
	defer rows.Close()
	for rows.Next() {
		var id string
		var s SeatResult
		var user sql.NullInt64
		var name sql.NullString
		var v [6]sql.NullFloat64
		if err := rows.Scan(&id, &s.Seat, &user, &name, &s.Closed, &s.Place, &v[0], &v[1], &v[2], &v[3], &v[4], &v[5]); err != nil {
			return nil, err
		}
		s.UserID, s.Name = user.Int64, name.String
		s.Before = rating.Rating{R: v[0].Float64, RD: v[1].Float64, Vol: v[2].Float64}
		s.After = rating.Rating{R: v[3].Float64, RD: v[4].Float64, Vol: v[5].Float64}
		out[id] = append(out[id], s)
	}
	return out, rows.Err()
}

// Record is a player's score against one opponent in one game: every game
// both played in, won when the player placed above the opponent, drawn
// when they placed alike (in a game of three or four, whoever else won).
type Record struct {
	Game              string
	Won, Lost, Drawn  int
	RatedGames, Games int
}

// headToHeadQuery counts, per game, the results of one account (the
// second argument) against another (the first): each account's first seat
// of a game, as in PlayerGames; the opponent's seat found by one seek in
// the index by user and time.
const headToHeadQuery = `SELECT r.game,
		SUM(CASE WHEN p.place < o.place THEN 1 ELSE 0 END),
		SUM(CASE WHEN p.place > o.place THEN 1 ELSE 0 END),
		SUM(CASE WHEN p.place = o.place THEN 1 ELSE 0 END),
		SUM(CASE WHEN r.rated THEN 1 ELSE 0 END),
		COUNT(*)
		FROM result_players p
		JOIN result_players o ON o.user_id = ? AND o.at_ms = p.at_ms AND o.game_id = p.game_id
		JOIN results r ON r.game_id = p.game_id
		WHERE p.user_id = ?
		AND NOT EXISTS (SELECT 1 FROM result_players q WHERE q.game_id = p.game_id AND q.user_id = p.user_id AND q.seat < p.seat)
		AND NOT EXISTS (SELECT 1 FROM result_players q WHERE q.game_id = o.game_id AND q.user_id = o.user_id AND q.seat < o.seat)
		GROUP BY r.game ORDER BY r.game`

// HeadToHead returns the user's record against opponent in each game they
// both played, by game name.
func (a *Accounts) HeadToHead(ctx context.Context, userID, opponent int64) ([]Record, error) {
	if userID == opponent {
		return nil, apierr.New(apierr.Invalid, "choose an opponent other than the player")
	}
	rows, err := a.db.QueryContext(ctx, headToHeadQuery, opponent, userID)
	if err != nil {
		return nil, internal("read head to head", err)
	}
	defer rows.Close()
	out := []Record{}
	for rows.Next() {
		var r Record
		if err := rows.Scan(&r.Game, &r.Won, &r.Lost, &r.Drawn, &r.RatedGames, &r.Games); err != nil {
			return nil, internal("read head to head", err)
		}
		out = append(out, r)
	}
	if err := rows.Err(); err != nil {
		return nil, internal("read head to head", err)
	}
	return out, nil
}

// LeaderboardActive is how recently a player must have finished a rated
// game in a pool to be on its leaderboard.
const LeaderboardActive = 90 * 24 * time.Hour

// Leader is one line of a leaderboard.
type Leader struct {
	Rank   int // 1 for the best
	UserID int64
	Name   string
	// Rating is as of now (the deviation grown for the time since Last).
	Rating rating.Rating
	Games  int
	Last   time.Time
}

// Leaderboard returns the players of one pool ranked by rating, best
// first (ties by the older account), from rank offset+1, at most limit of
// them, and whether more follow. Only established ratings count: a
// deviation, grown for the time since the player's last game as Idle
// grows it, of at most rating.ProvisionalRD; and a rated game in the pool
// within LeaderboardActive. The pool's index is read in rating order, so a
// page costs its offset and length, not the pool's size.
func (a *Accounts) Leaderboard(ctx context.Context, game string, speed rating.Speed, offset, limit int) ([]Leader, bool, error) {
	if offset < 0 || limit < 1 {
		return nil, false, apierr.New(apierr.Invalid, "a leaderboard page starts at rank 1 or later and holds a player or more")
	}
	now := a.cfg.Now().UnixMilli()
	q, args := a.leaderboardQuery(game, speed, now, offset, limit+1)
	rows, err := a.db.QueryContext(ctx, q, args...)
	if err != nil {
		return nil, false, internal("read leaderboard", err)
	}
	defer rows.Close()
	var out []Leader
	for rows.Next() {
		l := Leader{Rank: offset + len(out) + 1}
		var last int64
		if err := rows.Scan(&l.UserID, &l.Name, &l.Rating.R, &l.Rating.RD, &l.Rating.Vol, &l.Games, &last); err != nil {
			return nil, false, internal("read leaderboard", err)
		}
		l.Last = fromMs(last)
		l.Rating = a.cfg.Rating.Idle(l.Rating, time.Duration(now-last)*time.Millisecond)
		out = append(out, l)
	}
	if err := rows.Err(); err != nil {
		return nil, false, internal("read leaderboard", err)
	}
	more := len(out) > limit
	if more {
		out = out[:limit]
	}
	return out, more, nil
}

// leaderboardQuery is Leaderboard's statement at now, with ? placeholders,
// and its arguments.
func (a *Accounts) leaderboardQuery(game string, speed rating.Speed, now int64, offset, limit int) (string, []any) {
	// Idle grows RD² by (vol × Scale)² per rating period: per millisecond,
	// vol² times grow.
	grow := rating.Scale * rating.Scale / float64(a.cfg.Rating.RatingPeriod().Milliseconds())
	return `SELECT r.user_id, u.name, r.rating, r.rd, r.vol, r.games, r.last_ms
		FROM ratings r JOIN users u ON u.id = r.user_id
		WHERE r.game = ? AND r.speed = ? AND r.games > 0 AND r.last_ms >= ? AND u.closed_ms = 0 AND u.mark = ''
		AND r.rd * r.rd + (CASE WHEN r.last_ms < ? THEN ? - r.last_ms ELSE 0 END) * r.vol * r.vol * CAST(? AS DOUBLE PRECISION)
			<= CAST(? AS DOUBLE PRECISION)
		ORDER BY r.rating DESC, r.user_id LIMIT ? OFFSET ?`,
		[]any{game, string(speed), now - LeaderboardActive.Milliseconds(), now, now, grow,
			float64(rating.ProvisionalRD * rating.ProvisionalRD), limit, offset}
}
