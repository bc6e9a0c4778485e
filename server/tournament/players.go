package tournament

import (
	"context"
	"database/sql"
	"errors"

	"wyrm/server/apierr"
	"wyrm/server/store"
)

// Join adds p to tournament id, or makes a player who paused or withdrew
// active again. It refuses a finished tournament, a Swiss one whose last
// round has begun, and a full one.
func (s *Store) Join(ctx context.Context, id string, p Player) error {
	return s.inTx(ctx, id, func(tx *store.Tx) error {
		t, err := getTournament(ctx, tx, id)
		if err != nil {
			return err
		}
		switch {
		case t.Status == Finished:
			return apierr.New(apierr.Conflict, "the tournament is over")
		case t.Kind == Swiss && t.Round >= t.Rounds:
			return apierr.New(apierr.Conflict, "the last round has begun: too late to join")
		}
		var state string
		err = tx.QueryRowContext(ctx, "SELECT state FROM tournament_players WHERE tournament_id = ? AND user_id = ?", id, p.UserID).Scan(&state)
		if err == nil {
			if state == Active {
				return apierr.New(apierr.Conflict, "you are in this tournament already")
			}
			_, err = tx.ExecContext(ctx, "UPDATE tournament_players SET state = ?, free_ms = ? WHERE tournament_id = ? AND user_id = ?",
				Active, p.JoinedMs, id, p.UserID)
			return internal("rejoin", err)
		}
		if !errors.Is(err, sql.ErrNoRows) {
			return internal("join", err)
		}
		var n int
		if err := tx.QueryRowContext(ctx, "SELECT COUNT(*) FROM tournament_players WHERE tournament_id = ?", id).Scan(&n); err != nil {
			return internal("join", err)
		}
		if n >= MaxPlayers {
			return apierr.New(apierr.TooMany, "the tournament is full: %d players", MaxPlayers)
		}
		_, err = tx.ExecContext(ctx, `INSERT INTO tournament_players (tournament_id, user_id, name, rating, bot, score, games,
			streak, fire, berserks, berserk, state, free_ms, joined_ms) VALUES (?, ?, ?, ?, ?, 0, 0, 0, 0, 0, 0, ?, ?, ?)`,
			id, p.UserID, p.Name, p.Rating, boolInt(p.Bot), Active, p.JoinedMs, p.JoinedMs)
		return internal("join", err)
	})
}

// Leave pauses (state Paused) or withdraws (Withdrawn) a player of
// tournament id. Before the start a withdrawal removes the player.
func (s *Store) Leave(ctx context.Context, id string, user int64, state string) error {
	return s.inTx(ctx, id, func(tx *store.Tx) error {
		t, err := getTournament(ctx, tx, id)
		if err != nil {
			return err
		}
		if t.Status == Finished {
			return apierr.New(apierr.Conflict, "the tournament is over")
		}
		if state == Paused && t.Kind != Arena {
			return apierr.New(apierr.Invalid, "only an arena pauses; withdraw from a Swiss tournament")
		}
		q, args := "UPDATE tournament_players SET state = ? WHERE tournament_id = ? AND user_id = ? AND state <> ?", []any{state, id, user, Withdrawn}
		if t.Status == Created && state == Withdrawn {
			q, args = "DELETE FROM tournament_players WHERE tournament_id = ? AND user_id = ?", []any{id, user}
		}
		res, err := tx.ExecContext(ctx, q, args...)
		if err != nil {
			return internal("leave", err)
		}
		if n, _ := res.RowsAffected(); n == 0 {
			return apierr.New(apierr.Conflict, "you are not playing in this tournament")
		}
		return nil
	})
}

// SetBerserk sets whether a player's next arena games are berserked.
func (s *Store) SetBerserk(ctx context.Context, id string, user int64, on bool) error {
	return s.inTx(ctx, id, func(tx *store.Tx) error {
		t, err := getTournament(ctx, tx, id)
		if err != nil {
			return err
		}
		if t.Kind != Arena {
			return apierr.New(apierr.Invalid, "berserk is an arena's")
		}
		res, err := tx.ExecContext(ctx, "UPDATE tournament_players SET berserk = ? WHERE tournament_id = ? AND user_id = ?", boolInt(on), id, user)
		if err != nil {
			return internal("berserk", err)
		}
		if n, _ := res.RowsAffected(); n == 0 {
			return apierr.New(apierr.Conflict, "you are not playing in this tournament")
		}
		return nil
	})
}
