package fairplay

import (
	"context"
	"embed"
	"fmt"
	"path"

	"wyrm/internal/sqlmigrate"
	"wyrm/server/store"
)

// migrationFiles holds each database's numbered schema steps.
//
//go:embed migrations
var migrationFiles embed.FS

// migrationLock is the PostgreSQL advisory lock of this package's
// migrations ("wyfp").
const migrationLock = 0x77796670

// Figures are one account's figures in one analysed game.
type Figures struct {
	GameID string
	UserID int64
	Game   string
	Speed  string
	// Rating is the account's rating before the game.
	Rating float64
	// Moves were analysed, Matches of them the engine's first choice;
	// LossCP sums each move's loss against the engine's best.
	Moves, Matches int
	LossCP         int
	// TimedMoves had a known thinking time, summing TimeMs.
	TimedMoves int
	TimeMs     int64
	AtMs       int64
}

// Store keeps the figures in the game database.
type Store struct{ db store.DB }

// Open opens the figures kept in db, bringing their table up to date.
func Open(ctx context.Context, db store.DB) (*Store, error) {
	steps, err := sqlmigrate.Load(migrationFiles, path.Join("migrations", db.Dialect().Name))
	if err == nil {
		err = db.Migrate(ctx, steps, "fairplay_schema_version", migrationLock)
	}
	if err != nil {
		return nil, fmt.Errorf("open fair play: %w", err)
	}
	return &Store{db: db}, nil
}

// Add keeps f; a game's figures for an account are kept once.
func (s *Store) Add(ctx context.Context, f Figures) error {
	_, err := s.db.ExecContext(ctx, `INSERT INTO fairplay_games(game_id, user_id, game, speed, rating, moves, matches, loss_cp, timed_moves, time_ms, at_ms)
		VALUES(?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?) ON CONFLICT (game_id, user_id) DO NOTHING`,
		f.GameID, f.UserID, f.Game, f.Speed, f.Rating, f.Moves, f.Matches, f.LossCP, f.TimedMoves, f.TimeMs, f.AtMs)
	if err != nil {
		return fmt.Errorf("fair play: keep figures: %w", err)
	}
	return nil
}

// Totals are an account's figures in one pool, added up.
type Totals struct {
	UserID      int64
	Game, Speed string
	Games       int
	Rating      float64 // the average of its ratings before the games
	Moves       int
	Matches     int
	LossCP      int64
	TimedMoves  int
	TimeMs      int64
}

// Match is the share of moves that were the engine's first choice.
func (t Totals) Match() float64 { return float64(t.Matches) / float64(max(t.Moves, 1)) }

// Loss is the average loss a move, in centipawns.
func (t Totals) Loss() float64 { return float64(t.LossCP) / float64(max(t.Moves, 1)) }

// MoveMs is the average thinking time of a timed move.
func (t Totals) MoveMs() float64 { return float64(t.TimeMs) / float64(max(t.TimedMoves, 1)) }

// totals adds up the figures of every account and pool with at least
// MinGames games and MinMoves moves analysed.
func (s *Store) totals(ctx context.Context) ([]Totals, error) {
	rows, err := s.db.QueryContext(ctx, `SELECT user_id, game, speed, COUNT(*), AVG(rating), SUM(moves), SUM(matches), SUM(loss_cp), SUM(timed_moves), SUM(time_ms)
		FROM fairplay_games GROUP BY user_id, game, speed HAVING COUNT(*) >= ? AND SUM(moves) >= ?`, MinGames, MinMoves)
	if err != nil {
		return nil, fmt.Errorf("fair play: read totals: %w", err)
	}
	defer rows.Close()
	var out []Totals
	for rows.Next() {
		var t Totals
		if err := rows.Scan(&t.UserID, &t.Game, &t.Speed, &t.Games, &t.Rating, &t.Moves, &t.Matches, &t.LossCP, &t.TimedMoves, &t.TimeMs); err != nil {
			return nil, fmt.Errorf("fair play: read totals: %w", err)
		}
		out = append(out, t)
	}
	return out, rows.Err()
}
