package play

import (
	"context"
	"slices"
	"time"

	"wyrm/rating"
	"wyrm/server/account"
)

// bindSeats gives a connection the seats its account holds in the game.
// Caller holds s.mu.
func (c *client) bindSeats(user int64) {
	if user == 0 {
		return
	}
	var added []int
	for i, u := range c.s.t.Users {
		if u == user && !slices.Contains(c.seats, i) {
			c.seats = append(c.seats, i)
			added = append(added, i)
		}
	}
	c.s.arrive(added)
}

// recordResult stores a finished game's result for its players' accounts,
// rating it when it is rated: once per game, so that calling it again
// (after a restart) changes nothing. Caller holds s.mu.
func (s *session) recordResult() {
	t := s.t
	o := t.Outcome()
	acc := s.srv.accounts
	if acc == nil || !o.Over || o.Reason == "" || len(t.Plies) < t.Seats() {
		return // no accounts, not over, or aborted before every seat moved
	}
	anyone := false
	for _, u := range t.Users {
		anyone = anyone || u != 0
	}
	if !anyone {
		return
	}
	tc := t.Def.Clock
	res := account.Result{GameID: s.id, Game: s.g.Info().Name, Rated: t.Def.Rated && s.t.Rateable(),
		Speed: rating.SpeedOf(tc.Initial, tc.Increment, tc.Days),
		At:    time.UnixMilli(t.Log[len(t.Log)-1].AtMs)}
	if s.g.Info().Placings {
		res.System = account.Placings
	}
	for i, place := range t.Places() {
		res.Players = append(res.Players, account.Player{UserID: t.Users[i], Place: place})
	}
	ctx, cancel := context.WithTimeout(context.Background(), 10*time.Second)
	defer cancel()
	rec, err := acc.RecordResult(ctx, res)
	if err != nil {
		s.srv.log.Error("record result", "game", s.id, "err", err)
		return
	}
	if res.Rated {
		s.noteChanges(rec.Changes)
	}
}
