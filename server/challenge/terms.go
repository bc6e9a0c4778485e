package challenge

import (
	"encoding/json"
	"maps"
	"time"

	"wyrm/game"
	"wyrm/rating"
	"wyrm/server/apierr"
	"wyrm/server/table"
)

// Request is the body of POST /api/challenges: a seek (no To), a challenge
// to the player To, or with Pair a quick pairing (accept a compatible seek
// if there is one, else post this one and wait).
type Request struct {
	Game    string            `json:"game"`
	Options game.Options      `json:"options"`
	Clock   table.TimeControl `json:"clock"`
	Rated   bool              `json:"rated,omitempty"`
	// Seat is the author's seat, nil for either (drawn when accepted).
	Seat *int `json:"seat,omitempty"`
	// Color names the author's seat as lichess does: "white" (the first
	// seat), "black" (the second) or "random"; "" leaves it to Seat.
	Color string `json:"color,omitempty"`
	// RatingMin and RatingMax bound the rating, in the seek's pool, of a
	// player who may accept a rated seek; 0 leaves that side open.
	RatingMin int `json:"ratingMin,omitempty"`
	RatingMax int `json:"ratingMax,omitempty"`
	// To names the player challenged; "" makes a seek.
	To string `json:"to,omitempty"`
	// Stream is the secret of the author's event stream (its hello): the
	// challenge lasts as long as the stream. A signed-in author (a bot
	// with its token) may leave it out: the challenge then lasts until it
	// expires, is answered or is canceled.
	Stream string `json:"stream,omitempty"`
	Pair   bool   `json:"pair,omitempty"`
}

// colorSeats are the seats the colours of a two-seat game name: the first
// seat moves first, as White does (-1 is either, drawn when accepted).
var colorSeats = map[string]int{"white": 0, "black": 1, "random": -1}

// MaxRating bounds a seek's rating range.
const MaxRating = 4000

// How long challenges wait: a seek as long as its author stays, at most
// SeekLife; a challenge to a player DirectLife, or less if its author
// leaves first.
const (
	SeekLife   = time.Hour
	DirectLife = 10 * time.Minute
)

// Terms are what a challenge offers, stored with it as JSON that only this
// package reads.
type Terms struct {
	Options   game.Options      `json:"options"`
	Clock     table.TimeControl `json:"clock"`
	Speed     rating.Speed      `json:"speed"`
	Rated     bool              `json:"rated,omitempty"`
	Seat      int               `json:"seat"` // the author's, -1 for either
	SeatNames []string          `json:"seatNames"`
	RatingMin int               `json:"ratingMin,omitempty"`
	RatingMax int               `json:"ratingMax,omitempty"`
	// Rating is the author's rating in the pool when posted (0 for a
	// guest), shown beside the challenge.
	Rating      int  `json:"rating,omitempty"`
	Provisional bool `json:"provisional,omitempty"`
}

// Check checks a challenge request as creating a game checks one (the
// game's options normalized through the contract, the clock, the shortest
// time control minClock), and what a challenge adds: two seats, rated only
// when signed in, a sound rating range for seeks alone. Nothing is stored,
// so it needs no hub: the games are enough.
func Check(games Games, minClock time.Duration, req Request, signedIn bool) (game.Game, Terms, error) {
	var t Terms
	switch {
	case req.Stream == "" && !signedIn:
		return nil, t, apierr.New(apierr.BadRequest, "a guest's challenge lasts as long as its event stream: open it (GET /api/stream/events) and send the secret of its hello as stream")
	case len(req.Stream) > 64:
		return nil, t, apierr.New(apierr.BadRequest, "stream is the secret of your event stream's hello, at most 64 bytes")
	}
	g, opts, err := games.Normalize(req.Game, req.Options)
	if err != nil {
		return nil, t, err
	}
	names, err := g.SeatNames(opts)
	if err != nil {
		return nil, t, apierr.Wrap(apierr.Invalid, err)
	}
	if len(names) != 2 {
		return nil, t, apierr.New(apierr.Invalid, "challenges are for two players; with these options the game has %d seats: create it and invite the players by link", len(names))
	}
	def := table.Def{Seats: []table.Seat{{Kind: table.SeatLocal}, {Kind: table.SeatLocal}}, Clock: req.Clock}
	if err := def.Check(2); err != nil {
		return nil, t, err
	}
	if c := req.Clock; c.Initial > 0 && c.Initial < minClock {
		return nil, t, apierr.New(apierr.Invalid, "a clock needs at least %v a player", minClock)
	}
	if req.Rated && !signedIn {
		return nil, t, apierr.New(apierr.Forbidden, "sign in to play a rated game")
	}
	t = Terms{Options: opts, Clock: req.Clock, Rated: req.Rated, Seat: -1, SeatNames: names,
		Speed: rating.SpeedOf(req.Clock.Initial, req.Clock.Increment, req.Clock.Days)}
	if req.Seat != nil {
		if *req.Seat < 0 || *req.Seat > 1 {
			return nil, t, apierr.New(apierr.Invalid, "seat must be 0 or 1, or left out for either")
		}
		t.Seat = *req.Seat
	}
	if req.Color != "" {
		seat, ok := colorSeats[req.Color]
		switch {
		case !ok:
			return nil, t, apierr.New(apierr.Invalid, "color must be white, black or random")
		case req.Seat != nil && *req.Seat != seat:
			return nil, t, apierr.New(apierr.Invalid, "color %s and seat %d disagree; send one of them", req.Color, *req.Seat)
		}
		t.Seat = seat
	}
	if req.RatingMin != 0 || req.RatingMax != 0 {
		switch {
		case !req.Rated:
			return nil, t, apierr.New(apierr.Invalid, "a rating range is for rated seeks")
		case req.To != "" || req.Pair:
			return nil, t, apierr.New(apierr.Invalid, "a rating range is for seeks, not for challenges to a player or quick pairing")
		case req.RatingMin < 0 || req.RatingMax < 0 || req.RatingMin > MaxRating || req.RatingMax > MaxRating:
			return nil, t, apierr.New(apierr.Invalid, "a rating range lies within 0 to %d", MaxRating)
		case req.RatingMax != 0 && req.RatingMin > req.RatingMax:
			return nil, t, apierr.New(apierr.Invalid, "the rating range's low end is above its high end")
		}
		t.RatingMin, t.RatingMax = req.RatingMin, req.RatingMax
	}
	if req.Pair && req.To != "" {
		return nil, t, apierr.New(apierr.Invalid, "quick pairing is with anyone, not with a player named")
	}
	return g, t, nil
}

// inRange reports whether a rating may accept a seek of t.
func (t Terms) inRange(r int) bool {
	return (t.RatingMin == 0 || r >= t.RatingMin) && (t.RatingMax == 0 || r <= t.RatingMax)
}

// fits reports whether a seek of terms o pairs with a quick pairing of t by
// a player rated r in the pool: the same options, clock and rating, r
// within o's range, and, when t names a colour, o's author taking the
// other (the seek's seat decides the game's, so a random seek would not
// honour it).
func (t Terms) fits(o Terms, r int) bool {
	return maps.Equal(t.Options, o.Options) && t.Clock == o.Clock && t.Rated == o.Rated && o.inRange(r) &&
		(t.Seat < 0 || o.Seat == 1-t.Seat)
}

// termsOf reads a stored challenge's terms.
func termsOf(c Challenge) (Terms, error) {
	var t Terms
	if err := json.Unmarshal(c.Terms, &t); err != nil {
		return t, apierr.New(apierr.Internal, "a stored challenge cannot be read")
	}
	return t, nil
}

// PlayerView is a player as a challenge shows them.
type PlayerView struct {
	Name        string `json:"name"`
	Guest       bool   `json:"guest,omitempty"`
	Rating      int    `json:"rating,omitempty"`
	Provisional bool   `json:"provisional,omitempty"`
}

// View is a challenge as clients see it.
type View struct {
	ID    string `json:"id"`
	Game  string `json:"game"`
	Title string `json:"title"`
	// Options are those a player chose, without the game's internal ones.
	Options game.Options `json:"options"`
	// OptionsText says the options as a person reads them, each "Label:
	// value" in the game's words.
	OptionsText []string          `json:"optionsText,omitempty"`
	Clock       table.TimeControl `json:"clock"`
	Speed       rating.Speed      `json:"speed"`
	Rated       bool              `json:"rated"`
	Seat        int               `json:"seat"`
	SeatNames   []string          `json:"seatNames"`
	RatingMin   int               `json:"ratingMin,omitempty"`
	RatingMax   int               `json:"ratingMax,omitempty"`
	Author      PlayerView        `json:"author"`
	// Target is the player challenged; absent for a seek.
	Target  *PlayerView `json:"target,omitempty"`
	Created int64       `json:"created"`
	Expires int64       `json:"expires"`
}

// GuestName is how a guest's challenge names its author.
const GuestName = "Anonymous"

// ViewOf builds what clients see of c; the games give its title and tell
// the options a player chose from the game's internal ones.
func ViewOf(games Games, c Challenge) (View, error) {
	t, err := termsOf(c)
	if err != nil {
		return View{}, err
	}
	v := View{ID: c.ID, Game: c.Game, Title: c.Game, Options: game.Options{}, Clock: t.Clock, Speed: t.Speed,
		Rated: t.Rated, Seat: t.Seat, SeatNames: t.SeatNames, RatingMin: t.RatingMin, RatingMax: t.RatingMax,
		Author: PlayerView{Name: c.Author.Name, Rating: t.Rating, Provisional: t.Provisional}, Created: c.CreatedMs, Expires: c.ExpiresMs}
	if c.Author.ID == 0 {
		v.Author = PlayerView{Name: GuestName, Guest: true}
	}
	if !c.Seek() {
		v.Target = &PlayerView{Name: c.Target.Name}
	}
	if g, ok := games.Game(c.Game); ok {
		v.Title = g.Info().Title
		for _, o := range g.Options() {
			if val, set := t.Options[o.Name]; set && !o.Internal {
				v.Options[o.Name] = val
				v.OptionsText = append(v.OptionsText, o.Describe(val))
			}
		}
	}
	return v, nil
}
