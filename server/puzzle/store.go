package puzzle

import (
	"context"
	"embed"
	"fmt"
	"path"
	"time"

	"wyrm/internal/sqlmigrate"
	"wyrm/rating"
	"wyrm/server/store"
)

// migrationFiles holds each database's numbered schema steps,
// migrations/<sqlite|postgres>/NNNN_what.sql.
//
//go:embed migrations
var migrationFiles embed.FS

// migrationLock is the PostgreSQL advisory lock under which nodes opening
// one database at once migrate it one after the other ("wypz").
const migrationLock = 0x7779707a

// Store keeps accounts' puzzle ratings, streaks and attempts, and the
// puzzles' own ratings. It is safe for concurrent use.
type Store struct {
	db  store.DB
	now func() time.Time
}

// Open opens the puzzle tables of the game database db, bringing them up
// to date.
func Open(ctx context.Context, db store.DB) (*Store, error) {
	steps, err := sqlmigrate.Load(migrationFiles, path.Join("migrations", db.Dialect().Name))
	if err == nil {
		err = db.Migrate(ctx, steps, "puzzle_schema_version", migrationLock)
	}
	if err != nil {
		return nil, fmt.Errorf("open puzzles: %w", err)
	}
	return &Store{db: db, now: time.Now}, nil
}

// Player is an account's puzzle standing in one game.
type Player struct {
	Rating     rating.Rating
	Attempts   int
	Streak     int // the streak under way
	BestStreak int
}

// Attempt is what one attempt changes, worked out by Record's caller from
// the standings before it.
type Attempt struct {
	Player Player
	Puzzle rating.Rating
	Rated  bool
}

// Player reads an account's standing in game; an account that never tried
// a puzzle there has def's rating.
func (s *Store) Player(ctx context.Context, user int64, game string, def rating.Rating) (Player, error) {
	p := Player{Rating: def}
	err := s.db.QueryRowContext(ctx, `SELECT rating, rd, volatility, attempts, streak, best_streak FROM puzzle_players
		WHERE user_id = ? AND game = ?`, user, game).Scan(&p.Rating.R, &p.Rating.RD, &p.Rating.Vol, &p.Attempts, &p.Streak, &p.BestStreak)
	if err != nil && !isNoRows(err) {
		return Player{}, fmt.Errorf("puzzles: read a player: %w", err)
	}
	return p, nil
}

// Seen lists the puzzles of game an account has tried, at most the last
// limit of them.
func (s *Store) Seen(ctx context.Context, user int64, game string, limit int) (map[string]bool, error) {
	rows, err := s.db.QueryContext(ctx, `SELECT puzzle_id FROM puzzle_attempts WHERE user_id = ? AND game = ?
		ORDER BY id DESC LIMIT ?`, user, game, limit)
	if err != nil {
		return nil, fmt.Errorf("puzzles: read attempts: %w", err)
	}
	defer rows.Close()
	seen := map[string]bool{}
	for rows.Next() {
		var id string
		if err := rows.Scan(&id); err != nil {
			return nil, err
		}
		seen[id] = true
	}
	return seen, rows.Err()
}

// Ratings reads the ratings of game's puzzles that players have moved
// from their files' ratings.
func (s *Store) Ratings(ctx context.Context, game string) (map[string]rating.Rating, error) {
	rows, err := s.db.QueryContext(ctx, `SELECT puzzle_id, rating, rd, volatility FROM puzzle_ratings WHERE game = ?`, game)
	if err != nil {
		return nil, fmt.Errorf("puzzles: read ratings: %w", err)
	}
	defer rows.Close()
	out := map[string]rating.Rating{}
	for rows.Next() {
		var id string
		var r rating.Rating
		if err := rows.Scan(&id, &r.R, &r.RD, &r.Vol); err != nil {
			return nil, err
		}
		out[id] = r
	}
	return out, rows.Err()
}

// Record stores an account's attempt at a puzzle in one transaction:
// change gets the player's standing, the puzzle's rating (def's when
// nobody tried it yet) and whether the account tried it before, and
// returns what the attempt makes of them.
func (s *Store) Record(ctx context.Context, user int64, game, id, mode string, solved bool, defPlayer, defPuzzle rating.Rating,
	change func(p Player, puzzle rating.Rating, tried bool) Attempt) (Attempt, Player, error) {
	tx, err := s.db.BeginTx(ctx, nil)
	if err != nil {
		return Attempt{}, Player{}, fmt.Errorf("puzzles: %w", err)
	}
	defer tx.Rollback()
	now := s.now().UnixMilli()
	fail := func(what string, err error) (Attempt, Player, error) {
		return Attempt{}, Player{}, fmt.Errorf("puzzles: %s: %w", what, err)
	}
	// The rows exist before they are locked, so that two first attempts
	// on two nodes queue on the same row.
	if _, err := tx.ExecContext(ctx, `INSERT INTO puzzle_players (user_id, game, rating, rd, volatility, updated_ms)
		VALUES (?, ?, ?, ?, ?, ?) ON CONFLICT (user_id, game) DO NOTHING`,
		user, game, defPlayer.R, defPlayer.RD, defPlayer.Vol, now); err != nil {
		return fail("add a player", err)
	}
	if _, err := tx.ExecContext(ctx, `INSERT INTO puzzle_ratings (game, puzzle_id, rating, rd, volatility)
		VALUES (?, ?, ?, ?, ?) ON CONFLICT (game, puzzle_id) DO NOTHING`,
		game, id, defPuzzle.R, defPuzzle.RD, defPuzzle.Vol); err != nil {
		return fail("add a puzzle", err)
	}
	fu := s.db.Dialect().ForUpdate
	var before Player
	if err := tx.QueryRowContext(ctx, `SELECT rating, rd, volatility, attempts, streak, best_streak FROM puzzle_players
		WHERE user_id = ? AND game = ?`+fu, user, game).Scan(&before.Rating.R, &before.Rating.RD, &before.Rating.Vol,
		&before.Attempts, &before.Streak, &before.BestStreak); err != nil {
		return fail("read a player", err)
	}
	var pr rating.Rating
	if err := tx.QueryRowContext(ctx, `SELECT rating, rd, volatility FROM puzzle_ratings WHERE game = ? AND puzzle_id = ?`+fu,
		game, id).Scan(&pr.R, &pr.RD, &pr.Vol); err != nil {
		return fail("read a puzzle", err)
	}
	var n int
	if err := tx.QueryRowContext(ctx, `SELECT COUNT(*) FROM puzzle_attempts WHERE user_id = ? AND game = ? AND puzzle_id = ?`,
		user, game, id).Scan(&n); err != nil {
		return fail("read attempts", err)
	}
	a := change(before, pr, n > 0)
	if _, err := tx.ExecContext(ctx, `UPDATE puzzle_players SET rating = ?, rd = ?, volatility = ?, attempts = ?, streak = ?,
		best_streak = ?, updated_ms = ? WHERE user_id = ? AND game = ?`, a.Player.Rating.R, a.Player.Rating.RD,
		a.Player.Rating.Vol, a.Player.Attempts, a.Player.Streak, a.Player.BestStreak, now, user, game); err != nil {
		return fail("write a player", err)
	}
	solvedN := 0
	if solved {
		solvedN = 1
	}
	if _, err := tx.ExecContext(ctx, `UPDATE puzzle_ratings SET rating = ?, rd = ?, volatility = ?, attempts = attempts + 1,
		solved = solved + ? WHERE game = ? AND puzzle_id = ?`, a.Puzzle.R, a.Puzzle.RD, a.Puzzle.Vol, solvedN, game, id); err != nil {
		return fail("write a puzzle", err)
	}
	if _, err := tx.ExecContext(ctx, `INSERT INTO puzzle_attempts (user_id, game, puzzle_id, mode, solved, rated, before_rating,
		after_rating, at_ms) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)`, user, game, id, mode, solved, a.Rated,
		before.Rating.R, a.Player.Rating.R, now); err != nil {
		return fail("add an attempt", err)
	}
	if err := tx.Commit(); err != nil {
		return fail("commit", err)
	}
	return a, before, nil
}
