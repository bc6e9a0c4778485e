package game

// Position is a mutable game state with its own history.
//
// Play and Undo form a make/unmake pair: Undo restores exactly the state
// (including Hash) that existed before the matching Play. A Position keeps the
// history it needs for repetition and move-count rules, so Clone copies it.
// Implementations must not allocate in LegalMoves, Play or Undo once warmed up.
type Position interface {
	// Players is the number of seats, 2 to MaxPlayers.
	Players() int
	// ToMove is the seat whose action comes next (NoPlayer when Over).
	ToMove() Player
	// LegalMoves appends every legal move to dst and returns it. A finished
	// position has none.
	LegalMoves(dst []Move) []Move
	// Play makes a move that LegalMoves returned. Behaviour for other moves
	// is undefined; use ParseMove to validate input from outside.
	Play(m Move)
	// Undo takes back the last Play.
	Undo()
	// Hash identifies the position for repetition and transposition tables:
	// board, side to move and every right that affects future moves.
	Hash() uint64
	// Outcome reports the end by the rules of play (mate, stalemate,
	// repetition, move-count rule, insufficient material, king capture).
	// Resignation, agreement and clocks belong to the session, not here.
	Outcome() Outcome
	// String writes the position in the game's position notation.
	String() string
	// MoveString writes m, legal in this position, in the game's move
	// notation as used by engine protocols (for Dragon Chess: UCI).
	MoveString(m Move) string
	// ParseMove reads a move in any notation the game accepts and returns it
	// only if it is legal here. On error the position is unchanged.
	ParseMove(s string) (Move, error)
	// Clone returns an independent deep copy, history included.
	Clone() Position
}

// Game describes one game: its name, its options and how to start or read a
// position. A Game value is stateless and safe for concurrent use.
type Game interface {
	// Name is the short identifier used on command lines and in protocols
	// ("dragon", "dragonchess", "dungeon").
	Name() string
	// Title is the human name ("Dragon Chess").
	Title() string
	// Options lists what a player may choose before the game starts.
	Options() []Option
	// Start returns the initial position for the given options, ready to
	// play. Games with phases before play (see SetupGame) fill those phases
	// with sensible defaults here so that engines can play quick games.
	Start(opts Options) (Position, error)
	// Parse reads a position string. On error it says what is wrong.
	Parse(s string, opts Options) (Position, error)
}

// LongGame is implemented by games whose ordinary games run far longer
// than a chess game, so that tools which cap a game's length (a match
// runner, say) cap it only where ordinary games do not reach.
type LongGame interface {
	// MaxPlies is a length ordinary games do not reach.
	MaxPlies() int
}
