package tournament

import (
	"context"
	"errors"
	"strconv"
	"time"

	"wyrm/server/store"
	"wyrm/server/tournament/swiss"
)

// directSwiss moves a Swiss tournament on: once every game of the round
// has ended it notes when, and after the pause pairs the next round, or
// after the last round finishes the tournament.
func (s *Service) directSwiss(ctx context.Context, t Tournament, now time.Time) error {
	gs, err := s.st.Games(ctx, t.ID)
	if err != nil {
		return err
	}
	for _, g := range gs {
		if g.Round == t.Round && g.Status != gameOver {
			return nil // the round goes on
		}
	}
	if t.Round >= t.Rounds {
		return s.st.finish(ctx, t.ID, s.node, now)
	}
	if t.Round > 0 && t.RoundEndMs == 0 {
		// The pause runs from now.
		_, err := s.st.db.ExecContext(ctx, "UPDATE tournaments SET round_end_ms = ? WHERE id = ? AND round = ? AND director = ?", now.UnixMilli(), t.ID, t.Round, s.node)
		return internal("end a round", err)
	}
	if t.Round > 0 && now.UnixMilli() < t.RoundEndMs+t.Terms.PauseMs {
		return nil
	}
	ps, err := s.st.Players(ctx, t.ID)
	if err != nil {
		return err
	}
	in := swissPlayers(ps, gs, t.Round)
	round := t.Round + 1
	advance := func(tx *store.Tx) error {
		_, err := tx.ExecContext(ctx, "UPDATE tournaments SET round = ?, round_end_ms = 0 WHERE id = ?", round, t.ID)
		return internal("start a round", err)
	}
	if len(in) < 2 {
		// Nobody to pair: the tournament ends here.
		return s.st.finish(ctx, t.ID, s.node, now)
	}
	r, err := swiss.PairRound(in, round, t.Rounds)
	if errors.Is(err, swiss.ErrNoPairing) {
		s.log.Info("no Swiss pairing left: the tournament ends", "tournament", t.ID, "round", round)
		return s.st.finish(ctx, t.ID, s.node, now)
	}
	if err != nil {
		return err
	}
	var pairings []pairing
	for _, p := range r.Pairs {
		pairings = append(pairings, pairing{users: []int64{idOf(p.White), idOf(p.Black)}})
	}
	if r.Bye != "" {
		pairings = append(pairings, pairing{users: []int64{idOf(r.Bye)}})
	}
	added, err := s.addGames(ctx, t, round, pairings, func(tx *store.Tx) error {
		if err := advance(tx); err != nil {
			return err
		}
		if r.Bye == "" {
			return nil
		}
		// A bye scores at once: a win's two half points.
		_, err := tx.ExecContext(ctx, "UPDATE tournament_players SET score = score + 2 WHERE tournament_id = ? AND user_id = ?", t.ID, idOf(r.Bye))
		return internal("score a bye", err)
	})
	if err != nil {
		return err
	}
	s.log.Info("Swiss round paired", "tournament", t.ID, "round", round, "games", len(r.Pairs), "bye", r.Bye != "")
	for _, g := range added {
		if g.Status == gameNew {
			if err := s.startGame(ctx, t, g); err != nil {
				return err
			}
		}
	}
	return nil
}

func idOf(s string) int64 {
	n, _ := strconv.ParseInt(s, 10, 64)
	return n
}

func idString(u int64) string { return strconv.FormatInt(u, 10) }

// swissPlayers are the active players as the pairing sees them after
// rounds: their scores, colours, opponents and byes from the games.
func swissPlayers(ps []Player, gs []Game, rounds int) []swiss.Player {
	type hist struct {
		colours []swiss.Colour
		opps    []string
		byes    int
		score   int
	}
	h := map[int64]*hist{}
	for _, p := range ps {
		h[p.UserID] = &hist{colours: make([]swiss.Colour, rounds)}
	}
	for _, g := range gs {
		if g.Round < 1 || g.Round > rounds {
			continue
		}
		for seat, u := range g.Users {
			x := h[u]
			if x == nil {
				continue
			}
			if g.Bye() {
				x.byes++
				x.score += 2
				continue
			}
			x.colours[g.Round-1] = []swiss.Colour{swiss.White, swiss.Black}[seat]
			x.opps = append(x.opps, idString(g.Users[1-seat]))
			if g.Status == gameOver && seat < len(g.Points) {
				x.score += g.Points[seat]
			}
		}
	}
	var out []swiss.Player
	for _, p := range ps {
		if p.State != Active {
			continue
		}
		x := h[p.UserID]
		out = append(out, swiss.Player{ID: idString(p.UserID), Rating: p.Rating, Score: x.score,
			Colours: x.colours, Opponents: x.opps, Byes: x.byes})
	}
	return out
}

// swissStandings ranks a Swiss tournament's players with their
// tie-breaks.
func swissStandings(ps []Player, gs []Game) []Standing {
	ids := make([]string, len(ps))
	byID := map[string]Player{}
	// Rating order breaks the last ties.
	sorted := append([]Player(nil), ps...)
	sortByRating(sorted)
	for i, p := range sorted {
		ids[i] = idString(p.UserID)
		byID[ids[i]] = p
	}
	var games []swiss.Game
	for _, g := range gs {
		switch {
		case g.Bye():
			games = append(games, swiss.Game{Round: g.Round, White: idString(g.Users[0]), WhiteScore: 2})
		case g.Status == gameOver:
			games = append(games, swiss.Game{Round: g.Round, White: idString(g.Users[0]), Black: idString(g.Users[1]), WhiteScore: g.Points[0]})
		}
	}
	var out []Standing
	for _, st := range swiss.Standings(ids, games) {
		p := byID[st.ID]
		p.Score = st.Score
		out = append(out, Standing{Rank: st.Rank, Player: p, Buchholz: st.Buchholz, SonnebornBerger: st.SonnebornBerger})
	}
	return out
}
