package puzzlegen

import (
	"context"

	"wyrm/game"
	"wyrm/search"
)

// Rules say what a clear win is: the best move scores at least Win for the
// mover, at most Even for every other, and Gap more than the next.
type Rules struct {
	Win  int `json:"win"`
	Gap  int `json:"gap"`
	Even int `json:"even"`
	// StepGap is the lead of the solver's move over the next at a later
	// step of a line, when the solver is often ahead already and no other
	// move need be even.
	StepGap int `json:"stepGap"`
	// Quick is the nodes of the finding search; Deep of the checking one,
	// which every step of a line must pass; Reply of an opponent's reply.
	Quick uint64 `json:"quick"`
	Deep  uint64 `json:"deep"`
	Reply uint64 `json:"reply"`
	// MaxMoves caps the solver's moves in a line.
	MaxMoves int `json:"maxMoves"`
}

// DefaultRules are what the committed puzzles were made with unless their
// file says otherwise.
var DefaultRules = Rules{Win: 250, Gap: 250, Even: 80, StepGap: 150, Quick: 2_500, Deep: 12_000, Reply: 4_000, MaxMoves: 6}

// Verdict is a clear-win check of one position.
type Verdict struct {
	Best   game.Move
	Score  int // the best move's, for the mover
	Second int // the next best move's
	// Found is the nodes the search had spent when it first chose Best for
	// good (at the start of the last iterations that all chose it).
	Found uint64
	Clear bool
}

// Checker runs the searches. Every search starts from a cleared engine, so
// that a check gives the same answer wherever it is run: the tests repeat
// the generator's checks exactly.
type Checker struct {
	eng *search.Engine
	r   Rules
}

// NewChecker returns a checker with its own engine.
func NewChecker(r Rules) *Checker { return &Checker{eng: search.New(1), r: r} }

// Rules returns the checker's rules.
func (c *Checker) Rules() Rules { return c.r }

// Clear searches pos with nodes and says whether its best move wins
// clearly by the rules.
func (c *Checker) Clear(ctx context.Context, pos game.Position, nodes uint64) Verdict {
	if len(pos.LegalMoves(nil)) < 2 {
		return Verdict{}
	}
	c.eng.NewGame()
	var v Verdict
	var last game.Move
	res := c.eng.Search(ctx, pos, search.Limits{Nodes: nodes, MultiPV: 2}, func(in search.Info) {
		if len(in.Lines) > 0 && in.Lines[0].Move != last {
			last, v.Found = in.Lines[0].Move, in.Nodes
		}
	})
	if len(res.Lines) < 2 || res.Best != res.Lines[0].Move {
		return Verdict{Best: res.Best, Score: res.Score, Second: res.Score}
	}
	v.Best, v.Score, v.Second = res.Lines[0].Move, res.Lines[0].Score, res.Lines[1].Score
	if last != v.Best {
		v.Found = res.Nodes
	}
	v.Clear = v.Score >= c.r.Win && v.Second <= c.r.Even && v.Score-v.Second >= c.r.Gap
	return v
}

// First says whether pos starts a puzzle: a quick search finds a clear win
// and a deep one agrees on the same move. It returns the deep verdict.
func (c *Checker) First(ctx context.Context, pos game.Position) (Verdict, bool) {
	q := c.Clear(ctx, pos, c.r.Quick)
	if !q.Clear {
		return q, false
	}
	d := c.Clear(ctx, pos, c.r.Deep)
	return d, d.Clear && d.Best == q.Best
}

// Step says whether the solver's move in pos, a later step of a line, is
// still the only clear win: the deep search alone decides, and since the
// solver is by then often ahead, every other move need only be StepGap
// worse, not Even.
func (c *Checker) Step(ctx context.Context, pos game.Position) (Verdict, bool) {
	d := c.Clear(ctx, pos, c.r.Deep)
	return d, d.Best != game.NoMove && d.Score >= c.r.Win && d.Score-d.Second >= c.r.StepGap
}

// Reply is an opponent's best reply in pos.
func (c *Checker) Reply(ctx context.Context, pos game.Position) game.Move {
	c.eng.NewGame()
	return c.eng.Search(ctx, pos, search.Limits{Nodes: c.r.Reply}, nil).Best
}

// Finished reports whether nobody may move in pos.
func Finished(pos game.Position) bool {
	return pos.ToMove() == game.NoPlayer || len(pos.LegalMoves(nil)) == 0
}
