package search

import (
	"context"
	"math/rand/v2"
	"time"

	"wyrm/game"
)

// MultiMode is how a game with more than two players is searched.
type MultiMode int8

const (
	// BRS is Best-Reply Search (BRS+): in each round only the strongest
	// reply of any one opponent is searched; the others play their
	// first-ordered move.
	BRS MultiMode = iota
	// Paranoid assumes all opponents play together against the searcher.
	Paranoid
)

// String names the mode as the engine options spell it.
func (m MultiMode) String() string {
	if m == Paranoid {
		return "paranoid"
	}
	return "brs"
}

// DefaultMultiMode is the mode New uses for games of three or four players.
// In Dungeon Chess matches with the example armies (20 games each, 50 ms
// a move, drawn games adjudicated by evaluation; see docs/strength.md) the
// lone BRS seat scored 9/20 against three paranoid seats and 6.5/20
// against two, while a lone paranoid seat scored 3.5/20 and 5/20 against
// BRS ones. BRS also looks further ahead for the searching player in the
// same time, since a BRS ply is a whole round of opponents.
const DefaultMultiMode = BRS

// DefaultHashMB is the transposition table size New uses.
const DefaultHashMB = 16

// DefaultContempt is how much worse than even, in centipawns, the engine
// rates a draw for itself (and better for its opponents). It makes the
// engine avoid repetitions and the no-capture rules when a game can still
// be played on; without it, level 8 drew won Dungeon Chess games against a
// random mover by repetition.
const DefaultContempt = 20

// MaxContempt bounds the contempt SetContempt accepts, either way.
const MaxContempt = 500

// features switches search techniques; tests turn some off to compare the
// search against plain alpha-beta.
type features struct {
	nullMove, lmr, futility, deltaPrune, checkExt, aspiration bool
	lmp                                                       bool // late move pruning
	exactTT                                                   bool // TT cut-offs only from entries of exactly the needed depth
	iir                                                       bool // internal iterative reduction
	seePrune                                                  bool // pruning of losing captures
	singular                                                  bool // singular extensions
	rfp                                                       bool // reverse futility pruning
	ttEval                                                    bool // the table in quiescence, and its bounds refining the static evaluation
	qsChecks                                                  bool // quiet checks at quiescence's first ply
	quietSEE                                                  bool // pruning of quiet moves that lose material by the exchange
	lmpDeep                                                   bool // late move pruning by a formula to lmpDeepDepth
}

var allFeatures = features{nullMove: true, lmr: true, futility: true, deltaPrune: true, checkExt: true, aspiration: true, lmp: true, iir: true, seePrune: true, singular: true, rfp: true, ttEval: true, qsChecks: true, quietSEE: true, lmpDeep: true}

// Engine is one computer player. It keeps its transposition table, history
// and random generator between searches; it is not safe for concurrent use
// (run one Search at a time).
type Engine struct {
	tt    *table
	level int
	mode  MultiMode
	rng   *rand.Rand
	// userContempt is the draw penalty set by SetContempt, if contemptSet;
	// otherwise a game's own (game.Contempter) or DefaultContempt applies.
	userContempt int
	contemptSet  bool
	// contempt is this search's penalty for a draw to the root player.
	contempt int
	feat     features
	// selective: null-move pruning, the table in quiescence, quiet
	// checks and the harder pruning of quiet moves, for two-player games
	// that ask for them (game.Info.Selective).
	selective bool

	// per search
	ctx       context.Context
	pos       game.Position
	null      game.NullMover
	checker   game.CheckGiver
	exch      game.Exchanger
	quiet     game.QuietCounter
	root      game.Player
	players   int
	nodes     uint64
	nodeLimit uint64
	seldepth  int
	stopped   bool
	hard      time.Time
	start     time.Time
	noise     int
	noQS      bool
	noiseSeed uint64
	keys      []uint64 // hashes of the positions before the current node
	scratch   []game.Move
	rootBest  game.Move
	rootDepth int
	rootScore int
	multiPV   int
	// exclude holds the root moves that lines already found in this
	// iteration start with; the root skips them.
	exclude []game.Move

	stack   [MaxPly + 4]plyData
	pv      [MaxPly + 4][MaxPly + 4]game.Move
	pvLen   [MaxPly + 4]int
	history [game.MaxPlayers][histSize]int32
	// conts are the continuation histories, one for the move one ply
	// before and one for the move two plies before; counters the move that
	// last refuted each previous move (see order.go).
	conts    *[2]contTable
	counters [game.MoveKeys]game.Move
	keyer    game.MoveKeyer
	// lmrTab holds the late move reductions by depth and move number,
	// for two players ([0]) and for more ([1]), see lmrReduction.
	lmrTab [2][64][64]int8
	// fresh is true while the tables hold nothing since they were made
	// or cleared, so that NewGame need not clear 20 MB of zeros again
	// (in the browser, that held back a new board's first line).
	fresh bool
}

type plyData struct {
	moves  []game.Move
	scores []int32
	// unscored: some quiet moves still hold orderUnscored (see pick).
	unscored bool
	// dropped holds the scores of the moves dropPrunedQuiets took out.
	dropped []int32
	killers [2]game.Move
	// excluded is the move a singular-extension search of this ply's
	// node leaves out.
	excluded game.Move
	// key is the MoveKey of the move played from this ply to the next,
	// noKey after a pass or where the search does not track it.
	key  int
	eval int
}

// New returns an engine at full strength (level 8) with the default hash
// size, its random generator seeded with seed.
func New(seed uint64) *Engine {
	e := &Engine{
		tt:    newTable(DefaultHashMB),
		level: MaxLevel,
		mode:  DefaultMultiMode,
		rng:   rand.New(rand.NewPCG(seed, seed^0x5eed)),
		feat:  allFeatures,
		conts: new([2]contTable),
		fresh: true,
	}
	for i := range e.stack {
		e.stack[i].moves = make([]game.Move, 0, 256)
		e.stack[i].scores = make([]int32, 0, 256)
		e.stack[i].dropped = make([]int32, 0, maxDropped)
	}
	for d := 1; d < 64; d++ {
		for n := 1; n < 64; n++ {
			e.lmrTab[0][d][n] = int8(lmrReduction(d, n, false))
			e.lmrTab[1][d][n] = int8(lmrReduction(d, n, true))
		}
	}
	e.keys = make([]uint64, 0, 1024)
	e.scratch = make([]game.Move, 0, 256)
	return e
}

// SetHash resizes the transposition table to about mb megabytes, clearing it.
func (e *Engine) SetHash(mb int) { e.tt = newTable(mb) }

// SetLevel sets the playing strength from 1 (beginner) to MaxLevel (full).
func (e *Engine) SetLevel(level int) { e.level = min(max(level, 1), MaxLevel) }

// Level returns the playing strength.
func (e *Engine) Level() int { return e.level }

// SetMultiMode chooses how games of three or more players are searched.
func (e *Engine) SetMultiMode(m MultiMode) { e.mode = m }

// SetContempt sets how many centipawns worse than even the engine rates a
// draw for itself; 0 rates draws as even, a negative value seeks them. It
// overrides the default, which is the game's own (game.Info.Contempt) or
// DefaultContempt.
func (e *Engine) SetContempt(cp int) { e.userContempt, e.contemptSet = clampContempt(cp), true }

// clampContempt bounds a contempt to ±MaxContempt.
func clampContempt(cp int) int { return min(max(cp, -MaxContempt), MaxContempt) }

// contemptFor is the draw penalty for a search of pos.
func (e *Engine) contemptFor(pos game.Position) int {
	if e.contemptSet {
		return e.userContempt
	}
	if c := pos.Game().Info().Contempt; c != 0 {
		return clampContempt(c)
	}
	return DefaultContempt
}

// NewGame forgets everything learnt in earlier games.
func (e *Engine) NewGame() {
	if e.fresh {
		return
	}
	e.fresh = true
	e.tt.clear()
	e.history = [game.MaxPlayers][histSize]int32{}
	*e.conts = [2]contTable{}
	e.counters = [game.MoveKeys]game.Move{}
}

// prepare readies the engine to search a copy of pos, which it returns:
// the game's optional interfaces, the root player, the counters and the
// per-ply state. The history of earlier positions is left empty.
func (e *Engine) prepare(ctx context.Context, pos game.Position) game.Position {
	e.fresh = false
	pos = pos.Clone()
	e.pos = pos
	e.null, _ = pos.(game.NullMover)
	e.checker, _ = pos.(game.CheckGiver)
	e.exch, _ = pos.(game.Exchanger)
	e.keyer, _ = pos.(game.MoveKeyer)
	e.quiet, _ = pos.(game.QuietCounter)
	if rm, ok := pos.(game.RootMarker); ok {
		rm.MarkRoot()
	}
	e.contempt = e.contemptFor(pos)
	e.root = pos.ToMove()
	e.players = pos.Players()
	e.selective = e.players == 2 && pos.Game().Info().Selective
	e.tt.keepDeep = e.selective
	e.ctx = ctx
	e.nodes, e.seldepth, e.stopped = 0, 0, false
	e.tt.newSearch()
	for i := range e.stack {
		e.stack[i].killers = [2]game.Move{}
		e.stack[i].key = noKey
		e.stack[i].excluded = game.NoMove
	}
	e.keys = e.keys[:0]
	return pos
}

// Search looks for the best move in pos within lim, reporting progress to
// report (which may be nil) after each iteration. It returns when the limits
// are reached or ctx is cancelled, always with a legal move if one exists.
// pos itself is not changed.
func (e *Engine) Search(ctx context.Context, pos game.Position, lim Limits, report func(Info)) Result {
	e.start = time.Now()
	pos = e.prepare(ctx, pos)
	e.keys = append(e.keys, lim.History...)

	lv := levels[e.level-1]
	maxDepth := MaxPly - 10
	if lim.Depth > 0 {
		maxDepth = min(maxDepth, lim.Depth)
	}
	if lv.depth > 0 {
		maxDepth = min(maxDepth, lv.depth)
	}
	e.nodeLimit = lim.Nodes
	if lv.nodes > 0 && (e.nodeLimit == 0 || lv.nodes < e.nodeLimit) {
		e.nodeLimit = lv.nodes
	}
	e.noise, e.noQS = lv.noise, lv.noQuiesce
	e.noiseSeed = e.rng.Uint64()
	soft, hard := lim.timeBudget(e.root)
	e.hard = time.Time{}
	if hard > 0 {
		e.hard = e.start.Add(hard)
	}

	var res Result
	rootMoves := pos.LegalMoves(nil)
	if e.root == game.NoPlayer || len(rootMoves) == 0 {
		return res
	}
	res.Best = rootMoves[0]
	if len(rootMoves) == 1 && soft > 0 {
		maxDepth = 1 // a forced move needs no thought when the clock runs
	}
	e.multiPV = min(max(lim.MultiPV, 1), len(rootMoves))
	var lines []Line
	for depth := 1; depth <= maxDepth; depth++ {
		e.rootDepth = depth
		next, done := e.iterate(depth, lines)
		if !done {
			// A move that beat the finished iteration's best in the
			// unfinished one is better still.
			if len(next) == 0 && e.rootBest != game.NoMove && e.rootBest != res.Best {
				res.Best, res.Score = e.rootBest, e.rootScore
				res.PV = []string{pos.MoveString(e.rootBest)}
				res.Ponder, res.PonderText = game.NoMove, ""
			}
			break
		}
		lines = next
		best := lines[0]
		res.Best, res.Score, res.Depth, res.PV, res.Lines = best.Move, best.Score, depth, best.PV, lines
		res.Ponder, res.PonderText = game.NoMove, ""
		if len(best.Moves) > 1 {
			res.Ponder, res.PonderText = best.Moves[1], best.PV[1]
		}
		if report != nil {
			report(e.info(depth, lines))
		}
		// Under a clock an iteration that cannot finish is not started; a
		// fixed time a move is used to its end, since the unfinished
		// iteration can still find a better first move and time left over
		// is lost.
		if soft > 0 && lim.MoveTime == 0 && time.Since(e.start) > soft*6/10 {
			break
		}
		if soft > 0 && IsMate(best.Score) && depth > 2*abs(MatePlies(best.Score))+2 {
			break
		}
	}
	if res.Best == game.NoMove {
		res.Best = rootMoves[0]
	}
	res.BestText = pos.MoveString(res.Best)
	res.Nodes = e.nodes
	res.Time = time.Since(e.start)
	return res
}

func (e *Engine) info(depth int, lines []Line) Info {
	el := time.Since(e.start)
	nps := uint64(0)
	if el > 0 {
		nps = uint64(float64(e.nodes) / el.Seconds())
	}
	return Info{Depth: depth, SelDepth: e.seldepth, Score: lines[0].Score, Nodes: e.nodes, NPS: nps, Time: el,
		HashFull: e.tt.hashfull(), PV: lines[0].PV, Lines: lines}
}

// aspiration searches the root with a narrow window around the previous
// iteration's score, widening it on failure.
func (e *Engine) aspiration(depth, prev int) int {
	if !e.feat.aspiration || depth < 5 || IsMate(prev) {
		return e.searchRoot(depth, -Infinity, Infinity)
	}
	delta := 30
	alpha, beta := max(prev-delta, -Infinity), min(prev+delta, Infinity)
	for {
		s := e.searchRoot(depth, alpha, beta)
		if e.stopped {
			return s
		}
		switch {
		case s <= alpha:
			alpha = max(s-delta, -Infinity)
		case s >= beta:
			beta = min(s+delta, Infinity)
		default:
			return s
		}
		delta *= 2
		if delta > 600 {
			alpha, beta = -Infinity, Infinity
		}
	}
}

func (e *Engine) searchRoot(depth, alpha, beta int) int {
	return e.negamax(depth, 0, alpha, beta, false, true)
}

// poll checks the clock, the node limit and the context every few
// thousand nodes.
func (e *Engine) poll() {
	if e.nodeLimit > 0 && e.nodes >= e.nodeLimit {
		e.stopped = true
		return
	}
	if e.nodes&2047 != 0 {
		return
	}
	if e.ctx != nil && e.ctx.Err() != nil {
		e.stopped = true
		return
	}
	if !e.hard.IsZero() && time.Now().After(e.hard) {
		e.stopped = true
	}
}

func abs(x int) int {
	if x < 0 {
		return -x
	}
	return x
}
