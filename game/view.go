package game

import "fmt"

// Board is a drawable board: its shape, its pieces and the names of its
// squares. Squares are numbered level-major, then rank, then file:
// sq = level*Files*Ranks + rank*Files + file, all from 0, rank 0 at seat 0's
// edge, level 0 the lowest.
type Board interface {
	Geometry() Geometry
	// Pieces appends the pieces on the board.
	Pieces(dst []PieceView) []PieceView
	// SquareName names a square in the game's notation ("e4", "2g1").
	SquareName(sq int) string
}

// Viewer is the part of a Position that generic code (the web app, the
// render command, rules pages) uses to draw positions and moves without
// knowing the game.
type Viewer interface {
	Board
	// Hands returns, per seat, the letters of the pieces held in hand.
	Hands() [MaxPlayers]string
	// HandArt names the picture of a piece that seat p holds in hand, by
	// its letter as Hands writes it ("" when it is drawn as its letter).
	HandArt(p Player, letter byte) string
	// DescribeMove explains m, legal here, in terms of squares.
	DescribeMove(m Move) MoveView
	// SeatName names seat p as players call it ("White", "Gold",
	// "Greenskin").
	SeatName(p Player) string
}

// Geometry is the shape of a game's board.
type Geometry struct {
	Levels, Files, Ranks int
	// Terrain has one byte per square: 'f' floor, 'w' water, '.' void. Nil
	// means every square is floor.
	Terrain []byte
	// LevelNames names each level from the lowest ("Underworld").
	LevelNames []string
}

// Squares is the number of squares, Levels*Files*Ranks.
func (g Geometry) Squares() int { return g.Levels * g.Files * g.Ranks }

// Square numbers a square from its coordinates.
func (g Geometry) Square(level, file, rank int) int {
	return level*g.Files*g.Ranks + rank*g.Files + file
}

// Coords splits a square number into its coordinates.
func (g Geometry) Coords(sq int) (level, file, rank int) {
	per := g.Files * g.Ranks
	return sq / per, sq % g.Files, sq % per / g.Files
}

// PieceView is one piece as a viewer sees it.
type PieceView struct {
	Square int
	Owner  Player
	// Letter is the piece's upper-case letter in the game's notation.
	Letter byte
	// Name is the piece's full name ("Dragon", "Salamander").
	Name string
	// Royal marks a piece whose capture or mate ends its owner's game, so
	// that a viewer can show check on it.
	Royal bool
	// Art names the piece's picture among its game's Pictures ("king"),
	// "" when the piece is drawn as its letter.
	Art string
	// Marks are states worth showing: "frozen", "wounded", "hexed",
	// "reversed", "hex-used".
	Marks []string
}

// MoveView explains a move for drawing and for pointing at it.
type MoveView struct {
	// Text is MoveString's notation.
	Text string
	// From is the moving piece's square, or -1 for a drop or a hex.
	From int
	// To is the square the piece arrives on, or the drop square; for a
	// capture from afar or a hex it is the piece's own square or -1.
	To int
	// Target is the square of the captured or hexed unit, -1 when none.
	Target int
	// Then lists further squares the piece visits in the same action (a
	// Salamander's retreat), in order.
	Then []int
	// Drop is the letter of a dropped piece, 0 when not a drop.
	Drop byte
	// Promotion is the letter promoted to, 0 when none.
	Promotion byte
}

// SeatNumber names seat p by its number from 1 ("seat 2"): what games
// without names of their own call their seats.
func SeatNumber(p Player) string { return fmt.Sprintf("seat %d", int(p)+1) }
