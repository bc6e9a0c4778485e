package dragon

import (
	"errors"
	"fmt"
	"strconv"
	"strings"

	"wyrm/game"
)

// The fields of a composition: the FEN's castling rights, en-passant
// square and move counters.
const (
	fieldCastling  = "castling"
	fieldEnPassant = "en-passant"
	fieldHalfmove  = "halfmove"
	fieldFullmove  = "fullmove"
)

// maxCounter bounds the move counters as ParseFEN does.
const maxCounter = 1 << 20

// paletteOrder is the order in which the editor offers the pieces.
var paletteOrder = []int{king, queen, dragon, rook, bishop, knight, pawn}

// epChoices are the squares an en-passant capture can land on, after "-".
var epChoices = func() []string {
	out := []string{"-"}
	for _, r := range []int{2, 5} {
		for f := 0; f < 8; f++ {
			out = append(out, squareName(r*8+f))
		}
	}
	return out
}()

var composeFields = []game.Option{
	{Name: fieldCastling, Label: "Castling", Kind: game.Set, Choices: []string{"K", "Q", "k", "q"},
		Description: "K and Q: White may castle short and long; k and q: Black. A right counts only while its King and Rook stand on their squares"},
	{Name: fieldEnPassant, Label: "En passant", Kind: game.Choice, Choices: epChoices, Default: "-",
		Description: "the square a Pawn that just moved two squares passed over"},
	{Name: fieldHalfmove, Label: "Halfmove clock", Kind: game.Int, Min: 0, Max: maxCounter, Default: "0",
		Description: "moves since the last capture or Pawn move"},
	{Name: fieldFullmove, Label: "Move number", Kind: game.Int, Min: 1, Max: maxCounter, Default: "1"},
}

var _ game.Composer = gameDef{}

// Palette implements game.Composer: White's and Black's pieces, Dragons in
// hand, and the FEN's castling rights, en-passant square and counters.
func (g gameDef) Palette(opts game.Options) (game.Palette, error) {
	if err := game.Validate(g.Options(), opts); err != nil {
		return game.Palette{}, fmt.Errorf("dragon: %w", err)
	}
	pal := game.Palette{Board: &Position{ep: -1}, Seats: []string{"White", "Black"}, Fields: composeFields,
		Pieces: make([][]game.PieceView, 2), Hands: make([][]game.PieceView, 2), Shaping: []string{"dragons"}}
	for c := white; c <= black; c++ {
		for _, t := range paletteOrder {
			pal.Pieces[c] = append(pal.Pieces[c], game.PieceView{Square: -1, Owner: game.Player(c), Letter: pieceLetters[t],
				Name: pieceNames[t], Royal: t == king, Art: pieceArt[makePiece(c, t)]})
		}
		pal.Hands[c] = []game.PieceView{{Square: -1, Owner: game.Player(c), Letter: pieceLetters[makePiece(c, dragon)],
			Name: pieceNames[dragon], Art: pieceArt[makePiece(c, dragon)]}}
	}
	return pal, nil
}

// Compose implements game.Composer: the composition is written as FEN and
// read back by ParseFEN, which says why a position cannot be played.
func (g gameDef) Compose(opts game.Options, c game.Composition) (string, error) {
	pal, err := g.Palette(opts)
	if err != nil {
		return "", err
	}
	if err := pal.Check(c); err != nil {
		return "", err
	}
	if c.ToMove == game.NoPlayer {
		return "", errors.New("White or Black must be to move")
	}
	p := &Position{side: int(c.ToMove), ep: -1, fullmove: 1}
	for _, pc := range c.Pieces {
		p.board[pc.Square] = makePiece(int(pc.Owner), typeOf(pieceFromLetter(pc.Letter[0])))
	}
	for s, hand := range c.Hands {
		p.hand[s] = uint8(len(hand)) // Check let only Dragons of the seat in
	}
	for _, r := range strings.Split(c.Fields.Get(fieldCastling, ""), ",") {
		if i := strings.Index("KQkq", r); r != "" && i >= 0 {
			p.castle |= 1 << i
		}
	}
	if sq, ok := parseSquare(c.Fields.Get(fieldEnPassant, "-")); ok {
		p.ep = int8(sq)
	}
	half, _ := strconv.Atoi(c.Fields.Get(fieldHalfmove, "0"))
	full, _ := strconv.Atoi(c.Fields.Get(fieldFullmove, "1"))
	p.halfmove, p.fullmove = int32(half), int32(full)
	text := p.FEN()
	q, err := ParseFEN(text)
	if err != nil {
		// The reason without the FEN that the editor shows beside it.
		return text, errors.New(strings.TrimPrefix(err.Error(), fmt.Sprintf("dragon FEN %q: ", text)))
	}
	return q.FEN(), nil
}

// Decompose implements game.Composer. It reads the FEN as written, without
// ParseFEN's checks of what can be played (a King each, no Pawn on the last
// ranks, the side not to move not in check): Compose makes those.
func (g gameDef) Decompose(s string, opts game.Options) (game.Composition, game.Options, error) {
	if err := game.Validate(g.Options(), opts); err != nil {
		return game.Composition{}, nil, fmt.Errorf("dragon: %w", err)
	}
	c, err := readFEN(s)
	if err != nil {
		return game.Composition{}, nil, fmt.Errorf("dragon FEN %q: %w", clip(s), err)
	}
	return c, opts, nil
}

// readFEN reads the fields of a FEN into a composition, checking only how
// it is written.
func readFEN(s string) (game.Composition, error) {
	c := game.Composition{Pieces: []game.Placed{}, Fields: game.Options{}}
	f := strings.Fields(s)
	if len(f) < 2 || len(f) > 6 {
		return c, errors.New("want 2 to 6 fields (board[hand] side castling ep halfmove fullmove)")
	}
	board, hand, ok := strings.Cut(f[0], "[")
	if ok {
		var closed bool
		if hand, closed = strings.CutSuffix(hand, "]"); !closed {
			return c, errors.New("hand has no closing ]")
		}
	}
	rows := strings.Split(board, "/")
	if len(rows) != 8 {
		return c, fmt.Errorf("board has %d ranks, want 8", len(rows))
	}
	for i, row := range rows {
		r, file := 7-i, 0
		for j := 0; j < len(row); j++ {
			ch := row[j]
			if ch >= '1' && ch <= '8' {
				file += int(ch - '0')
			} else if pc := pieceFromLetter(ch); pc == 0 {
				return c, fmt.Errorf("unknown piece letter %q", ch)
			} else if file < 8 {
				c.Pieces = append(c.Pieces, game.Placed{Square: r*8 + file, Owner: game.Player(colorOf(pc)), Letter: string(pieceLetters[typeOf(pc)])})
				file++
			} else {
				file++
			}
			if file > 8 {
				break
			}
		}
		if file != 8 {
			return c, fmt.Errorf("rank %d does not have 8 squares", r+1)
		}
	}
	var hands [2]strings.Builder
	for i := 0; i < len(hand); i++ {
		switch hand[i] {
		case 'D':
			hands[white].WriteByte('D')
		case 'd':
			hands[black].WriteByte('d')
		default:
			return c, fmt.Errorf("hand holds %q; only Dragons (D, d) may be in hand", hand[i])
		}
		if i >= maxHand*2 {
			return c, fmt.Errorf("hand holds more than %d Dragons", maxHand*2)
		}
	}
	if hand != "" {
		c.Hands = []string{hands[white].String(), hands[black].String()}
	}
	switch f[1] {
	case "w":
		c.ToMove = white
	case "b":
		c.ToMove = black
	default:
		return c, fmt.Errorf("side to move %q is not w or b", f[1])
	}
	if len(f) > 2 && f[2] != "-" {
		var rights []string
		for i := 0; i < len(f[2]); i++ {
			r := f[2][i : i+1]
			if !strings.Contains("KQkq", r) {
				return c, fmt.Errorf("castling field %q: %q is not one of KQkq", f[2], r)
			}
			for _, had := range rights {
				if had == r {
					return c, fmt.Errorf("castling field %q repeats %q", f[2], r)
				}
			}
			rights = append(rights, r)
		}
		c.Fields[fieldCastling] = strings.Join(rights, ",")
	}
	if len(f) > 3 && f[3] != "-" {
		if _, ok := parseSquare(f[3]); !ok {
			return c, fmt.Errorf("en-passant field %q is not a square", f[3])
		}
		// A square no Pawn can have passed is dropped, as ParseFEN does.
		for _, e := range epChoices {
			if e == f[3] {
				c.Fields[fieldEnPassant] = e
			}
		}
	}
	for i, name := range []string{fieldHalfmove, fieldFullmove} {
		if len(f) <= 4+i {
			break
		}
		n, err := strconv.Atoi(f[4+i])
		if err != nil || n < 0 || n > maxCounter {
			return c, fmt.Errorf("%s %q is not a small non-negative number", name, f[4+i])
		}
		if name == fieldFullmove {
			n = max(n, 1)
		}
		c.Fields[name] = strconv.Itoa(n)
	}
	return c, nil
}

// clip shortens a string quoted back in an error message.
func clip(s string) string {
	if len(s) > 100 {
		return s[:100] + "…"
	}
	return s
}
