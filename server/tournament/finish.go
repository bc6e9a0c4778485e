package tournament

import (
	"context"
	"database/sql"
	"errors"
	"time"

	"wyrm/server/challenge"
	"wyrm/server/store"
)

// GameFinished scores a tournament game that ended (any other game is no
// concern of this package): its places and points are stored and its
// players' scores, streaks and berserks counted, in one transaction, on
// whichever node held the game. The server calls it from the games' finish
// hook.
func (s *Service) GameFinished(f challenge.Finish) {
	ctx, cancel := context.WithTimeout(context.Background(), 10*time.Second)
	defer cancel()
	if err := s.scoreGame(ctx, f); err != nil {
		s.log.Warn("scoring a tournament game", "game", f.ID, "err", err)
	}
}

func (s *Service) scoreGame(ctx context.Context, f challenge.Finish) error {
	var tid string
	err := s.st.db.QueryRowContext(ctx, "SELECT tournament_id FROM tournament_games WHERE game_id = ?", f.ID).Scan(&tid)
	if errors.Is(err, sql.ErrNoRows) {
		return nil
	}
	if err != nil {
		return internal("find a game's tournament", err)
	}
	return s.st.inTx(ctx, tid, func(tx *store.Tx) error {
		t, err := getTournament(ctx, tx, tid)
		if err != nil {
			return err
		}
		g, err := scanGame(tx.QueryRowContext(ctx, "SELECT "+gameCols+" FROM tournament_games WHERE game_id = ?", f.ID))
		if err != nil {
			return internal("read a game", err)
		}
		if g.Status == gameOver {
			return nil // told twice
		}
		placings := placingsOf(f, len(g.Users))
		ps := map[int64]Player{}
		for _, u := range g.Users {
			p, err := scanPlayer(tx.QueryRowContext(ctx, "SELECT "+playerCols+" FROM tournament_players WHERE tournament_id = ? AND user_id = ?", tid, u))
			if err != nil {
				return internal("read a player", err)
			}
			ps[u] = p
		}
		points := make([]int, len(g.Users))
		now := s.now().UnixMilli()
		for seat, u := range g.Users {
			p := ps[u]
			berserk := seat < len(g.Berserk) && g.Berserk[seat]
			switch t.Kind {
			case Swiss:
				points[seat] = swissPoints(placings, seat)
			default:
				points[seat] = arenaPoints(placings, seat, berserk, f.Plies, p.Streak)
			}
			p.Score += points[seat]
			p.Games++
			if won(placings, seat) {
				p.Streak++
			} else {
				p.Streak = 0
			}
			p.Fire = t.Kind == Arena && p.Streak >= StreakWins
			if t.Kind == Arena && f.NoShow != nil && *f.NoShow == seat && p.State == Active {
				// An arena player who did not come is paused, so that they
				// are not paired again and again in their absence; joining
				// again brings them back.
				p.State = Paused
			}
			if berserk {
				p.Berserks++
			}
			_, err := tx.ExecContext(ctx, `UPDATE tournament_players SET score = ?, games = ?, streak = ?, fire = ?, berserks = ?, free_ms = ?,
				state = ? WHERE tournament_id = ? AND user_id = ?`, p.Score, p.Games, p.Streak, boolInt(p.Fire), p.Berserks, now, p.State, tid, u)
			if err != nil {
				return internal("score a player", err)
			}
		}
		_, err = tx.ExecContext(ctx, "UPDATE tournament_games SET status = ?, placings = ?, points = ?, reason = ?, ended_ms = ? WHERE game_id = ?",
			gameOver, jsonOf(placings), jsonOf(points), f.Reason, now, f.ID)
		return internal("score a game", err)
	})
}

// placingsOf is each seat's place in a finished game: the game's own, or
// for a game aborted, the seat that aborted it or never moved last and the
// others first together.
func placingsOf(f challenge.Finish, seats int) []int {
	out := make([]int, seats)
	if f.NoShow != nil {
		for i := range out {
			out[i] = 1
		}
		if *f.NoShow >= 0 && *f.NoShow < seats {
			out[*f.NoShow] = seats
		}
		return out
	}
	if len(f.Placings) == seats {
		copy(out, f.Placings)
		return out
	}
	for i := range out {
		out[i] = 1 // no places known: shared
	}
	return out
}

// won reports whether seat won alone.
func won(placings []int, seat int) bool {
	if placings[seat] != 1 {
		return false
	}
	for i, p := range placings {
		if i != seat && p == 1 {
			return false
		}
	}
	return true
}

// allFirst reports a game everyone drew.
func allFirst(placings []int) bool {
	for _, p := range placings {
		if p != 1 {
			return false
		}
	}
	return true
}

// swissPoints are a Swiss game's half points for seat: 2 a win, 1 a draw.
func swissPoints(placings []int, seat int) int {
	switch {
	case allFirst(placings):
		return 1
	case placings[seat] == 1:
		return 2
	}
	return 0
}
