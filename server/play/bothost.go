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
		return apierr.New(apierr.Conflict, "the game is in its setup: submit your choice (POST /api/bot/game/{id}/setup)")
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
		Seat:  seats[0], Start: t.Start, StartPos: game.IsUCIStart(t.G, t.Def.Options, t.Start), State: s.botState(seats)}
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
	return b.s.botState(b.seats), b.s.moved
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

// botState builds the state of s as a bot holding seats sees it. Caller
// holds s.mu.
func (s *session) botState(seats []int) bots.State {
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
		st.Placings = t.Places()
		if w := o.Winner(); w != game.NoPlayer {
			st.Winner = &[]int{int(w)}[0]
		}
	case t.Setup != nil:
		st.Status = "setup"
		st.Setup = setupOf(t.Setup, seats)
	}
	if st.ToMove == int(game.NoPlayer) {
		st.ToMove = -1
	}
	st.DrawOffers = []int{}
	for i, on := range t.Offers {
		if on {
			st.DrawOffers = append(st.DrawOffers, i)
		}
	}
	if t.Takeback >= 0 {
		tb := &bots.Takeback{Seat: t.Takeback, Agreed: []int{}, Plies: t.TakebackPlies(t.Takeback)}
		for i, yes := range t.TakebackYes {
			if yes {
				tb.Agreed = append(tb.Agreed, i)
			}
		}
		st.Takeback = tb
	}
	if st.Status == "started" && t.Pos != nil && slices.Contains(seats, st.ToMove) {
		for _, m := range t.Pos.LegalMoves(nil) {
			st.Legal = append(st.Legal, t.Pos.MoveString(m))
		}
	}
	if len(st.Clocks) == 2 {
		inc := t.Def.Clock.Increment.Milliseconds()
		st.Wtime, st.Btime, st.Winc, st.Binc = &st.Clocks[0], &st.Clocks[1], &inc, &inc
	}
	return st
}

// setupPositioner is a setup that can write the position set up so far in
// the game's position notation, as seat p may see it.
type setupPositioner interface {
	SetupPosition(p game.Player) (string, error)
}

// setupOf is a setup stage as a bot holding seats sees it: its help and
// view are those of the first of its seats that must choose now, else of
// its first seat.
func setupOf(su game.Setup, seats []int) *bots.Setup {
	out := &bots.Setup{Stage: su.Stage(), ToChoose: []int{}}
	me := seats[0]
	for _, p := range su.Waiting() {
		out.ToChoose = append(out.ToChoose, int(p))
		if !out.Mine && slices.Contains(seats, int(p)) {
			out.Mine, me = true, int(p)
		}
	}
	out.Help = su.Help(game.Player(me))
	if sp, ok := su.(setupPositioner); ok {
		if pos, err := sp.SetupPosition(game.Player(me)); err == nil {
			out.Position = pos
		}
	}
	return out
}

// setupSeat is the first of seats that must choose in s's setup now.
// Caller holds s.mu.
func (s *session) setupSeat(seats []int) (int, error) {
	t := s.t
	if t.Outcome().Over {
		return 0, apierr.New(apierr.Conflict, "the game is over")
	}
	if t.Setup == nil {
		return 0, apierr.New(apierr.Conflict, "the game is past its setup: it is in play")
	}
	for _, p := range t.Setup.Waiting() {
		if slices.Contains(seats, int(p)) {
			return int(p), nil
		}
	}
	return 0, apierr.New(apierr.NotYourTurn, "your seat has nothing to choose now; the others are choosing")
}

// Setup implements bots.Games.
func (g botGames) Setup(id string, user int64, choice string) error {
	return g.withSeats(id, user, func(s *session, seats []int) error {
		seat, err := s.setupSeat(seats)
		if err != nil {
			return err
		}
		return s.commit(seat, table.ActSetup, choice)
	})
}

// Suggest implements bots.Games.
func (g botGames) Suggest(id string, user int64) (string, error) {
	var choice string
	err := g.withSeats(id, user, func(s *session, seats []int) error {
		seat, err := s.setupSeat(seats)
		if err != nil {
			return err
		}
		choice, err = s.t.Setup.Suggest(game.Player(seat))
		return apierr.Wrap(apierr.Conflict, err)
	})
	return choice, err
}

// Draw implements bots.Games: every seat of user's still in offers (or
// accepts), or the first declines.
func (g botGames) Draw(id string, user int64, yes bool) error {
	return g.withSeats(id, user, func(s *session, seats []int) error {
		kind := table.ActDrawDecline
		if yes {
			kind = table.ActDrawOffer
		}
		return s.botAct(seats, kind)
	})
}

// Takeback implements bots.Games.
func (g botGames) Takeback(id string, user int64, yes bool) error {
	return g.withSeats(id, user, func(s *session, seats []int) error {
		kind := table.ActTakebackNo
		if yes {
			kind = table.ActTakeback
		}
		return s.botAct(seats, kind)
	})
}

// botAct commits kind for the first of seats still in the game. Caller
// holds s.mu.
func (s *session) botAct(seats []int, kind string) error {
	for _, i := range seats {
		if s.t.In(i) && !s.t.Outcome().Over {
			return s.commit(i, kind, "")
		}
	}
	return apierr.New(apierr.Conflict, "the game is over")
}
