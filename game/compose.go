package game

import (
	"fmt"
	"slices"
)

// Composer is implemented by games whose positions a person may set up by
// hand, piece by piece: the board editor. It turns a game-independent
// Composition into the game's position string and back; the game's own
// parser stays the only judge of whether a position can be played.
// Without it a game's positions can only be pasted as text.
type Composer interface {
	// Palette says what an editor offers under opts: the empty board,
	// each seat's pieces and hand, and the game's own fields.
	Palette(opts Options) (Palette, error)
	// Compose writes c, which must pass the palette's Check, as a
	// position string. A composition the game would not play (no King, a
	// side in check) is written all the same, so that an editor can show
	// it, with the game's reason as the error; the text is "" only when
	// c cannot be written at all. A playable position comes back in the
	// game's canonical form, as Parse and String give it.
	Compose(opts Options, c Composition) (string, error)
	// Decompose reads a position string into a composition, and returns
	// opts with the options that shape the board set as the string has
	// them (a map, the seats). It reads what the game would refuse to
	// play too, so long as it is written in the game's notation: an editor
	// shows any position on its way to a playable one.
	Decompose(s string, opts Options) (Composition, Options, error)
}

// Palette is what a board editor offers for a game under given options.
type Palette struct {
	// Board is the empty board: its shape and the names of its squares.
	Board Board
	// Seats names the seats in turn order.
	Seats []string
	// Pieces lists per seat the pieces that may be placed, each as a
	// viewer draws it (Square -1). A piece that starts in a state of its
	// own (a wounded Troll) is an entry of its own with its Marks.
	Pieces [][]PieceView
	// Hands lists per seat the pieces that may be held in hand, each
	// Letter as Viewer.Hands writes it; nil when the game has no hands.
	Hands [][]PieceView
	// Fields are the parts of a position besides its pieces, hands and
	// seat to move (castling rights, counters), as options whose values a
	// Composition's Fields hold.
	Fields []Option
	// Shaping names the game's options that shape the board and the
	// palette (a map, the number of seats), which an editor offers.
	Shaping []string
}

// Composition is a position described without the game's notation: what
// stands where, what each seat holds, who moves, and the game's fields.
type Composition struct {
	Pieces []Placed `json:"pieces"`
	// Hands holds per seat the letters held in hand, as Viewer.Hands
	// writes them; missing seats hold nothing.
	Hands []string `json:"hands,omitempty"`
	// ToMove is the seat to move, NoPlayer when the game is over.
	ToMove Player `json:"toMove"`
	// Fields holds values of the palette's Fields; a missing one is its
	// default.
	Fields Options `json:"fields,omitempty"`
}

// Placed is one piece of a composition.
type Placed struct {
	Square int    `json:"sq"`
	Owner  Player `json:"owner"`
	// Letter is the piece's letter as PieceView has it.
	Letter string `json:"letter"`
	// Marks are the piece's states in the game's words, as PieceView has
	// them ("wounded", "reversed").
	Marks []string `json:"marks,omitempty"`
}

// MaxMarks bounds the marks of one placed piece, and MaxMark the length of
// one mark: no game has more, and they bound what an editor may send.
const (
	MaxMarks = 4
	MaxMark  = 24
)

// Check says whether c fits the palette: pieces on the board's squares, at
// most one a square (so at most a board's worth of them), each of its
// seat's letters; hands of letters the seat may hold, at most a board's
// worth; a seat to move or NoPlayer; fields of the palette's. It bounds the
// work any game does for a composition. Whether the position can be
// played is the game's to say, in Compose.
func (p Palette) Check(c Composition) error {
	squares := p.Board.Geometry().Squares()
	seats := len(p.Seats)
	taken := make([]bool, squares)
	if len(c.Pieces) > squares {
		return fmt.Errorf("%d pieces on a board of %d squares", len(c.Pieces), squares)
	}
	for _, pc := range c.Pieces {
		if pc.Square < 0 || pc.Square >= squares {
			return fmt.Errorf("square %d is not on the board", pc.Square)
		}
		name := p.Board.SquareName(pc.Square)
		if taken[pc.Square] {
			return fmt.Errorf("two pieces on %s", name)
		}
		taken[pc.Square] = true
		if pc.Owner < 0 || int(pc.Owner) >= seats || int(pc.Owner) >= len(p.Pieces) {
			return fmt.Errorf("the piece on %s belongs to no seat", name)
		}
		if !slices.ContainsFunc(p.Pieces[pc.Owner], func(v PieceView) bool { return string(v.Letter) == pc.Letter }) {
			return fmt.Errorf("%s has no piece %q (on %s)", p.Seats[pc.Owner], clip(pc.Letter), name)
		}
		if len(pc.Marks) > MaxMarks {
			return fmt.Errorf("the piece on %s has more than %d marks", name, MaxMarks)
		}
		for _, m := range pc.Marks {
			if len(m) > MaxMark {
				return fmt.Errorf("the piece on %s has a mark of more than %d bytes", name, MaxMark)
			}
		}
	}
	if len(c.Hands) > seats {
		return fmt.Errorf("%d hands for %d seats", len(c.Hands), seats)
	}
	for s, hand := range c.Hands {
		if len(hand) > squares {
			return fmt.Errorf("%s holds %d pieces; at most %d", p.Seats[s], len(hand), squares)
		}
		for i := 0; i < len(hand); i++ {
			var can []PieceView
			if s < len(p.Hands) {
				can = p.Hands[s]
			}
			if !slices.ContainsFunc(can, func(v PieceView) bool { return v.Letter == hand[i] }) {
				return fmt.Errorf("%s cannot hold %q in hand", p.Seats[s], hand[i])
			}
		}
	}
	if c.ToMove < NoPlayer || int(c.ToMove) >= seats {
		return fmt.Errorf("seat %d to move: there are %d seats", int(c.ToMove)+1, seats)
	}
	if err := Validate(p.Fields, c.Fields); err != nil {
		return err
	}
	return nil
}

// View draws c as its pieces would stand: each placed piece as its
// palette's entry (the one with the same marks, else the first with its
// letter) with its own marks. It is for positions the game cannot read;
// a playable one is better drawn by the game's own Viewer.
func (p Palette) View(c Composition) []PieceView {
	out := make([]PieceView, 0, len(c.Pieces))
	for _, pc := range c.Pieces {
		v := PieceView{Square: pc.Square, Owner: pc.Owner, Name: pc.Letter, Marks: pc.Marks}
		if len(pc.Letter) == 1 {
			v.Letter = pc.Letter[0]
		}
		if pc.Owner >= 0 && int(pc.Owner) < len(p.Pieces) {
			if e, ok := p.Entry(pc.Owner, pc.Letter, pc.Marks); ok {
				v.Name, v.Art, v.Royal = e.Name, e.Art, e.Royal
			}
		}
		out = append(out, v)
	}
	return out
}

// Entry finds seat s's palette entry for a letter with marks: the one with
// the same marks, else the first with the letter.
func (p Palette) Entry(s Player, letter string, marks []string) (PieceView, bool) {
	if s < 0 || int(s) >= len(p.Pieces) {
		return PieceView{}, false
	}
	found, ok := PieceView{}, false
	for _, e := range p.Pieces[s] {
		if string(e.Letter) != letter {
			continue
		}
		if slices.Equal(e.Marks, marks) {
			return e, true
		}
		if !ok {
			found, ok = e, true
		}
	}
	return found, ok
}
