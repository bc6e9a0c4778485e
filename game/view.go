package game

import "fmt"

// Viewer is implemented by every game so that generic code (the web app, the
// render command, rules pages) can draw positions and moves without knowing
// the game. Squares are numbered level-major, then rank, then file:
// sq = level*Files*Ranks + rank*Files + file, all from 0, rank 0 at seat 0's
// edge, level 0 the lowest.
type Viewer interface {
	Geometry() Geometry
	// Pieces appends the pieces on the board.
	Pieces(dst []PieceView) []PieceView
	// Hands returns, per seat, the letters of the pieces held in hand.
	Hands() [MaxPlayers]string
	// DescribeMove explains m, legal here, in terms of squares.
	DescribeMove(m Move) MoveView
	// SquareName names a square in the game's notation ("e4", "2g1").
	SquareName(sq int) string
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

// SeatNamer is implemented by positions whose seats have names players use
// ("White", "Gold", "Greenskin"). Without it, seats are "seat 1", "seat 2".
type SeatNamer interface {
	SeatName(p Player) string
}

// SeatName names seat p of pos, falling back to its number from 1.
func SeatName(pos Position, p Player) string {
	if n, ok := pos.(SeatNamer); ok {
		if s := n.SeatName(p); s != "" {
			return s
		}
	}
	return fmt.Sprintf("seat %d", int(p)+1)
}
