package toysetup

import (
	"errors"
	"fmt"
	"strings"

	"wyrm/game"
)

var _ game.Composer = Game{}

// Palette implements game.Composer: a King and a Rook for each seat, no
// hands and no fields.
func (g Game) Palette(opts game.Options) (game.Palette, error) {
	if err := game.Validate(g.Options(), opts); err != nil {
		return game.Palette{}, err
	}
	pal := game.Palette{Board: &Pos{}, Seats: []string{"South", "North"}}
	for s, side := range []string{"south-", "north-"} {
		pal.Pieces = append(pal.Pieces, []game.PieceView{
			{Square: -1, Owner: game.Player(s), Letter: 'K', Name: "King", Royal: true, Art: side + "king"},
			{Square: -1, Owner: game.Player(s), Letter: 'R', Name: "Rook", Art: side + "rook"}})
	}
	return pal, nil
}

// Compose implements game.Composer.
func (g Game) Compose(opts game.Options, c game.Composition) (string, error) {
	pal, err := g.Palette(opts)
	if err != nil {
		return "", err
	}
	if err := pal.Check(c); err != nil {
		return "", err
	}
	if c.ToMove == game.NoPlayer {
		return "", errors.New("South or North must be to move")
	}
	p := &Pos{side: c.ToMove}
	for i := range p.board {
		p.board[i] = '.'
	}
	for _, pc := range c.Pieces {
		p.board[pc.Square] = pc.Letter[0] | byte(pc.Owner)*0x20
	}
	text := p.String()
	q, err := g.Parse(text, opts)
	if err != nil {
		return text, errors.New(strings.TrimPrefix(err.Error(), "toy: "))
	}
	return q.String(), nil
}

// Decompose implements game.Composer: the board and the side, Kings or not.
func (g Game) Decompose(s string, opts game.Options) (game.Composition, game.Options, error) {
	if err := game.Validate(g.Options(), opts); err != nil {
		return game.Composition{}, nil, err
	}
	c := game.Composition{Pieces: []game.Placed{}}
	f := strings.Fields(s)
	if len(f) != 2 || (f[1] != "0" && f[1] != "1") {
		return c, nil, errors.New("toy: want board and side to move (0 or 1)")
	}
	rows := strings.Split(f[0], "/")
	if len(rows) != size {
		return c, nil, fmt.Errorf("toy: want %d ranks, got %d", size, len(rows))
	}
	for i, row := range rows {
		if len(row) != size {
			return c, nil, fmt.Errorf("toy: rank %d has %d squares", size-i, len(row))
		}
		for file := 0; file < size; file++ {
			ch := row[file]
			if ch == '.' {
				continue
			}
			if !strings.ContainsRune("KRkr", rune(ch)) {
				return c, nil, fmt.Errorf("toy: bad piece %q", ch)
			}
			c.Pieces = append(c.Pieces, game.Placed{Square: (size-1-i)*size + file, Owner: owner(ch), Letter: string(ch &^ 0x20)})
		}
	}
	c.ToMove = game.Player(f[1][0] - '0')
	return c, opts, nil
}
