package puzzle

import (
	"log/slog"
	"math"
	"math/rand/v2"
	"net/http"
	"strconv"
	"strings"
	"time"

	"wyrm/game"
	"wyrm/rating"
	"wyrm/server/apierr"
	"wyrm/server/httpkit"
	"wyrm/server/limit"
)

// Limits bound how fast one player (an account, else a client address)
// asks for puzzles and answers them, each a rate a minute with a burst.
// They are counted on each node for itself.
type Limits struct {
	AttemptsPerMinute, AttemptsBurst int
	ReadsPerMinute, ReadsBurst       int
}

// DefaultLimits are the limits of a server that sets none: far more than a
// person solves, far fewer than a program guessing lines.
var DefaultLimits = Limits{AttemptsPerMinute: 20, AttemptsBurst: 10, ReadsPerMinute: 120, ReadsBurst: 40}

// Bounds of a request's other fields.
const (
	// MaxExclude is how many puzzles a guest's browser may list as seen.
	MaxExclude = 200
	// MaxIDLen is the longest puzzle id accepted.
	MaxIDLen = 32
	// MaxStreak is the longest streak asked for.
	MaxStreak = 10000
	// seenLimit is how many of an account's last attempts the next puzzle
	// avoids.
	seenLimit = 5000
)

// Streaks start at streakStart and rise by streakStep a puzzle.
const (
	streakStart = 900
	streakStep  = 60
)

// Config sets up the puzzles' API.
type Config struct {
	// Store keeps accounts' ratings; nil rates guests alone.
	Store  *Store
	Games  []game.Game
	Limits Limits
	Log    *slog.Logger
}

// API serves the puzzles to solve.
type API struct {
	store           *Store
	shelves         catalogue
	order           []string // the games with puzzles, in the server's order
	attempts, reads *limit.Rate
	log             *slog.Logger
	now             func() time.Time
}

// New returns the API of cfg.
func New(cfg Config) *API {
	l, d := cfg.Limits, DefaultLimits
	log := cfg.Log
	if log == nil {
		log = slog.Default()
	}
	a := &API{store: cfg.Store, shelves: newCatalogue(cfg.Games), log: log, now: time.Now, order: []string{},
		attempts: limit.NewRateOr(l.AttemptsPerMinute, l.AttemptsBurst, d.AttemptsPerMinute, d.AttemptsBurst),
		reads:    limit.NewRateOr(l.ReadsPerMinute, l.ReadsBurst, d.ReadsPerMinute, d.ReadsBurst),
	}
	for _, g := range cfg.Games {
		if _, ok := a.shelves[g.Info().Name]; ok {
			a.order = append(a.order, g.Info().Name)
		}
	}
	return a
}

// Routes adds the endpoints: GET /api/puzzle/next, GET /api/puzzle/me and
// POST /api/puzzle/attempt (docs/puzzles.md).
func (a *API) Routes(mux *httpkit.Mux) {
	mux.HandleErr("GET /api/puzzle/next", a.next)
	mux.HandleErr("GET /api/puzzle/me", a.me)
	mux.HandleErr("POST /api/puzzle/attempt", a.attempt)
}

// ratingJSON is a rating as clients read it and guests send it back.
type ratingJSON struct {
	Rating     float64 `json:"rating"`
	RD         float64 `json:"rd"`
	Volatility float64 `json:"volatility"`
}

func toJSON(r rating.Rating) ratingJSON { return ratingJSON{Rating: r.R, RD: r.RD, Volatility: r.Vol} }

// standingJSON is an account's standing in a game's puzzles.
type standingJSON struct {
	ratingJSON
	Attempts   int `json:"attempts"`
	Streak     int `json:"streak"`
	BestStreak int `json:"bestStreak"`
}

func standing(p Player) *standingJSON {
	return &standingJSON{toJSON(p.Rating), p.Attempts, p.Streak, p.BestStreak}
}

// puzzleJSON is a puzzle to solve, with its game and its rating now.
type puzzleJSON struct {
	Game string `json:"game"`
	game.Puzzle
	Current int `json:"current"`
}

// player is who asks: an account (with a store) or a guest, and the key
// their limits are counted under.
func (a *API) player(r *http.Request) (user int64, key string) {
	if u, ok := httpkit.UserOf(r); ok && a.store != nil {
		return u.ID, "user:" + strconv.FormatInt(u.ID, 10)
	}
	return 0, "addr:" + httpkit.ClientOf(r)
}

func (a *API) allow(rate *limit.Rate, key, what string) error {
	if ok, retry := rate.Allow(key, a.now()); !ok {
		return httpkit.Retry(apierr.New(apierr.TooMany, "too many %s; try again in %v", what, retry.Round(time.Second)), retry)
	}
	return nil
}

func (a *API) shelf(name string) (*shelf, error) {
	s, ok := a.shelves[name]
	if !ok {
		return nil, apierr.New(apierr.NotFound, "no puzzles for the game %q", name)
	}
	return s, nil
}

// currentRatings gives each puzzle of a game its rating now: as players moved
// it, else its file's.
func (a *API) currentRatings(r *http.Request, name string) (func(game.Puzzle) float64, error) {
	moved := map[string]rating.Rating{}
	if a.store != nil {
		var err error
		if moved, err = a.store.Ratings(r.Context(), name); err != nil {
			a.log.Error("puzzles: read ratings", "err", err)
			return nil, apierr.New(apierr.Internal, "the puzzles' ratings could not be read; try again")
		}
	}
	return func(p game.Puzzle) float64 {
		if m, ok := moved[p.ID]; ok {
			return m.R
		}
		return puzzleStart(p.Rating).R
	}, nil
}

// next answers a puzzle near the player's rating (or, with streak=N, the
// N-th of a streak), of theme if given, not tried before where possible.
func (a *API) next(w http.ResponseWriter, r *http.Request) error {
	user, key := a.player(r)
	if err := a.allow(a.reads, key, "puzzle requests"); err != nil {
		return err
	}
	q := r.URL.Query()
	s, err := a.shelf(q.Get("game"))
	if err != nil {
		return err
	}
	theme := q.Get("theme")
	if theme != "" && s.themes[theme] == 0 {
		return apierr.New(apierr.Invalid, "no puzzle of %s shows the theme %q", q.Get("game"), theme)
	}
	seen, err := a.seen(r, user, q.Get("game"), q.Get("exclude"))
	if err != nil {
		return err
	}
	var target float64
	var who *standingJSON
	switch {
	case q.Has("streak"):
		n, err := strconv.Atoi(q.Get("streak"))
		if err != nil || n < 0 || n > MaxStreak {
			return apierr.New(apierr.Invalid, "streak is a number from 0 to %d", MaxStreak)
		}
		target = streakStart + streakStep*float64(n)
	case user != 0:
		p, err := a.store.Player(r.Context(), user, q.Get("game"), newPlayer)
		if err != nil {
			a.log.Error("puzzles: read a player", "err", err)
			return apierr.New(apierr.Internal, "your puzzle rating could not be read; try again")
		}
		target, who = p.Rating.R, standing(p)
	default:
		target = newPlayer.R
		if v := q.Get("rating"); v != "" {
			f, err := strconv.ParseFloat(v, 64)
			if err != nil || math.IsNaN(f) || f < MinRating || f > MaxRating {
				return apierr.New(apierr.Invalid, "rating is a number from %d to %d", MinRating, MaxRating)
			}
			target = f
		}
	}
	rating, err := a.currentRatings(r, q.Get("game"))
	if err != nil {
		return err
	}
	p, ok := s.pick(theme, target, seen, rating, rand.New(rand.NewPCG(rand.Uint64(), rand.Uint64())))
	if !ok {
		return apierr.New(apierr.NotFound, "no puzzle fits")
	}
	httpkit.WriteJSON(w, http.StatusOK, map[string]any{
		"puzzle": puzzleJSON{Game: q.Get("game"), Puzzle: p, Current: int(math.Round(rating(p)))}, "player": who})
	return nil
}

// seen is the puzzles to avoid: an account's last attempts, or the ids a
// guest's browser lists (comma-separated, at most MaxExclude).
func (a *API) seen(r *http.Request, user int64, name, exclude string) (map[string]bool, error) {
	seen := map[string]bool{}
	if exclude != "" {
		ids := strings.Split(exclude, ",")
		if len(ids) > MaxExclude {
			return nil, apierr.New(apierr.Invalid, "exclude lists at most %d puzzles", MaxExclude)
		}
		for _, id := range ids {
			if len(id) > MaxIDLen {
				return nil, apierr.New(apierr.Invalid, "a puzzle id has at most %d characters", MaxIDLen)
			}
			seen[id] = true
		}
	}
	if user == 0 {
		return seen, nil
	}
	mine, err := a.store.Seen(r.Context(), user, name, seenLimit)
	if err != nil {
		a.log.Error("puzzles: read attempts", "err", err)
		return nil, apierr.New(apierr.Internal, "your puzzles could not be read; try again")
	}
	for id := range mine {
		seen[id] = true
	}
	return seen, nil
}

// me answers an account's standing in a game, the game's themes with
// their counts (a guest's standing is null: the browser has it), and the
// games that have puzzles (alone, without a game).
func (a *API) me(w http.ResponseWriter, r *http.Request) error {
	user, key := a.player(r)
	if err := a.allow(a.reads, key, "puzzle requests"); err != nil {
		return err
	}
	name := r.URL.Query().Get("game")
	if name == "" {
		httpkit.WriteJSON(w, http.StatusOK, map[string]any{"games": a.order})
		return nil
	}
	s, err := a.shelf(name)
	if err != nil {
		return err
	}
	var who *standingJSON
	if user != 0 {
		p, err := a.store.Player(r.Context(), user, name, newPlayer)
		if err != nil {
			a.log.Error("puzzles: read a player", "err", err)
			return apierr.New(apierr.Internal, "your puzzle rating could not be read; try again")
		}
		who = standing(p)
	}
	httpkit.WriteJSON(w, http.StatusOK, map[string]any{"player": who, "themes": s.themes, "count": len(s.all), "start": toJSON(newPlayer),
		"games": a.order})
	return nil
}

// attemptReq is an attempt: the moves played from the puzzle's position,
// the mode ("rated", the default, or "streak"), a guest's rating, and in a
// streak its length so far.
type attemptReq struct {
	Game   string      `json:"game"`
	ID     string      `json:"id"`
	Moves  []string    `json:"moves"`
	Mode   string      `json:"mode"`
	Rating *ratingJSON `json:"rating"`
	// Streak is how many puzzles the streak under way has solved, as the
	// page counts: 0 starts a new one. The server counts no more than it
	// saw solved itself.
	Streak int `json:"streak"`
}

// attemptJSON answers an attempt.
type attemptJSON struct {
	Solved bool `json:"solved"`
	// Rated says the rating changed: the first rated attempt at a puzzle.
	Rated  bool          `json:"rated"`
	Before ratingJSON    `json:"before"`
	After  ratingJSON    `json:"after"`
	Player *standingJSON `json:"player"`
	Line   []string      `json:"line"`
	// Puzzle is the puzzle's rating after the attempt.
	Puzzle int `json:"puzzle"`
}

// attempt judges an attempt against the puzzle's line and rates it.
func (a *API) attempt(w http.ResponseWriter, r *http.Request) error {
	user, key := a.player(r)
	if err := a.allow(a.attempts, key, "puzzle attempts"); err != nil {
		return err
	}
	var req attemptReq
	if err := httpkit.ReadJSON(w, r, &req); err != nil {
		return err
	}
	s, err := a.shelf(req.Game)
	if err != nil {
		return err
	}
	if len(req.ID) > MaxIDLen {
		return apierr.New(apierr.Invalid, "a puzzle id has at most %d characters", MaxIDLen)
	}
	p, ok := s.byID[req.ID]
	if !ok {
		return apierr.New(apierr.NotFound, "no puzzle %q of %s", req.ID, req.Game)
	}
	switch req.Mode {
	case "":
		req.Mode = "rated"
	case "rated", "streak":
	default:
		return apierr.New(apierr.Invalid, "mode is rated or streak")
	}
	solved, err := Judge(s.g, p, req.Moves)
	if err != nil {
		if code, _ := apierr.Of(err); code == apierr.Internal {
			a.log.Error("puzzles: judge", "puzzle", p.ID, "err", err)
			return apierr.New(apierr.Internal, "the puzzle could not be judged")
		}
		return err
	}
	out := attemptJSON{Solved: solved, Line: p.Line}
	if user == 0 {
		return a.guest(w, req, p, solved, out)
	}
	res, before, err := a.store.Record(r.Context(), user, req.Game, p.ID, req.Mode, solved, newPlayer, puzzleStart(p.Rating),
		func(pl Player, pz rating.Rating, tried bool) Attempt {
			at := Attempt{Player: pl, Puzzle: pz}
			at.Player.Attempts++
			if req.Mode == "streak" {
				at.Player.Streak = 0
				if solved {
					at.Player.Streak = min(max(req.Streak, 0), pl.Streak) + 1
				}
				at.Player.BestStreak = max(pl.BestStreak, at.Player.Streak)
				return at
			}
			if !tried {
				at.Player.Rating, at.Puzzle = rate(pl.Rating, pz, solved)
				at.Rated = true
			}
			return at
		})
	if err != nil {
		a.log.Error("puzzles: record an attempt", "err", err)
		return apierr.New(apierr.Internal, "the attempt could not be stored; try again")
	}
	out.Rated, out.Before, out.After = res.Rated, toJSON(before.Rating), toJSON(res.Player.Rating)
	out.Player, out.Puzzle = standing(res.Player), int(math.Round(res.Puzzle.R))
	httpkit.WriteJSON(w, http.StatusOK, out)
	return nil
}

// guest rates a guest's attempt from the rating the browser sent (the new
// one when none), which the browser keeps; the puzzle's rating stays, so
// that nobody moves it without an account.
func (a *API) guest(w http.ResponseWriter, req attemptReq, p game.Puzzle, solved bool, out attemptJSON) error {
	before := newPlayer
	if req.Rating != nil {
		before = rating.Rating{R: req.Rating.Rating, RD: req.Rating.RD, Vol: req.Rating.Volatility}
		if err := checkGuest(before); err != nil {
			return err
		}
	}
	out.Before, out.After, out.Puzzle = toJSON(before), toJSON(before), int(puzzleStart(p.Rating).R)
	if req.Mode == "rated" {
		after, _ := rate(before, puzzleStart(p.Rating), solved)
		out.Rated, out.After = true, toJSON(after)
	}
	httpkit.WriteJSON(w, http.StatusOK, out)
	return nil
}
