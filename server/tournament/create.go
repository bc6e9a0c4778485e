package tournament

import (
	"context"
	"strings"
	"time"
	"unicode/utf8"

	"wyrm/game"
	"wyrm/rating"
	"wyrm/server/apierr"
	"wyrm/server/secret"
	"wyrm/server/table"
)

// The limits of a tournament and of its creators.
const (
	// MinNameLen and MaxNameLen bound a tournament's name, in characters;
	// MaxDescription its description.
	MinNameLen, MaxNameLen = 2, 40
	MaxDescription         = 300
	// MinMinutes and MaxMinutes bound an arena's length.
	MinMinutes, MaxMinutes = 5, 24 * 60
	// MaxRounds bounds a Swiss tournament's rounds.
	MaxRounds = 20
	// MaxAhead is how far ahead a tournament may be set to start.
	MaxAhead = 30 * 24 * time.Hour
	// MaxPlayers bounds the players of one tournament.
	MaxPlayers = 500
	// MaxOpenPerAccount bounds the tournaments an account created that have
	// not finished; CreatesPerMinute and CreatesBurst how often it creates.
	MaxOpenPerAccount              = 3
	CreatesPerMinute, CreatesBurst = 1, 3
	// ActionsPerMinute and ActionsBurst bound a client's (and an
	// account's) tournament changes: creating, joining, withdrawing,
	// pausing, berserk.
	ActionsPerMinute, ActionsBurst = 60, 30
	// MaxPause and MaxNoShow bound a Swiss pause between rounds and the
	// wait for a first move; DefaultPause and DefaultNoShow are theirs
	// when a request sets none.
	MaxPause, MaxNoShow         = 30 * time.Minute, 30 * time.Minute
	DefaultPause, DefaultNoShow = 10 * time.Second, 2 * time.Minute
	// MaxPassword bounds a private tournament's password.
	MaxPassword = 64
	// MaxRatingCondition bounds the conditions of rating and rated games.
	MaxRatingCondition, MaxGamesCondition = 4000, 1000
)

// DefaultPlaces are the points of each place in an arena game of three
// or four seats.
var DefaultPlaces = map[int][]int{3: {3, 1, 0}, 4: {4, 2, 1, 0}}

// Request is the body of POST /api/tournaments.
type Request struct {
	Kind    string            `json:"kind"`
	Name    string            `json:"name"`
	Game    string            `json:"game"`
	Options game.Options      `json:"options"`
	Clock   table.TimeControl `json:"clock"`
	Rated   bool              `json:"rated"`
	// StartsAt is when it starts, in ms since the epoch (0: at once).
	StartsAt int64 `json:"startsAt"`
	Minutes  int   `json:"minutes,omitempty"`
	Rounds   int   `json:"rounds,omitempty"`
	// Conditions of joining.
	MinRating     int    `json:"minRating,omitempty"`
	MinRatedGames int    `json:"minRatedGames,omitempty"`
	Password      string `json:"password,omitempty"`
	Bots          bool   `json:"bots,omitempty"`
	// PauseSeconds and NoShowSeconds set the Swiss pause between rounds
	// and every game's wait for a first move (0: the defaults).
	PauseSeconds  int    `json:"pauseSeconds,omitempty"`
	NoShowSeconds int    `json:"noShowSeconds,omitempty"`
	Description   string `json:"description,omitempty"`
}

// check turns a request into a tournament to store, or says what is wrong
// with it. Nothing is stored.
func (s *Service) check(ctx context.Context, req Request) (Tournament, error) {
	bad := func(format string, args ...any) (Tournament, error) {
		return Tournament{}, apierr.New(apierr.Invalid, format, args...)
	}
	now := s.now()
	name := strings.TrimSpace(req.Name)
	switch n := utf8.RuneCountInString(name); {
	case n < MinNameLen || n > MaxNameLen:
		return bad("name: %d to %d characters", MinNameLen, MaxNameLen)
	case utf8.RuneCountInString(req.Description) > MaxDescription:
		return bad("description: at most %d characters", MaxDescription)
	case len(req.Password) > MaxPassword:
		return bad("password: at most %d bytes", MaxPassword)
	case req.MinRating < 0 || req.MinRating > MaxRatingCondition:
		return bad("minRating: 0 to %d", MaxRatingCondition)
	case req.MinRatedGames < 0 || req.MinRatedGames > MaxGamesCondition:
		return bad("minRatedGames: 0 to %d", MaxGamesCondition)
	case req.PauseSeconds < 0 || time.Duration(req.PauseSeconds)*time.Second > MaxPause:
		return bad("pauseSeconds: 0 to %d", int(MaxPause.Seconds()))
	case req.NoShowSeconds < 0 || time.Duration(req.NoShowSeconds)*time.Second > MaxNoShow:
		return bad("noShowSeconds: 0 to %d", int(MaxNoShow.Seconds()))
	}
	g, opts, err := s.games.Normalize(req.Game, req.Options)
	if err != nil {
		return Tournament{}, err
	}
	names, err := g.SeatNames(opts)
	if err != nil {
		return Tournament{}, apierr.Wrap(apierr.Invalid, err)
	}
	seats := len(names)
	def := table.Def{Seats: make([]table.Seat, seats), Clock: req.Clock}
	for i := range def.Seats {
		def.Seats[i].Kind = table.SeatLocal
	}
	if err := def.Check(seats); err != nil {
		return Tournament{}, err
	}
	c := req.Clock
	switch {
	case c.Days > 0 || c.Initial == 0:
		return bad("a tournament needs a clock: a time for the game (initialMs), no days")
	case c.Initial < s.minClock:
		return bad("a clock needs at least %v a player", s.minClock)
	}
	t := Tournament{ID: secret.ID()[:8], Kind: req.Kind, Name: name, Game: g.Info().Name, Options: opts, Clock: c,
		Rated: req.Rated, Seats: seats, StartsMs: req.StartsAt, CreatedMs: now.UnixMilli(),
		Terms: Terms{MinRating: req.MinRating, MinRatedGames: req.MinRatedGames, Bots: req.Bots,
			PauseMs: DefaultPause.Milliseconds(), NoShowMs: DefaultNoShow.Milliseconds(), Description: req.Description}}
	if req.PauseSeconds > 0 {
		t.Terms.PauseMs = int64(req.PauseSeconds) * 1000
	}
	if req.NoShowSeconds > 0 {
		t.Terms.NoShowMs = int64(req.NoShowSeconds) * 1000
	}
	if req.Password != "" {
		t.passwordHash = secret.Hash(req.Password)
	}
	switch req.Kind {
	case Arena:
		if req.Minutes < s.minMinutes || req.Minutes > MaxMinutes || req.Rounds != 0 {
			return bad("an arena lasts minutes: %d to %d (and has no rounds)", s.minMinutes, MaxMinutes)
		}
		t.Minutes = req.Minutes
		if seats > 2 {
			t.Terms.Places = DefaultPlaces[seats]
		}
	case Swiss:
		if req.Rounds < 1 || req.Rounds > MaxRounds || req.Minutes != 0 {
			return bad("a Swiss tournament has rounds: 1 to %d (and no minutes)", MaxRounds)
		}
		if seats != 2 {
			return bad("a Swiss tournament is for games of two; with these options the game has %d seats (make an arena)", seats)
		}
		t.Rounds = req.Rounds
	default:
		return bad(`kind: "arena" or "swiss"`)
	}
	if t.StartsMs < now.UnixMilli() {
		if t.StartsMs != 0 && t.StartsMs < now.Add(-time.Minute).UnixMilli() {
			return bad("startsAt is in the past")
		}
		t.StartsMs = now.UnixMilli()
	}
	if t.StartsMs > now.Add(MaxAhead).UnixMilli() {
		return bad("startsAt: at most %d days ahead", int(MaxAhead.Hours()/24))
	}
	return t, nil
}

// speed is a tournament's speed, the pool its games are rated in.
func (t Tournament) speed() rating.Speed {
	return rating.SpeedOf(t.Clock.Initial, t.Clock.Increment, t.Clock.Days)
}
