package play

import (
	"context"
	"slices"
	"time"

	"wyrm/rating"
	"wyrm/server/account"
	"wyrm/server/fairplay"
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
	if res.Rated && rec.New {
		s.queueAnalysis(res, rec.Changes)
	}
}

// queueAnalysis hands a rated game just recorded to the fair play
// analysis (two-player games only: the moves alone replay them). Caller
// holds s.mu.
func (s *session) queueAnalysis(res account.Result, ch []account.Change) {
	t := s.t
	if s.srv.analyse == nil || t.Seats() != 2 || len(ch) != 2 {
		return
	}
	start, err := t.PositionAt(0)
	if err != nil {
		return
	}
	j := fairplay.Job{GameID: s.id, Game: res.Game, Speed: string(res.Speed), Start: start.Clone(),
		Users: append([]int64(nil), t.Users...), AtMs: res.At.UnixMilli()}
	if len(t.Log) > 0 { // the first move's time counts from the game's start
		j.StartMs = t.Log[0].AtMs
	}
	for _, c := range ch {
		j.Ratings = append(j.Ratings, c.Before.R)
	}
	for _, p := range t.Plies {
		j.Plies = append(j.Plies, fairplay.Ply{Seat: p.Seat, Move: p.Text, AtMs: p.AtMs})
	}
	s.srv.analyse(j)
}
