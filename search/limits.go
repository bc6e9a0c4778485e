package search

import (
	"time"

	"wyrm/game"
)

// Limits says how long to search. Zero fields are unlimited; with nothing set
// the search runs until its context is cancelled (or MaxPly is reached).
type Limits struct {
	// Depth is the deepest iteration in plies.
	Depth int
	// Nodes stops the search after about this many nodes.
	Nodes uint64
	// MoveTime is a fixed time for this move.
	MoveTime time.Duration
	// Clock and Inc hold every seat's remaining time and increment (UCI's
	// wtime/btime/winc/binc generalised). Only the seat to move matters;
	// a zero Clock for it means no clock.
	Clock, Inc [game.MaxPlayers]time.Duration
	// MovesToGo is the number of moves until the next time control, 0 for
	// sudden death.
	MovesToGo int
	// History holds the hashes of the positions before the root, oldest
	// first, so that the search sees repetitions of earlier positions.
	History []uint64
	// MultiPV is the number of best first moves to search each with its own
	// score and principal variation (see Line); 0 and 1 mean one.
	MultiPV int
}

// moveTimeMargin is what a search with a fixed time a move keeps back
// for stopping (the clock is read every 2,048 nodes, about 2 ms) and
// answering.
const moveTimeMargin = 4 * time.Millisecond

// timeBudget turns the clock into a soft limit (do not start another
// iteration after it) and a hard limit (stop the search). Zero means none.
func (l *Limits) timeBudget(seat game.Player) (soft, hard time.Duration) {
	const overhead = 30 * time.Millisecond
	if l.MoveTime > 0 {
		// A fixed time is the caller's own budget: only the few
		// milliseconds between polls of the clock and the reply are
		// kept back.
		t := max(l.MoveTime-moveTimeMargin, l.MoveTime/2)
		return t, t
	}
	if seat < 0 || l.Clock[seat] <= 0 {
		return 0, 0
	}
	left, inc := l.Clock[seat], l.Inc[seat]
	mtg := l.MovesToGo
	if mtg <= 0 || mtg > 40 {
		mtg = 40
	}
	usable := max(left-overhead, left/10)
	soft = usable/time.Duration(mtg) + inc*3/4
	hard = min(soft*4, usable/3+inc)
	soft = min(soft, hard)
	return max(soft, time.Millisecond), max(hard, 2*time.Millisecond)
}

// Info is one progress report, sent after every finished iteration (and for
// the partial one when the search stops).
type Info struct {
	Depth    int
	SelDepth int
	// Score is in centipawns for the player to move at the root; see
	// IsMate, MatePlies and MateMoves for mate scores.
	Score    int
	Nodes    uint64
	NPS      uint64
	Time     time.Duration
	HashFull int
	// PV is the principal variation from the root, in the game's move
	// notation.
	PV []string
	// Lines are the iteration's MultiPV lines, best first; Score and PV
	// repeat the first.
	Lines []Line
}

// Line is one principal variation of an iteration: the best line that
// starts with a root move not already the first move of a better line.
type Line struct {
	// Move is the line's first move.
	Move game.Move
	// Score is in centipawns for the player to move at the root, as
	// Info.Score; with three or four players, for that seat.
	Score int
	// Moves is the principal variation, starting with Move.
	Moves []game.Move
	// PV is Moves in the game's move notation.
	PV []string
}

// Result is the outcome of a search.
type Result struct {
	// Best is the chosen move, NoMove only when the root has no legal move.
	Best game.Move
	// BestText is Best in the game's move notation ("" with no move).
	BestText string
	// Ponder is the expected reply, NoMove when unknown.
	Ponder     game.Move
	PonderText string
	Score      int
	Depth      int
	Nodes      uint64
	Time       time.Duration
	// PV is the principal variation in the game's move notation.
	PV []string
	// Lines are the MultiPV lines of the last finished iteration, best
	// first (none if not even the first finished). Best is Lines[0].Move
	// unless a move searched in an unfinished iteration beat it.
	Lines []Line
}
