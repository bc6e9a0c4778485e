// Package boardview describes a game's board for the browser as JSON: its
// geometry, its pieces and what a position shows besides (hands, check,
// the quiet-move count). It reads the games only through wyrm/game, and
// is shared by every feature that draws a board.
package boardview

import "wyrm/game"

// Piece is a game.PieceView for the browser.
type Piece struct {
	Sq     int      `json:"sq"`
	Owner  int      `json:"owner"`
	Letter string   `json:"letter"`
	Name   string   `json:"name"`
	Royal  bool     `json:"royal,omitempty"`
	Art    string   `json:"art,omitempty"` // picture: /pictures/{game}/{art}.svg
	Marks  []string `json:"marks,omitempty"`
}

// Geometry is a board's shape and its squares' names.
type Geometry struct {
	Levels      int      `json:"levels"`
	Files       int      `json:"files"`
	Ranks       int      `json:"ranks"`
	Terrain     string   `json:"terrain,omitempty"`
	LevelNames  []string `json:"levelNames,omitempty"`
	SquareNames []string `json:"squareNames"`
}

// Board is what is drawn: one position.
type Board struct {
	Geometry *Geometry `json:"geometry,omitempty"`
	Pieces   []Piece   `json:"pieces"`
	Hands    []string  `json:"hands"`
	// HandArt names the picture of each letter of Hands, "" for a letter.
	HandArt  [][]string `json:"handArt,omitempty"`
	Position string     `json:"position,omitempty"`
	Check    []int      `json:"check,omitempty"` // squares of royal pieces in check
	Ply      int        `json:"ply"`
	// Quiet is the count of a no-progress draw rule and its limit, for
	// games that have one (game.QuietCounter).
	Quiet *Quiet `json:"quiet,omitempty"`
}

// Quiet is a no-progress count and the limit at which the game is drawn.
type Quiet struct {
	Count int `json:"count"`
	Limit int `json:"limit"`
}

// GeometryOf describes b's shape.
func GeometryOf(b game.Board) *Geometry {
	g := b.Geometry()
	out := &Geometry{Levels: g.Levels, Files: g.Files, Ranks: g.Ranks, Terrain: string(g.Terrain), LevelNames: g.LevelNames}
	out.SquareNames = make([]string, g.Squares())
	for i := range out.SquareNames {
		out.SquareNames[i] = b.SquareName(i)
	}
	return out
}

// PieceOf describes one piece.
func PieceOf(p game.PieceView) Piece {
	return Piece{Sq: p.Square, Owner: int(p.Owner), Letter: string(p.Letter), Name: p.Name, Royal: p.Royal, Art: p.Art, Marks: p.Marks}
}

// Pieces describes b's pieces, marking the royal ones of seat inCheck.
func Pieces(b game.Board, inCheck game.Player) (pieces []Piece, check []int) {
	pieces = []Piece{}
	for _, p := range b.Pieces(nil) {
		pieces = append(pieces, PieceOf(p))
		if p.Royal && p.Owner == inCheck {
			check = append(check, p.Square)
		}
	}
	return pieces, check
}

// BoardOf describes pos for drawing; it never changes pos.
func BoardOf(pos game.Position, withGeometry bool) Board {
	b := Board{Position: pos.String(), Hands: []string{}}
	if withGeometry {
		b.Geometry = GeometryOf(pos)
	}
	inCheck := game.NoPlayer
	if tm := pos.ToMove(); tm != game.NoPlayer && pos.InCheck() {
		inCheck = tm
	}
	b.Pieces, b.Check = Pieces(pos, inCheck)
	if q, ok := pos.(game.QuietCounter); ok {
		n, limit := q.Quiet()
		b.Quiet = &Quiet{Count: n, Limit: limit}
	}
	h := pos.Hands()
	pictured := false
	for i := 0; i < pos.Players(); i++ {
		b.Hands = append(b.Hands, h[i])
		arts := make([]string, len(h[i]))
		for j := range h[i] {
			arts[j] = pos.HandArt(game.Player(i), h[i][j])
			pictured = pictured || arts[j] != ""
		}
		b.HandArt = append(b.HandArt, arts)
	}
	if !pictured {
		b.HandArt = nil
	}
	return b
}

// Options leaves out the options a game keeps for itself (a map's text),
// which clients neither set nor need.
func Options(g game.Game, opts game.Options) game.Options {
	internal := map[string]bool{}
	for _, o := range g.Options() { // built once: a game may compute its schema (a map list)
		internal[o.Name] = o.Internal
	}
	out := game.Options{}
	for k, v := range opts {
		if !internal[k] {
			out[k] = v
		}
	}
	return out
}
