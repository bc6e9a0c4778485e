package toygame

import (
	"fmt"
	"io/fs"

	"wyrm/game"
)

// Normalize implements game.Game.
func (g Game) Normalize(opts game.Options) (game.Options, error) {
	return game.Normalize(g.Options(), opts)
}

// SeatNames implements game.Game: seats by number.
func (g Game) SeatNames(opts game.Options) ([]string, error) {
	o, err := game.Normalize(g.Options(), opts)
	if err != nil {
		return nil, err
	}
	var n int
	fmt.Sscan(o.Get("players", "2"), &n)
	names := make([]string, n)
	for i := range names {
		names[i] = game.SeatNumber(game.Player(i))
	}
	return names, nil
}

// Diagrams implements game.Game: none.
func (Game) Diagrams() []game.Diagram { return nil }

// Game implements game.Position.
func (p *Position) Game() game.Game { return Game{} }

// Geometry implements game.Viewer.
func (p *Position) Geometry() game.Geometry { return game.Geometry{Levels: 1, Files: p.w, Ranks: p.h} }

// Pieces implements game.Viewer.
func (p *Position) Pieces(dst []game.PieceView) []game.PieceView {
	for r := 0; r < p.h; r++ {
		for f := 0; f < p.w; f++ {
			c := p.board[r*8+f]
			if c == 0 {
				continue
			}
			k := c & 15
			dst = append(dst, game.PieceView{Square: r*p.w + f, Owner: game.Player(c >> 4), Letter: kindLetters[k],
				Name: string(kindLetters[k]), Royal: k == king})
		}
	}
	return dst
}

// Hands implements game.Viewer: the toy has none.
func (p *Position) Hands() [game.MaxPlayers]string { return [game.MaxPlayers]string{} }

// DescribeMove implements game.Viewer.
func (p *Position) DescribeMove(m game.Move) game.MoveView {
	from, to := mFrom(m), mTo(m)
	v := game.MoveView{Text: p.MoveString(m), From: from/8*p.w + from%8, To: to/8*p.w + to%8, Target: -1}
	if p.board[to] != 0 {
		v.Target = v.To
	}
	return v
}

// SquareName implements game.Viewer.
func (p *Position) SquareName(sq int) string { return fmt.Sprintf("%c%d", 'a'+sq%p.w, sq/p.w+1) }

// SeatName implements game.Viewer.
func (p *Position) SeatName(s game.Player) string { return game.SeatNumber(s) }

// Eliminate implements game.Eliminator: a seat that leaves a game of three
// or four takes its pieces off the board, and the turn passes on if it
// was its own. It is not undone.
func (p *Position) Eliminate(pl game.Player) {
	victim := int(pl)
	if victim < 0 || victim >= p.n || !p.alive[victim] {
		return
	}
	p.alive[victim] = false
	for sq, v := range p.board {
		if v != 0 && int(v>>4) == victim {
			p.hash ^= keys[sq][victim][v&15]
			p.board[sq] = 0
		}
	}
	if p.toMove == victim {
		p.hash ^= sideKeys[p.toMove]
		p.toMove = p.next(p.toMove)
		p.hash ^= sideKeys[p.toMove]
	}
}

// QuietPlies is the number of plies since the last capture and the count
// that draws. (Not game.QuietCounter: the search's tests compare it with a
// plain minimax that knows nothing of a fading evaluation.)
func (p *Position) QuietPlies() (plies, limit int) { return p.quiet, quietLimit }

// Pictures implements game.Game: letters only.
func (Game) Pictures() fs.FS { return nil }

// HandArt implements game.Viewer: the toy has no hands.
func (p *Position) HandArt(game.Player, byte) string { return "" }
