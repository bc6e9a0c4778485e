package game

import "io/fs"

// Position is a mutable game state with its own history. Every game
// implements all of it: the rules (Rules), what the search needs
// (Evaluator) and what a viewer draws (Viewer), so that the compiler, not a
// run-time check, says whether a game is complete.
type Position interface {
	Rules
	Evaluator
	Viewer
}

// Rules is the heart of a position: its moves and their make/unmake.
//
// Play and Undo form a make/unmake pair: Undo restores exactly the state
// (including Hash) that existed before the matching Play. A Position keeps the
// history it needs for repetition and move-count rules, so Clone copies it.
// Implementations must not allocate in LegalMoves, Play or Undo once warmed up.
type Rules interface {
	// Game is the game this position belongs to.
	Game() Game
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

// Game describes one game: its constants, its options and how to start or
// read a position. A Game value is stateless and safe for concurrent use.
type Game interface {
	// Info holds the game's constants: names, record tag, engine defaults.
	Info() Info
	// Options lists what a player may choose before the game starts.
	Options() []Option
	// Normalize checks options chosen by a player against Options and
	// returns them in canonical form, made self-contained: anything they
	// name that lives outside the stored game (an installed map, say) is
	// carried inside, so that the game replays from its options alone.
	// Options a player may not set (Option.Internal) are refused.
	Normalize(opts Options) (Options, error)
	// SeatNames names the seats that opts give, in turn order, without
	// starting a game: its length is the number of seats.
	SeatNames(opts Options) ([]string, error)
	// Start returns the initial position for the given options, ready to
	// play. Games with phases before play (see SetupGame) fill those phases
	// with sensible defaults here so that engines can play quick games.
	Start(opts Options) (Position, error)
	// Parse reads a position string. On error it says what is wrong.
	Parse(s string, opts Options) (Position, error)
	// Diagrams lists the positions that show, one piece at a time, how the
	// pieces move, for rules pages; the moves come from the game itself.
	Diagrams() []Diagram
	// Pictures holds the game's own piece pictures: SVG files named
	// "<art>.svg" after PieceView.Art, drawn for wyrm. Nil when the game's
	// pieces are drawn as letters.
	Pictures() fs.FS
}

// Info is everything constant about a game, in one place.
type Info struct {
	// Name is the short identifier used on command lines, in protocols and
	// in URLs ("dragon").
	Name string
	// Title is the human name ("Dragon Chess").
	Title string
	// Variant is the variant tag other programs read in game records
	// ("dragon" for Fairy-Stockfish and pychess), "" when there is none.
	Variant string
	// MaxPlies is a game length ordinary games do not reach, for tools that
	// cap a game (a match runner); 0 means DefaultMaxPlies.
	MaxPlies int
	// Placings says the game is rated by players' placings (a game that
	// may seat more than two), not by two-player results.
	Placings bool
	// Contempt is the engine's default draw penalty in centipawns for this
	// game; 0 means the search's own default. Games whose evaluation of the
	// two sides is rough want more, so that the engine does not settle for
	// an early draw.
	Contempt int
	// Selective lets the search of a two-player position prune by the
	// null move and use its table in quiescence, and, where the position
	// is an Exchanger and a CheckGiver, try quiet checks in quiescence and
	// prune quiet moves harder. A game sets it where self-play showed
	// them to gain (docs/strength.md); without them a game searches as it
	// did when its figures were measured.
	Selective bool
}

// DefaultMaxPlies caps games whose Info gives no MaxPlies.
const DefaultMaxPlies = 400

// Plies returns MaxPlies or DefaultMaxPlies.
func (i Info) Plies() int {
	if i.MaxPlies > 0 {
		return i.MaxPlies
	}
	return DefaultMaxPlies
}

// Diagram is one piece shown alone (with whatever else the position needs
// to be legal); a rules page marks every square the game's own move
// generator lets it reach.
type Diagram struct {
	// Letter is the piece shown, of the seat to move.
	Letter byte
	// Drop shows the piece's drops from the hand instead of its moves.
	Drop bool
	// Position is the position string, read with Options.
	Position string
	Options  Options
	// Note is a sentence shown under the diagram.
	Note string
}
