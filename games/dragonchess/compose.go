package dragonchess

import (
	"errors"
	"fmt"
	"slices"
	"strconv"
	"strings"

	"wyrm/game"
)

// The fields of a composition: the counters and, under an en-passant
// variant, the Dragon that may be taken en passant.
const (
	fieldHalfmove  = "halfmove"
	fieldFullmove  = "fullmove"
	fieldEnPassant = "en-passant"
)

// Bounds of the counters, as parsePosition reads them.
const (
	maxHalf = 10000
	maxFull = 1000000
)

var _ game.Composer = dragonchessGame{}

// Palette implements game.Composer: each side's fifteen kinds on the
// three boards (and the reversed Dwarf under that variant), the counters,
// and the en-passant Dragon under an en-passant variant.
func (g dragonchessGame) Palette(opts game.Options) (game.Palette, error) {
	r, err := rulesFromOptions(g, opts)
	if err != nil {
		return game.Palette{}, err
	}
	return r.palette(), nil
}

func (r *rules) palette() game.Palette {
	pal := game.Palette{Board: newPosition(r), Seats: []string{colourName(gold), colourName(scarlet)},
		Pieces: make([][]game.PieceView, 2), Shaping: []string{"variants"}}
	for c := gold; c <= scarlet; c++ {
		for k := sylph; k < kindCount; k++ {
			if k == revDwarf && !r.v.has(vReversingDwarf) {
				continue
			}
			pal.Pieces[c] = append(pal.Pieces[c], r.pieceView(code(k, c), -1))
		}
	}
	pal.Fields = []game.Option{
		{Name: fieldHalfmove, Label: "Halfmove clock", Kind: game.Int, Min: 0, Max: maxHalf, Default: "0",
			Description: "moves since the last capture or move of a Sylph, Warrior or Dwarf"},
		{Name: fieldFullmove, Label: "Move number", Kind: game.Int, Min: 1, Max: maxFull, Default: "1"},
	}
	if r.v.has(vEnPassant1 | vEnPassant2) {
		pal.Fields = append(pal.Fields, game.Option{Name: fieldEnPassant, Label: "En passant", Kind: game.Text,
			Description: "the square of a Dragon that may be taken en passant (as 3f6), empty for none"})
	}
	return pal
}

// Compose implements game.Composer: the composition is written as a
// position string and read back by the game's parser, which says why a
// position cannot be played.
func (g dragonchessGame) Compose(opts game.Options, c game.Composition) (string, error) {
	r, err := rulesFromOptions(g, opts)
	if err != nil {
		return "", err
	}
	if err := r.palette().Check(c); err != nil {
		return "", err
	}
	if c.ToMove == game.NoPlayer {
		return "", errors.New("Gold or Scarlet must be to move")
	}
	p := newPosition(r)
	p.side = int(c.ToMove)
	for _, pc := range c.Pieces {
		k := kindOf(letterCode[pc.Letter[0]])
		if k == dwarf && slices.Contains(pc.Marks, "reversed") {
			if !r.v.has(vReversingDwarf) {
				return "", errors.New("a reversed Dwarf needs the reversing-dwarf variant")
			}
			k = revDwarf
		}
		p.b[pc.Square] = code(k, int(pc.Owner))
	}
	p.half, _ = strconv.Atoi(c.Fields.Get(fieldHalfmove, "0"))
	p.full, _ = strconv.Atoi(c.Fields.Get(fieldFullmove, "1"))
	var epErr error
	if ep := c.Fields.Get(fieldEnPassant, ""); ep != "" {
		if sq, n, err := parseSquare(ep); err != nil || n != len(ep) {
			epErr = fmt.Errorf("en passant: %q is not a square (as 3f6)", ep)
		} else {
			p.ep = sq
		}
	}
	text := p.String()
	if epErr != nil {
		return text, epErr
	}
	q, err := parsePosition(text, r)
	if err != nil {
		return text, err
	}
	return q.String(), nil
}

// Decompose implements game.Composer. It reads the position string as
// written, without the parser's checks of what can be played (a King a
// side, pieces on the boards they may stand on, the side not to move not
// in check): Compose makes those.
func (g dragonchessGame) Decompose(s string, opts game.Options) (game.Composition, game.Options, error) {
	r, err := rulesFromOptions(g, opts)
	if err != nil {
		return game.Composition{}, nil, err
	}
	c, err := readPosition(s, r)
	if err != nil {
		return game.Composition{}, nil, err
	}
	return c, opts, nil
}

// readPosition reads a position string into a composition, checking only
// how it is written.
func readPosition(s string, r *rules) (game.Composition, error) {
	c := game.Composition{Pieces: []game.Placed{}, Fields: game.Options{}}
	fields := strings.Fields(s)
	if len(fields) < 4 {
		return c, errors.New("position needs boards, side, halfmove clock and fullmove number")
	}
	boards := strings.Split(fields[0], "|")
	if len(boards) != levels {
		return c, fmt.Errorf("want 3 boards separated by '|', got %d", len(boards))
	}
	at := map[int]int{} // square -> index in c.Pieces, for reversed Dwarves
	for i, bs := range boards {
		l := lvSky - i
		rows := strings.Split(bs, "/")
		if len(rows) != ranks {
			return c, fmt.Errorf("board %d: want 8 ranks separated by '/', got %d", l+1, len(rows))
		}
		for j, row := range rows {
			rk, f := ranks-1-j, 0
			for k := 0; k < len(row); k++ {
				ch := row[k]
				if ch >= '1' && ch <= '9' {
					n := int(ch - '0')
					if k+1 < len(row) && row[k+1] >= '0' && row[k+1] <= '9' {
						n = n*10 + int(row[k+1]-'0')
						k++
					}
					if f += n; f > files {
						return c, fmt.Errorf("board %d rank %d: more than 12 files", l+1, rk+1)
					}
					continue
				}
				pc := letterCode[ch]
				if pc == 0 {
					return c, fmt.Errorf("board %d rank %d: %q is not a piece letter", l+1, rk+1, ch)
				}
				if f >= files {
					return c, fmt.Errorf("board %d rank %d: more than 12 files", l+1, rk+1)
				}
				sq := square(l, f, rk)
				at[sq] = len(c.Pieces)
				c.Pieces = append(c.Pieces, game.Placed{Square: sq, Owner: game.Player(colourOf(pc)), Letter: string(kindLetters[kindOf(pc)])})
				f++
			}
			if f != files {
				return c, fmt.Errorf("board %d rank %d: %d files, want 12", l+1, rk+1, f)
			}
		}
	}
	switch fields[1] {
	case "g":
		c.ToMove = gold
	case "s":
		c.ToMove = scarlet
	default:
		return c, fmt.Errorf("side %q: want g or s", fields[1])
	}
	half, err := strconv.Atoi(fields[2])
	if err != nil || half < 0 || half > maxHalf {
		return c, fmt.Errorf("halfmove clock %q: want a number from 0", fields[2])
	}
	full, err := strconv.Atoi(fields[3])
	if err != nil || full < 1 || full > maxFull {
		return c, fmt.Errorf("fullmove number %q: want a number from 1", fields[3])
	}
	c.Fields[fieldHalfmove], c.Fields[fieldFullmove] = strconv.Itoa(half), strconv.Itoa(full)
	for _, f := range fields[4:] {
		switch {
		case strings.HasPrefix(f, epTag):
			if !r.v.has(vEnPassant1 | vEnPassant2) {
				return c, fmt.Errorf("%q needs an en-passant Sylph variant", f)
			}
			if _, ok := c.Fields[fieldEnPassant]; ok {
				return c, errors.New("two en-passant fields")
			}
			sq, n, err := parseSquare(f[len(epTag):])
			if err != nil || n != len(f)-len(epTag) {
				return c, fmt.Errorf("en-passant field %q: want ep=<square>", f)
			}
			c.Fields[fieldEnPassant] = squareName(sq)
		case strings.HasPrefix(f, revTag):
			if !r.v.has(vReversingDwarf) {
				return c, fmt.Errorf("%q needs the reversing-dwarf variant", f)
			}
			for _, name := range strings.Split(f[len(revTag):], ",") {
				sq, n, err := parseSquare(name)
				if err != nil || n != len(name) {
					return c, fmt.Errorf("reversed Dwarf %q: want a square", name)
				}
				i, ok := at[sq]
				if !ok || c.Pieces[i].Letter != "D" || c.Pieces[i].Marks != nil {
					return c, fmt.Errorf("reversed Dwarf square %s holds no (unreversed) Dwarf", squareName(sq))
				}
				c.Pieces[i].Marks = []string{"reversed"}
			}
		default:
			return c, fmt.Errorf("unknown position field %q", f)
		}
	}
	return c, nil
}
