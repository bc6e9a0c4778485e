package boardview

import "wyrm/game"

// Board is what is drawn of one position.
type Board struct {
	Geometry *Geometry `json:"geometry,omitempty"`
	Pieces   []Piece   `json:"pieces"`
	Hands    []string  `json:"hands"`
	// HandArt names the picture of each letter of Hands, "" for a letter;
	// nil when every piece in hand is drawn as its letter.
	HandArt  [][]string `json:"handArt,omitempty"`
	Position string     `json:"position,omitempty"`
	Check    []int      `json:"check,omitempty"` // squares of royal pieces in check
	Ply      int        `json:"ply"`
	// Quiet is the count of a no-progress draw rule and its limit, for
	// games that have one (game.QuietCounter).
	Quiet *Quiet `json:"quiet,omitempty"`
}

// Quiet is a no-progress count and the count that draws.
type Quiet struct {
	Count int `json:"count"`
	Limit int `json:"limit"`
}

// Geometry is a game.Geometry with the names of its squares.
type Geometry struct {
	Levels      int      `json:"levels"`
	Files       int      `json:"files"`
	Ranks       int      `json:"ranks"`
	Terrain     string   `json:"terrain,omitempty"`
	LevelNames  []string `json:"levelNames,omitempty"`
	SquareNames []string `json:"squareNames"`
}

// Piece is a game.PieceView.
type Piece struct {
	Sq     int      `json:"sq"`
	Owner  int      `json:"owner"`
	Letter string   `json:"letter"`
	Name   string   `json:"name"`
	Royal  bool     `json:"royal,omitempty"`
	Art    string   `json:"art,omitempty"` // picture: /pictures/{game}/{art}.svg
	Marks  []string `json:"marks,omitempty"`
}

// Of describes pos for drawing, with the board's shape when withGeometry
// (a client that already has it is spared the square names); it never
// changes pos. Ply is left for the caller, who knows the game's history.
func Of(pos game.Position, withGeometry bool) Board {
	b := drawn(pos, withGeometry, Checked(pos))
	b.Position = pos.String()
	if q, ok := pos.(game.QuietCounter); ok {
		n, limit := q.Quiet()
		b.Quiet = &Quiet{Count: n, Limit: limit}
	}
	b.Hands, b.HandArt = Hands(pos)
	return b
}

// OfBoard describes a board that is not a position (a setup stage, a
// composition the game cannot read): its pieces and, when withGeometry,
// its shape.
func OfBoard(b game.Board, withGeometry bool) Board {
	return drawn(b, withGeometry, game.NoPlayer)
}

func drawn(b game.Board, withGeometry bool, inCheck game.Player) Board {
	out := Board{Hands: []string{}}
	if withGeometry {
		out.Geometry = GeometryOf(b)
	}
	out.Pieces, out.Check = Pieces(b, inCheck)
	return out
}

// GeometryOf describes b's shape and names its squares.
func GeometryOf(b game.Board) *Geometry {
	g := b.Geometry()
	out := &Geometry{Levels: g.Levels, Files: g.Files, Ranks: g.Ranks, Terrain: string(g.Terrain), LevelNames: g.LevelNames}
	out.SquareNames = make([]string, g.Squares())
	for i := range out.SquareNames {
		out.SquareNames[i] = b.SquareName(i)
	}
	return out
}

// Checked returns the seat to move when it is in check, else
// game.NoPlayer: the seat whose royal pieces Pieces marks. In a finished
// game it is the losing seat left in check, so that a checkmated King
// stays marked.
func Checked(pos game.Position) game.Player {
	if tm := pos.ToMove(); tm != game.NoPlayer {
		if pos.InCheck() {
			return tm
		}
		return game.NoPlayer
	}
	o := pos.Outcome()
	if !o.Over || !pos.InCheck() {
		return game.NoPlayer
	}
	for i := range pos.Players() {
		if o.Results[i] == game.Loss {
			return game.Player(i)
		}
	}
	return game.NoPlayer
}

// Pieces describes b's pieces, and lists the squares of the royal ones
// of seat inCheck.
func Pieces(b game.Board, inCheck game.Player) (pieces []Piece, check []int) {
	vs := b.Pieces(nil)
	for _, p := range vs {
		if p.Royal && p.Owner == inCheck {
			check = append(check, p.Square)
		}
	}
	return PiecesOf(vs), check
}

// PiecesOf describes pieces; it is never nil, so that JSON writes [].
func PiecesOf(vs []game.PieceView) []Piece {
	out := make([]Piece, 0, len(vs))
	for _, p := range vs {
		out = append(out, Piece{Sq: p.Square, Owner: int(p.Owner), Letter: string(p.Letter), Name: p.Name, Royal: p.Royal, Art: p.Art, Marks: p.Marks})
	}
	return out
}

// Hands lists each seat's pieces in hand, and the pictures of their
// letters; art is nil when none has a picture.
func Hands(pos game.Position) (hands []string, art [][]string) {
	h := pos.Hands()
	hands = []string{}
	pictured := false
	for i := range pos.Players() {
		hands = append(hands, h[i])
		arts := make([]string, len(h[i]))
		for j := range h[i] {
			arts[j] = pos.HandArt(game.Player(i), h[i][j])
			pictured = pictured || arts[j] != ""
		}
		art = append(art, arts)
	}
	if !pictured {
		art = nil
	}
	return hands, art
}

// OptionsText says opts as a person reads them, in the order of the
// game's schema: "Label: value", choices by their labels, the game's own
// options left out.
func OptionsText(g game.Game, opts game.Options) []string {
	var out []string
	for _, o := range g.Options() {
		if v, ok := opts[o.Name]; ok && !o.Internal {
			out = append(out, o.Describe(v))
		}
	}
	return out
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
