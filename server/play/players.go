package play

import (
	"context"
	"errors"
	"math"
	"slices"
	"time"

	"wyrm/rating"
	"wyrm/server/account"
	"wyrm/server/lobby"
)

// player is a seat's account as the players and spectators see it: its
// name, its rating in the game's pool (as the game began), whether that
// rating is provisional, whether it is a bot, and once a rated game is
// over what the game did to the rating.
type player struct {
	name        string
	rating      int
	provisional bool
	bot         bool
	// change is what a rated result did to the rating, which was before
	// (and beforeProvisional) as the game began; nil until then.
	change            *int
	before            int
	beforeProvisional bool
}

// playersTimeout bounds the reading of a game's players.
const playersTimeout = 5 * time.Second

// readPlayers reads the accounts of the seats in the background and shows
// them to everyone once read: who plays is looked up outside the game's
// lock, since it is a database read. It is called when a game is made or
// loaded and whenever a seat's account changes. Caller holds s.mu.
func (s *session) readPlayers() {
	acc := s.srv.accounts
	users := slices.Clone(s.t.Users)
	if acc == nil || !slices.ContainsFunc(users, func(u int64) bool { return u != 0 }) {
		return
	}
	pool := s.g.Info().Name
	tc := s.t.Def.Clock
	speed := rating.SpeedOf(tc.Initial, tc.Increment, tc.Days)
	s.srv.life.Go(func() {
		ctx, cancel := context.WithTimeout(s.srv.life.Context(), playersTimeout)
		defer cancel()
		read := make([]player, len(users))
		for i, u := range users {
			if u != 0 {
				read[i] = lookupPlayer(ctx, acc, u, pool, speed)
			}
		}
		s.mu.Lock()
		defer s.mu.Unlock()
		if !slices.Equal(users, s.t.Users) || s.off() {
			return // the seats changed meanwhile: a newer read follows
		}
		for i := range read {
			if i < len(s.players) && s.players[i].change != nil {
				old := s.players[i]
				read[i].change, read[i].before, read[i].beforeProvisional = old.change, old.before, old.beforeProvisional
			}
		}
		s.players = read
		s.broadcast()
		s.updateLobby()
	})
}

// lookupPlayer reads one account and its rating in the pool (game and
// speed); a player new to the pool has the starting rating, provisional.
func lookupPlayer(ctx context.Context, acc *account.Accounts, user int64, game string, speed rating.Speed) player {
	u, err := acc.UserByID(ctx, user)
	if errors.Is(err, account.ErrNoUser) {
		return player{name: account.DeletedName} // closed since
	}
	if err != nil {
		return player{}
	}
	p := player{name: u.Name, bot: u.Bot}
	r := rating.New()
	if pools, err := acc.Ratings(ctx, user); err == nil {
		for _, pr := range pools {
			if pr.Game == game && pr.Speed == speed {
				r = pr.Rating
			}
		}
	}
	p.rating, p.provisional = int(math.Round(r.R)), r.Provisional()
	return p
}

// noteChanges keeps what a rated result did to each seat's rating, to show
// it beside the seat. Caller holds s.mu.
func (s *session) noteChanges(ch []account.Change) {
	if len(s.players) < s.t.Seats() {
		s.players = append(s.players, make([]player, s.t.Seats()-len(s.players))...)
	}
	for _, c := range ch {
		if c.Seat < 0 || c.Seat >= len(s.players) {
			continue
		}
		p := &s.players[c.Seat]
		p.before, p.beforeProvisional = int(math.Round(c.Before.R)), c.Before.Provisional()
		d := int(math.Round(c.After.R)) - p.before
		p.change = &d
	}
}

// seatPlayer fills a seat's view with its player's account. Caller holds
// s.mu.
func (s *session) seatPlayer(i int, v *lobby.Seat) {
	if i >= len(s.players) || s.players[i].name == "" {
		return
	}
	p := s.players[i]
	v.Rating, v.Provisional, v.Bot = p.rating, p.provisional, p.bot
	if p.change != nil {
		// Once rated, the seat shows the rating the game began from and
		// what the game did to it.
		v.Rating, v.Provisional, v.RatingChange = p.before, p.beforeProvisional, p.change
	}
}
