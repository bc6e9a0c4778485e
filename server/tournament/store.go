package tournament

import (
	"context"
	"database/sql"
	"embed"
	"encoding/json"
	"errors"
	"fmt"

	"wyrm/internal/sqlmigrate"
	"wyrm/server/apierr"
	"wyrm/server/store"
)

//go:embed migrations
var migrationFiles embed.FS

// migrationLock is the PostgreSQL advisory lock under which nodes opening
// one database at once migrate it one after the other ("wych").
const migrationLock = 0x77796368

// lockClass is the first key of the two-key advisory locks that serialise
// the changes to one tournament ("tn"), apart from other features' locks.
const lockClass = 0x746e

// Store keeps tournaments, their players and their games in the game
// database. It is safe for concurrent use.
type Store struct {
	db     store.DB
	shared bool
}

// OpenStore opens the tournaments kept in db, bringing their tables up to
// date. One list of steps serves both databases.
func OpenStore(ctx context.Context, db store.DB) (*Store, error) {
	steps, err := sqlmigrate.Load(migrationFiles, "migrations")
	if err == nil {
		err = db.Migrate(ctx, steps, "tournament_schema_version", migrationLock)
	}
	if err != nil {
		return nil, fmt.Errorf("open tournaments: %w", err)
	}
	return &Store{db: db, shared: db.Dialect().Shared}, nil
}

// errNotFound answers for a tournament that does not exist.
var errNotFound = apierr.New(apierr.NotFound, "no such tournament")

// internal wraps a database failure with what was being done.
func internal(what string, err error) error {
	if err == nil {
		return nil
	}
	return fmt.Errorf("tournament: %s: %w", what, err)
}

// inTx runs f in a transaction that holds tournament id's lock (on a
// shared database; SQLite's write transactions are serial already).
func (s *Store) inTx(ctx context.Context, id string, f func(*store.Tx) error) error {
	tx, err := s.db.BeginTx(ctx, nil)
	if err != nil {
		return internal("begin", err)
	}
	defer tx.Rollback()
	if s.shared {
		if _, err := tx.ExecContext(ctx, "SELECT pg_advisory_xact_lock(?, hashtext(?))", lockClass, id); err != nil {
			return internal("lock", err)
		}
	}
	if err := f(tx); err != nil {
		return err
	}
	return internal("commit", tx.Commit())
}

type querier interface {
	QueryContext(ctx context.Context, query string, args ...any) (*sql.Rows, error)
	QueryRowContext(ctx context.Context, query string, args ...any) *sql.Row
}

const tournamentCols = `id, kind, name, game, options, clock, rated, seats, starts_ms, minutes, rounds, terms,
	password_hash, creator_id, creator_name, COALESCE(schedule_key, ''), status, round, round_end_ms, ends_ms,
	finished_ms, director, lease_ms, created_ms`

type scanner interface{ Scan(...any) error }

func scanTournament(r scanner) (Tournament, error) {
	var t Tournament
	var opts, clock, terms string
	var rated int
	err := r.Scan(&t.ID, &t.Kind, &t.Name, &t.Game, &opts, &clock, &rated, &t.Seats, &t.StartsMs, &t.Minutes, &t.Rounds,
		&terms, &t.passwordHash, &t.CreatorID, &t.CreatorName, &t.ScheduleKey, &t.Status, &t.Round, &t.RoundEndMs,
		&t.EndsMs, &t.FinishedMs, &t.Director, &t.LeaseMs, &t.CreatedMs)
	if err != nil {
		return t, err
	}
	t.Rated, t.Private = rated != 0, t.passwordHash != ""
	if err := errors.Join(json.Unmarshal([]byte(opts), &t.Options), json.Unmarshal([]byte(clock), &t.Clock),
		json.Unmarshal([]byte(terms), &t.Terms)); err != nil {
		return t, err
	}
	return t, nil
}

func boolInt(b bool) int {
	if b {
		return 1
	}
	return 0
}

// Create stores a new tournament. A tournament of the events file whose
// ScheduleKey is stored already is not stored again: created is false.
func (s *Store) Create(ctx context.Context, t Tournament) (created bool, err error) {
	opts, _ := json.Marshal(t.Options)
	clock, _ := json.Marshal(t.Clock)
	terms, _ := json.Marshal(t.Terms)
	var key any
	if t.ScheduleKey != "" {
		key = t.ScheduleKey
		var one int
		err := s.db.QueryRowContext(ctx, "SELECT 1 FROM tournaments WHERE schedule_key = ?", key).Scan(&one)
		if err == nil {
			return false, nil
		}
		if !errors.Is(err, sql.ErrNoRows) {
			return false, internal("find a scheduled event", err)
		}
	}
	_, err = s.db.ExecContext(ctx, `INSERT INTO tournaments (id, kind, name, game, options, clock, rated, seats, starts_ms,
		minutes, rounds, terms, password_hash, creator_id, creator_name, schedule_key, status, round, round_end_ms, ends_ms,
		finished_ms, director, lease_ms, created_ms) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, 0, 0, 0, 0, '', 0, ?)`,
		t.ID, t.Kind, t.Name, t.Game, string(opts), string(clock), boolInt(t.Rated), t.Seats, t.StartsMs, t.Minutes, t.Rounds,
		string(terms), t.passwordHash, t.CreatorID, t.CreatorName, key, Created, t.CreatedMs)
	if err != nil {
		if key != nil {
			// Another node created the same event at the same moment.
			var one int
			if s.db.QueryRowContext(ctx, "SELECT 1 FROM tournaments WHERE schedule_key = ?", key).Scan(&one) == nil {
				return false, nil
			}
		}
		return false, internal("create", err)
	}
	return true, nil
}

// Get reads tournament id.
func (s *Store) Get(ctx context.Context, id string) (Tournament, error) {
	return getTournament(ctx, s.db, id)
}

func getTournament(ctx context.Context, q querier, id string) (Tournament, error) {
	t, err := scanTournament(q.QueryRowContext(ctx, "SELECT "+tournamentCols+" FROM tournaments WHERE id = ?", id))
	if errors.Is(err, sql.ErrNoRows) {
		return t, errNotFound
	}
	return t, internal("read", err)
}

// List returns up to n tournaments of status, soonest or latest first.
func (s *Store) List(ctx context.Context, status string, n int) ([]Tournament, error) {
	order := "starts_ms ASC"
	if status == Finished {
		order = "finished_ms DESC"
	}
	rows, err := s.db.QueryContext(ctx, "SELECT "+tournamentCols+" FROM tournaments WHERE status = ? ORDER BY "+order+", id LIMIT ?", status, n)
	if err != nil {
		return nil, internal("list", err)
	}
	defer rows.Close()
	out := []Tournament{}
	for rows.Next() {
		t, err := scanTournament(rows)
		if err != nil {
			return nil, internal("list", err)
		}
		out = append(out, t)
	}
	return out, internal("list", rows.Err())
}

// Upcoming counts the tournaments account user created that have not
// finished.
func (s *Store) Upcoming(ctx context.Context, user int64) (int, error) {
	var n int
	err := s.db.QueryRowContext(ctx, "SELECT COUNT(*) FROM tournaments WHERE creator_id = ? AND status <> ?", user, Finished).Scan(&n)
	return n, internal("count", err)
}

const playerCols = "user_id, name, rating, bot, score, games, streak, fire, berserks, berserk, state, free_ms, joined_ms"

func scanPlayer(r scanner) (Player, error) {
	var p Player
	var bot, fire, berserk int
	err := r.Scan(&p.UserID, &p.Name, &p.Rating, &bot, &p.Score, &p.Games, &p.Streak, &fire, &p.Berserks, &berserk, &p.State, &p.FreeMs, &p.JoinedMs)
	p.Bot, p.Fire, p.Berserk = bot != 0, fire != 0, berserk != 0
	return p, err
}

// Players returns a tournament's players, best score first.
func (s *Store) Players(ctx context.Context, id string) ([]Player, error) {
	return players(ctx, s.db, id)
}

func players(ctx context.Context, q querier, id string) ([]Player, error) {
	rows, err := q.QueryContext(ctx, "SELECT "+playerCols+" FROM tournament_players WHERE tournament_id = ? ORDER BY score DESC, rating DESC, user_id", id)
	if err != nil {
		return nil, internal("read players", err)
	}
	defer rows.Close()
	out := []Player{}
	for rows.Next() {
		p, err := scanPlayer(rows)
		if err != nil {
			return nil, internal("read players", err)
		}
		out = append(out, p)
	}
	return out, internal("read players", rows.Err())
}

const gameCols = "game_id, round, users, tokens, berserk, status, placings, points, reason, started_ms, ended_ms"

func scanGame(r scanner) (Game, error) {
	var g Game
	var users, tokens, berserk, placings, points string
	if err := r.Scan(&g.ID, &g.Round, &users, &tokens, &berserk, &g.Status, &placings, &points, &g.Reason, &g.StartedMs, &g.EndedMs); err != nil {
		return g, err
	}
	return g, errors.Join(json.Unmarshal([]byte(users), &g.Users), json.Unmarshal([]byte(tokens), &g.Tokens),
		json.Unmarshal([]byte(berserk), &g.Berserk), json.Unmarshal([]byte(placings), &g.Placings), json.Unmarshal([]byte(points), &g.Points))
}

// Games returns a tournament's games in the order they were paired.
func (s *Store) Games(ctx context.Context, id string) ([]Game, error) { return games(ctx, s.db, id) }

func games(ctx context.Context, q querier, id string) ([]Game, error) {
	rows, err := q.QueryContext(ctx, "SELECT "+gameCols+" FROM tournament_games WHERE tournament_id = ? ORDER BY round, started_ms, game_id", id)
	if err != nil {
		return nil, internal("read games", err)
	}
	defer rows.Close()
	out := []Game{}
	for rows.Next() {
		g, err := scanGame(rows)
		if err != nil {
			return nil, internal("read games", err)
		}
		out = append(out, g)
	}
	return out, internal("read games", rows.Err())
}

type execer interface {
	ExecContext(ctx context.Context, query string, args ...any) (sql.Result, error)
}

// insertGame stores a new game of tournament tid.
func insertGame(ctx context.Context, tx execer, tid string, g Game) error {
	users, _ := json.Marshal(g.Users)
	tokens, _ := json.Marshal(g.Tokens)
	berserk, _ := json.Marshal(g.Berserk)
	placings, _ := json.Marshal(orEmpty(g.Placings))
	points, _ := json.Marshal(orEmpty(g.Points))
	_, err := tx.ExecContext(ctx, `INSERT INTO tournament_games (game_id, tournament_id, round, users, tokens, berserk, status,
		placings, points, reason, started_ms, ended_ms) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
		g.ID, tid, g.Round, string(users), string(tokens), string(berserk), g.Status, string(placings), string(points), g.Reason, g.StartedMs, g.EndedMs)
	return internal("store a game", err)
}

func orEmpty(v []int) []int {
	if v == nil {
		return []int{}
	}
	return v
}

// PlayerTournament is a tournament an account played in, for its profile.
type PlayerTournament struct {
	ID      string `json:"id"`
	Name    string `json:"name"`
	Kind    string `json:"kind"`
	Game    string `json:"game"`
	Status  string `json:"status"`
	Score   int    `json:"score"`
	Games   int    `json:"games"`
	StartMs int64  `json:"startsAt"`
	// Rank is the player's place by score (shared by equal scores; a
	// Swiss's tie-breaks are on the tournament's page); Players how many
	// played.
	Rank    int `json:"rank"`
	Players int `json:"players"`
}

// OfPlayer returns up to n tournaments account user joined, latest first.
func (s *Store) OfPlayer(ctx context.Context, user int64, n int) ([]PlayerTournament, error) {
	rows, err := s.db.QueryContext(ctx, `SELECT t.id, t.name, t.kind, t.game, t.status, p.score, p.games, t.starts_ms,
		1 + (SELECT COUNT(*) FROM tournament_players o WHERE o.tournament_id = t.id AND o.score > p.score),
		(SELECT COUNT(*) FROM tournament_players o WHERE o.tournament_id = t.id)
		FROM tournament_players p JOIN tournaments t ON t.id = p.tournament_id
		WHERE p.user_id = ? ORDER BY t.starts_ms DESC, t.id LIMIT ?`, user, n)
	if err != nil {
		return nil, internal("read a player's tournaments", err)
	}
	defer rows.Close()
	out := []PlayerTournament{}
	for rows.Next() {
		var p PlayerTournament
		if err := rows.Scan(&p.ID, &p.Name, &p.Kind, &p.Game, &p.Status, &p.Score, &p.Games, &p.StartMs, &p.Rank, &p.Players); err != nil {
			return nil, internal("read a player's tournaments", err)
		}
		out = append(out, p)
	}
	return out, internal("read a player's tournaments", rows.Err())
}
