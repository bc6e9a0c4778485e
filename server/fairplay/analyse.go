package fairplay

import (
	"context"
	"errors"
	"log/slog"
	"sync"
	"time"

	"wyrm/game"
	"wyrm/server/computer"
)

// Engine is what the analysis asks of the node's engine: its first choice
// and a score, each a short search (computer.Scheduled is one).
type Engine interface {
	computer.Engine
	computer.Scorer
}

// Ply is one move of a game to analyse.
type Ply struct {
	Seat int
	// Move is in the position's MoveString notation.
	Move string
	AtMs int64
}

// Job is a finished rated game to analyse.
type Job struct {
	GameID, Game, Speed string
	// Start is the position play began from (the analysis's own copy).
	Start game.Position
	// StartMs is when play began, for the first move's time.
	StartMs int64
	Plies   []Ply
	// Users are the seats' accounts (0: none) and Ratings their ratings
	// before the game.
	Users   []int64
	Ratings []float64
	AtMs    int64
}

// The analysis's bounds.
const (
	// QueueLen bounds the games waiting for analysis on a node; past it a
	// game is dropped (and logged).
	QueueLen = 64
	// Think is each search's time, at Level.
	Think = 30 * time.Millisecond
	Level = 8
	// BudgetPerMinute is the search time the analysis may spend a minute
	// on a node: a tenth of one searcher.
	BudgetPerMinute = 6 * time.Second
	// SkipPlies are the opening plies left out (everyone plays them alike),
	// and MaxPlies the most analysed in a game.
	SkipPlies = 8
	MaxPlies  = 160
	// LossCap bounds one move's loss, so that one blunder in a won
	// position does not swamp the average.
	LossCap = 1000
)

// Config sets an Analyser up.
type Config struct {
	Engine Engine
	Store  *Store
	Log    *slog.Logger
	// Budget is the search time a minute (BudgetPerMinute); tests shorten
	// Think and lengthen Budget.
	Budget time.Duration
	Think  time.Duration
}

// Analyser is a node's background analysis: a bounded queue and one
// worker.
type Analyser struct {
	cfg   Config
	queue chan Job
	// budget is the search time left, refilled at cfg.Budget a minute up
	// to one minute's worth.
	mu     sync.Mutex
	budget time.Duration
	at     time.Time
}

// New returns an Analyser; Run makes it work.
func New(cfg Config) *Analyser {
	if cfg.Budget <= 0 {
		cfg.Budget = BudgetPerMinute
	}
	if cfg.Think <= 0 {
		cfg.Think = Think
	}
	if cfg.Log == nil {
		cfg.Log = slog.New(slog.DiscardHandler)
	}
	return &Analyser{cfg: cfg, queue: make(chan Job, QueueLen), budget: cfg.Budget, at: time.Now()}
}

// Enqueue queues j without waiting, and reports whether it was taken: a
// full queue drops it.
func (a *Analyser) Enqueue(j Job) bool {
	if len(j.Users) != 2 || j.Start == nil {
		return false // two players only: the plies alone replay such a game
	}
	select {
	case a.queue <- j:
		return true
	default:
		a.cfg.Log.Warn("fair play queue full: game not analysed", "game", j.GameID)
		return false
	}
}

// Run analyses queued games until ctx ends.
func (a *Analyser) Run(ctx context.Context) {
	for {
		select {
		case <-ctx.Done():
			return
		case j := <-a.queue:
			figs, err := a.Analyse(ctx, j)
			if err != nil {
				if ctx.Err() == nil {
					a.cfg.Log.Warn("fair play analysis", "game", j.GameID, "err", err)
				}
				continue
			}
			for _, f := range figs {
				if err := a.cfg.Store.Add(ctx, f); err != nil {
					a.cfg.Log.Error("fair play figures", "game", j.GameID, "err", err)
				}
			}
		}
	}
}

// spend waits until the budget holds d of search time and takes it.
func (a *Analyser) spend(ctx context.Context, d time.Duration) error {
	for {
		a.mu.Lock()
		now := time.Now()
		a.budget = min(a.budget+time.Duration(float64(a.cfg.Budget)*now.Sub(a.at).Minutes()), a.cfg.Budget)
		a.at = now
		if a.budget >= d {
			a.budget -= d
			a.mu.Unlock()
			return nil
		}
		wait := time.Duration(float64(d-a.budget) / float64(a.cfg.Budget) * float64(time.Minute))
		a.mu.Unlock()
		select {
		case <-ctx.Done():
			return ctx.Err()
		case <-time.After(wait):
		}
	}
}

// search runs one search at the background's place in line: it waits for
// as long as games keep the searchers, never taking one from them.
func (a *Analyser) search(ctx context.Context, f func(ctx context.Context) error) error {
	if err := a.spend(ctx, a.cfg.Think); err != nil {
		return err
	}
	ctx = computer.WithTicket(ctx, computer.Ticket{Client: "fairplay", Class: computer.Background})
	for {
		err := f(ctx)
		if !errors.Is(err, computer.ErrBusy) {
			return err
		}
		if ctx.Err() != nil {
			return ctx.Err()
		}
	}
}

// Analyse works out j's figures for each of its accounts.
func (a *Analyser) Analyse(ctx context.Context, j Job) ([]Figures, error) {
	pos := j.Start.Clone()
	figs := map[int]*Figures{}
	for i, u := range j.Users {
		if u != 0 {
			figs[i] = &Figures{GameID: j.GameID, UserID: u, Game: j.Game, Speed: j.Speed, Rating: j.Ratings[i], AtMs: j.AtMs}
		}
	}
	// score[k] is the score of the k-th position for the seat to move
	// there, asked once.
	scores := map[int]int{}
	scoreAt := func(k int, p game.Position) (int, error) {
		if v, ok := scores[k]; ok {
			return v, nil
		}
		var v int
		err := a.search(ctx, func(ctx context.Context) error {
			var err error
			v, err = a.cfg.Engine.Score(ctx, p, p.ToMove(), Level, a.cfg.Think)
			return err
		})
		scores[k] = v
		return v, err
	}
	prev := j.StartMs
	for k, ply := range j.Plies {
		m, ok := moveOf(pos, ply.Move)
		if !ok {
			return nil, errors.New("a move of the record is not legal in its position: " + ply.Move)
		}
		f := figs[ply.Seat]
		if f != nil && k >= SkipPlies && k < MaxPlies && pos.ToMove() == game.Player(ply.Seat) {
			if prev > 0 && ply.AtMs >= prev {
				f.TimedMoves++
				f.TimeMs += ply.AtMs - prev
			}
			var best game.Move
			err := a.search(ctx, func(ctx context.Context) error {
				var err error
				best, err = a.cfg.Engine.BestMove(ctx, pos, Level, a.cfg.Think)
				return err
			})
			if err != nil {
				return nil, err
			}
			before, err := scoreAt(k, pos)
			if err != nil {
				return nil, err
			}
			pos.Play(m)
			loss := 0
			if o := pos.Outcome(); !o.Over {
				after, err := scoreAt(k+1, pos)
				if err != nil {
					return nil, err
				}
				// after is the opponent's score: the mover's is its negation.
				loss = min(max(before+after, 0), LossCap)
			}
			f.Moves++
			if best == m {
				f.Matches++
			}
			f.LossCP += loss
		} else {
			pos.Play(m)
		}
		prev = ply.AtMs
	}
	var out []Figures
	for i := range j.Users {
		if f := figs[i]; f != nil && f.Moves > 0 {
			out = append(out, *f)
		}
	}
	return out, nil
}

// moveOf finds the legal move written s in pos.
func moveOf(pos game.Position, s string) (game.Move, bool) {
	for _, m := range pos.LegalMoves(nil) {
		if pos.MoveString(m) == s {
			return m, true
		}
	}
	return game.NoMove, false
}
