package tournament

import (
	"context"
	"time"

	"wyrm/server/store"
	"wyrm/server/tournament/arena"
)

// directArena moves an arena on: until its end it seats the players who
// wait at new tables (games); after it, once its last games have ended, it
// finishes.
func (s *Service) directArena(ctx context.Context, t Tournament, now time.Time) error {
	gs, err := s.st.Games(ctx, t.ID)
	if err != nil {
		return err
	}
	busy := map[int64]bool{}
	recent := map[int64][]string{} // the opponents of each one's last game
	colours := map[int64]int{}
	for _, g := range gs { // in the order they were paired
		for seat, u := range g.Users {
			if g.Status != gameOver {
				busy[u] = true
			}
			recent[u] = nil
			for _, v := range g.Users {
				if v != u {
					recent[u] = append(recent[u], idString(v))
				}
			}
			if len(g.Users) == 2 {
				colours[u] += 1 - 2*seat
			}
		}
	}
	if now.UnixMilli() >= t.EndsMs {
		if len(busy) == 0 {
			return s.st.finish(ctx, t.ID, s.node, now)
		}
		return nil
	}
	ps, err := s.st.Players(ctx, t.ID)
	if err != nil {
		return err
	}
	var waiting []arena.Waiting
	byID := map[string]Player{}
	for _, p := range ps {
		if p.State != Active || busy[p.UserID] {
			continue
		}
		id := idString(p.UserID)
		byID[id] = p
		waiting = append(waiting, arena.Waiting{ID: id, Rating: p.Rating, Score: p.Score, Recent: recent[p.UserID],
			Games: p.Games, Colours: colours[p.UserID]})
	}
	if len(waiting) < t.Seats {
		return nil
	}
	var pairings []pairing
	for _, table := range arena.Tables(waiting, t.Seats) {
		var pr pairing
		for _, id := range table {
			pr.users = append(pr.users, idOf(id))
			pr.berserk = append(pr.berserk, byID[id].Berserk)
		}
		pairings = append(pairings, pr)
	}
	if len(pairings) == 0 {
		return nil
	}
	// An arena's round counts its pairings, so that a player's games are
	// read in the order they were paired whatever the clock says.
	wave := t.Round + 1
	added, err := s.addGames(ctx, t, wave, pairings, func(tx *store.Tx) error {
		_, err := tx.ExecContext(ctx, "UPDATE tournaments SET round = ? WHERE id = ?", wave, t.ID)
		return internal("count a pairing", err)
	})
	if err != nil {
		return err
	}
	for _, g := range added {
		if err := s.startGame(ctx, t, g); err != nil {
			return err
		}
	}
	return nil
}

// arenaPoints are seat's points for an arena game by its places (after
// plies moves in all), for a player who had won streak games in a row
// before it.
func arenaPoints(placings []int, seat int, berserk bool, plies, streak int) int {
	r := arena.Result{Place: placings[seat], Berserk: berserk, Moves: ownMoves(plies, seat, len(placings))}
	for _, p := range placings {
		if p == placings[seat] {
			r.Tied++
		}
	}
	points, _ := arena.Points(r, len(placings), streak >= StreakWins)
	return points
}

// StreakWins is how many wins in a row put a player on a streak, where
// their points are doubled.
const StreakWins = 2

// ownMoves is how many of plies moves seat made, the seats moving in turn
// from the first (near enough in a game whose seats leave).
func ownMoves(plies, seat, seats int) int {
	return (plies - seat + seats - 1) / seats
}
