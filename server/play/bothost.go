package play

import (
	"slices"
	"time"

	"wyrm/game"
	"wyrm/rating"
	"wyrm/server/apierr"
	"wyrm/server/bots"
	"wyrm/server/httpkit"
	"wyrm/server/table"
)

// The bot API (package bots) reaches the games only through botGames, and
// a bot's open game stream through botSeat.

// botGames is the hall as the bot API sees it.
type botGames struct{ srv *Hall }

// Bots is the hall as the bot API sees it (bots.Games).
func (srv *Hall) Bots() bots.Games { return botGames{srv} }

// botWatcher is a bot's game stream open on a game: the session wakes it
// on every change (it reads the state itself, so changes that come quickly
// are sent as one, the latest).
type botWatcher struct {
	wake chan struct{}
}

// notifyBots wakes the game's bot streams. Caller holds s.mu.
func (s *session) notifyBots() {
	for b := range s.bots {
		select {
		case b.wake <- struct{}{}:
		default: // already woken; it reads the latest state
		}
	}
}

// seatsOf lists the seats user holds in t.
func seatsOf(t *table.Table, user int64) []int {
	var seats []int
	for i, u := range t.Users {
		if u == user {
			seats = append(seats, i)
		}
	}
	return seats
}

// withSeats runs f on game id, under its lock, with the seats user holds
// there; it refuses a game that is not there or that user does not play.
func (g botGames) withSeats(id string, user int64, f func(s *session, seats []int) error) error {
	s := g.srv.session(id)
	if s == nil {
		return errNoGame
	}
	s.mu.Lock()
	defer s.mu.Unlock()
	seats := seatsOf(s.t, user)
	if len(seats) == 0 {
		return apierr.New(apierr.Forbidden, "you do not play in this game")
	}
	return f(s, seats)
}

// Move implements bots.Games.
func (g botGames) Move(id string, user int64, mv string) error {
	return g.withSeats(id, user, func(s *session, seats []int) error {
		return s.botMove(seats, mv)
	})
}

// botMove commits the move of whichever of seats is to move. Caller holds
// s.mu.
func (s *session) botMove(seats []int, mv string) error {
	switch {
	case s.t.Outcome().Over:
		return apierr.New(apierr.Conflict, "the game is over")
	case s.t.Setup != nil:
		return apierr.New(apierr.Conflict, "the game is in its setup, which the bot API does not play")
	}
	tm := s.t.ToMove()
	if tm == game.NoPlayer || !slices.Contains(seats, int(tm)) {
		return apierr.New(apierr.NotYourTurn, "it is not your turn")
	}
	return s.commit(int(tm), table.ActMove, mv)
}

// Resign implements bots.Games: the first of user's seats still in the
// game resigns.
func (g botGames) Resign(id string, user int64) error {
	return g.withSeats(id, user, func(s *session, seats []int) error {
		for _, i := range seats {
			if s.t.In(i) {
				return s.commit(i, table.ActResign, "")
			}
		}
		return apierr.New(apierr.Conflict, "the game is over")
	})
}

// Join implements bots.Games: the bot arrives at its seats, and the
// others see it come.
func (g botGames) Join(id string, user int64) (bots.Seat, error) {
	s := g.srv.session(id)
	if s == nil {
		return nil, errNoGame
	}
	s.mu.Lock()
	defer s.mu.Unlock()
	seats := seatsOf(s.t, user)
	switch {
	case len(seats) == 0:
		return nil, apierr.New(apierr.Forbidden, "you do not play in this game")
	case s.moved:
		return nil, httpkit.Retry(apierr.New(apierr.Unavailable, "this game moved to another server; try again"), time.Second)
	}
	bs := &botSeat{s: s, seats: seats, w: &botWatcher{wake: make(chan struct{}, 1)}}
	if s.bots == nil {
		s.bots = map[*botWatcher]struct{}{}
	}
	s.bots[bs.w] = struct{}{}
	s.arrive(seats)
	s.broadcast() // the others see the bot arrive
	s.armLifeTimer()
	t := s.t
	bs.full = bots.GameFull{Type: "gameFull", ID: s.id, Game: t.Def.Game, Options: t.Def.Options, Rated: t.Def.Rated, Clock: t.Def.Clock,
		Speed: rating.SpeedOf(t.Def.Clock.Initial, t.Def.Clock.Increment, t.Def.Clock.Days),
		Seat:  seats[0], Start: t.Start, StartPos: game.IsUCIStart(t.G, t.Def.Options, t.Start), State: s.botState()}
	for i := range t.Seats() {
		bs.full.Seats = append(bs.full.Seats, t.SeatName(i))
	}
	bs.users = append([]int64(nil), t.Users...)
	return bs, nil
}

// botSeat is a bot's open game stream at a session.
type botSeat struct {
	s     *session
	seats []int
	w     *botWatcher
	full  bots.GameFull
	users []int64
}

func (b *botSeat) Full() bots.GameFull      { return b.full }
func (b *botSeat) Users() []int64           { return b.users }
func (b *botSeat) Changed() <-chan struct{} { return b.w.wake }

// State is the game's state now, and whether it moved to another node.
func (b *botSeat) State() (bots.State, bool) {
	b.s.mu.Lock()
	defer b.s.mu.Unlock()
	return b.s.botState(), b.s.moved
}

// Leave takes the bot away from the table; the others see it go.
func (b *botSeat) Leave() {
	s := b.s
	s.mu.Lock()
	defer s.mu.Unlock()
	delete(s.bots, b.w)
	s.depart(b.seats)
	s.broadcast()
	s.armLifeTimer()
}

// botState builds the state of s. Caller holds s.mu.
func (s *session) botState() bots.State {
	t := s.t
	now := s.srv.now().UnixMilli()
	st := bots.State{Type: "gameState", Moves: make([]string, len(t.Plies)), Clocks: make([]int64, t.Seats()),
		Running: t.Clock.Running, ToMove: int(t.ToMove()), Status: "started"}
	for i, p := range t.Plies {
		st.Moves[i] = p.Text
	}
	if t.Clock.Timed() {
		for i := range st.Clocks {
			st.Clocks[i] = t.Clock.Remaining[i].Milliseconds()
			if t.Clock.Running && i == st.ToMove {
				st.Clocks[i] = max(t.Clock.Left(i, time.UnixMilli(now)), 0).Milliseconds()
			}
		}
	}
	o := t.Outcome()
	switch {
	case o.Over:
		st.Status, st.Reason, st.Running = "over", string(o.Reason), false
		for i := range t.Seats() {
			st.Results = append(st.Results, o.Results[i].String())
		}
	case t.Setup != nil:
		st.Status = "setup"
	}
	if st.ToMove == int(game.NoPlayer) {
		st.ToMove = -1
	}
	return st
}
