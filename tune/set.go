package tune

import (
	"errors"
	"fmt"

	"wyrm/game"
)

// Set is what the fit needs of a data set: its samples' results, the
// parameters of the evaluation that scores them, and that evaluation.
type Set interface {
	// Len is the number of samples.
	Len() int
	// Result is sample i's result for the first seat: 1, 0.5, 0 or, in
	// tests, any probability.
	Result(i int) float64
	// Group numbers the game sample i came from, for the held-out share.
	Group(i int) int
	// Params lists the evaluation's parameters, with the values the fit
	// starts from.
	Params() []game.Param
	// Weights builds a table of values, in Params' order.
	Weights(values []int) (game.Weights, error)
	// Evaluate writes sample i's evaluation for the first seat under each
	// table of ws into out. It is called from several goroutines at once,
	// each with samples of its own.
	Evaluate(i int, ws []game.Weights, out []int) error
}

// GameSet is a data set of a game's positions, read as the fit needs
// them: each position is parsed again whenever it is evaluated, which
// keeps hundreds of thousands of them in little memory.
type GameSet struct {
	g       game.Game
	opts    game.Options
	samples []Sample
	params  []game.Param
	tuner   game.Tuner
}

// NewGameSet checks that g can be tuned (its positions implement
// game.Tuner and have two seats) and that the first sample parses. The
// fit starts from the game's own parameters, or from start's values where
// start names them.
func NewGameSet(g game.Game, opts game.Options, samples []Sample, start []game.Param) (*GameSet, error) {
	if len(samples) == 0 {
		return nil, errors.New("no positions to fit")
	}
	p, err := g.Parse(samples[0].Position, opts)
	if err != nil {
		return nil, fmt.Errorf("position 1: %w", err)
	}
	t, ok := p.(game.Tuner)
	if !ok {
		return nil, fmt.Errorf("%s has no evaluation parameters to tune (game.Tuner)", g.Info().Title)
	}
	if p.Players() != 2 {
		return nil, fmt.Errorf("tuning needs two-player positions, not %d", p.Players())
	}
	params := t.Params()
	if len(start) > 0 {
		w, err := game.ApplyParams(t, start)
		if err != nil {
			return nil, err
		}
		for i, v := range w.Values() {
			params[i].Value = v
		}
	}
	return &GameSet{g: g, opts: opts, samples: samples, params: params, tuner: t}, nil
}

// Len implements Set.
func (s *GameSet) Len() int { return len(s.samples) }

// Result implements Set.
func (s *GameSet) Result(i int) float64 { return s.samples[i].Result }

// Group implements Set.
func (s *GameSet) Group(i int) int { return s.samples[i].Game }

// Params implements Set.
func (s *GameSet) Params() []game.Param { return append([]game.Param(nil), s.params...) }

// Weights implements Set.
func (s *GameSet) Weights(values []int) (game.Weights, error) { return s.tuner.Weights(values) }

// Evaluate implements Set.
func (s *GameSet) Evaluate(i int, ws []game.Weights, out []int) error {
	p, err := s.g.Parse(s.samples[i].Position, s.opts)
	if err != nil {
		return fmt.Errorf("position %d: %w", i+1, err)
	}
	t, ok := p.(game.Tuner)
	if !ok || p.Players() != 2 {
		return fmt.Errorf("position %d: not a two-player position of a tunable game", i+1)
	}
	for k, w := range ws {
		t.SetWeights(w)
		out[k] = p.Evaluate(0)
	}
	return nil
}
