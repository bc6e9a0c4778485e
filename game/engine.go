package game

// Evaluator is what the search needs beyond the rules. It lives here (not
// in package search) so that the game packages and the search are written
// against one definition.
type Evaluator interface {
	// Evaluate scores the position for player p in centipawns: positive is
	// good for p. It is called on quiet positions that are not Over.
	Evaluate(p Player) int
	// NoisyMoves appends the legal moves that quiescence search should try:
	// captures, promotions and anything else that changes material.
	NoisyMoves(dst []Move) []Move
	// IsNoisy reports whether m, legal here, is one NoisyMoves would return.
	IsNoisy(m Move) bool
	// Gain estimates the material m wins in centipawns for ordering and
	// pruning (victim value, with a cheap exchange estimate; 0 for quiet).
	Gain(m Move) int
	// InCheck reports whether the player to move is in check (its royal
	// piece attacked). Games without check return false.
	InCheck() bool
}

// The interfaces below are hooks: a game implements one only where it
// applies, and callers fall back to a sensible default without it.

// NullMover is implemented by games where passing the turn is a meaningful
// hypothetical for null-move pruning. Without it the search never passes.
type NullMover interface {
	// PlayNull passes the turn to the next player.
	PlayNull()
	// UndoNull takes back PlayNull.
	UndoNull()
}

// Perfter is implemented by games with their own fast perft (bulk counting
// at the last ply); without it Perft walks the tree through Position.
type Perfter interface {
	Perft(depth int) uint64
}

// SANer is implemented by games with a separate human notation (standard
// algebraic notation for Dragon Chess). ParseMove must accept it too.
// Without it, MoveString is the human notation as well.
type SANer interface {
	SAN(m Move) string
}

// Eliminator is implemented by games where one player can leave (resign)
// while the others play on: Eliminate removes p from play. Without it a
// player who leaves ends the game.
type Eliminator interface {
	Eliminate(p Player)
}

// RootMarker is implemented by positions whose evaluation depends on the
// state of the game where a search starts, not only on the position
// searched: the search calls MarkRoot on its own copy before it begins.
type RootMarker interface {
	MarkRoot()
}

// QuietCounter is implemented by games with a no-progress draw rule (the
// fifty-move rule, Dungeon Chess's rounds without a capture). The search
// lets an evaluation fade towards a draw as the count nears its limit, so
// that the side ahead makes progress while it still can.
type QuietCounter interface {
	// Quiet returns the plies played since the last progress (capture or
	// pawn move) and the count at which the game is drawn.
	Quiet() (plies, limit int)
}

// CheckGiver is implemented by games that can say, without playing it,
// whether a move leaves the next player in check. The search asks before
// it prunes a quiet move (a checking move is never pruned), so that the
// moves it skips are not made and unmade only to find out.
type CheckGiver interface {
	// GivesCheck reports whether m, legal here, leaves the player to move
	// after it in check: what InCheck would report once m is played.
	// It must not allocate.
	GivesCheck(m Move) bool
}

// Exchanger is implemented by games with a static exchange evaluation of
// any move, quiet ones included: what the mover wins or loses if both sides
// keep capturing on the move's destination while that pays. The search
// skips quiet moves near the leaves that only give material away, and
// keeps in quiescence the quiet checks that do not.
type Exchanger interface {
	// Exchange estimates in centipawns what m, legal here, wins (negative:
	// loses) by the exchange on its destination. It must not allocate.
	Exchange(m Move) int
}

// MoveKeys bounds MoveKeyer's keys.
const MoveKeys = 1024

// MoveKeyer is implemented by games whose moves can be named by what moves
// and where to, in a small range: the search's counter-move and
// continuation histories are indexed by it. Without it the search hashes
// the move's encoding into the same range.
type MoveKeyer interface {
	// MoveKey identifies m, legal here and not yet played, by the kind and
	// colour of the piece that moves (or is dropped) and its destination:
	// a number in [0, MoveKeys).
	MoveKey(m Move) int
}

// Materialer is implemented by games that can count a seat's material by
// their own piece values, for a plain material-only searcher (the match
// player "material:N"), a yardstick that knows nothing of the
// evaluation's other terms.
type Materialer interface {
	// Material is the value of seat p's pieces in centipawns (pieces in
	// hand included, the royal piece not counted).
	Material(p Player) int
}
