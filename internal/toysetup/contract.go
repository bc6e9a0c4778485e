package toysetup

import (
	"embed"
	"io/fs"
	"strings"

	"wyrm/game"
)

// Normalize implements game.Game.
func (g Game) Normalize(opts game.Options) (game.Options, error) {
	return game.Normalize(g.Options(), opts)
}

// SeatNames implements game.Game.
func (g Game) SeatNames(opts game.Options) ([]string, error) {
	if err := game.Validate(g.Options(), opts); err != nil {
		return nil, err
	}
	return []string{"South", "North"}, nil
}

// Diagrams implements game.Game: the King and the Rook.
func (Game) Diagrams() []game.Diagram {
	return []game.Diagram{{Letter: 'K', Position: "....k/...../..K../...../..... 0"},
		{Letter: 'R', Position: "....k/...../..R../...../K.... 0", Note: "A Rook slides along ranks and files."}}
}

// Check implements game.Setup.
func (s *Setup) Check(p game.Player, choice string) (string, error) {
	c := *s
	if err := c.Submit(p, choice); err != nil {
		return "", err
	}
	return "King on " + strings.TrimSpace(choice), nil
}

// Help implements game.Setup: the back rank is the zone.
func (s *Setup) Help(p game.Player) game.SetupHelp {
	h := game.SetupHelp{Text: "Place your King on your back rank."}
	if p >= 0 && p < 2 && s.kings[p] < 0 {
		h.Place = []string{"K"}
		h.Units = []game.UnitHelp{{Letter: "K", Name: "King", Role: "King", Art: []string{"south-king", "north-king"}[p]}}
	}
	for f := range size {
		h.Zone = append(h.Zone, int(p)*(size-1)*size+f)
	}
	return h
}

// Board implements game.Setup: the empty board with p's King once placed.
func (s *Setup) Board(p game.Player) game.Board {
	b := &Pos{}
	for i := range b.board {
		b.board[i] = '.'
	}
	if p >= 0 && p < 2 && s.kings[p] >= 0 {
		b.board[s.kings[p]] = "Kk"[p]
	}
	return b
}

// SeatName implements game.Setup.
func (s *Setup) SeatName(p game.Player) string { return []string{"South", "North"}[p] }

// Game implements game.Position.
func (p *Pos) Game() game.Game { return Game{} }

// SeatName implements game.Viewer.
func (p *Pos) SeatName(s game.Player) string { return []string{"South", "North"}[s] }

// Evaluate implements game.Evaluator: material.
func (p *Pos) Evaluate(pl game.Player) int {
	v := 0
	for _, c := range p.board {
		if c == 'R' || c == 'r' {
			if owner(c) == pl {
				v += 500
			} else {
				v -= 500
			}
		}
	}
	return v
}

// NoisyMoves implements game.Evaluator: captures.
func (p *Pos) NoisyMoves(dst []game.Move) []game.Move {
	for _, m := range p.LegalMoves(nil) {
		if p.IsNoisy(m) {
			dst = append(dst, m)
		}
	}
	return dst
}

// IsNoisy implements game.Evaluator.
func (p *Pos) IsNoisy(m game.Move) bool { _, to := decode(m); return p.board[to] != '.' }

// Gain implements game.Evaluator.
func (p *Pos) Gain(m game.Move) int {
	if _, to := decode(m); p.board[to] == 'R' || p.board[to] == 'r' {
		return 500
	}
	return 0
}

// InCheck implements game.Evaluator: the King of the side to move stands
// on an enemy Rook's open line or beside the enemy King.
func (p *Pos) InCheck() bool {
	k := byte('K')
	if p.side == 1 {
		k = 'k'
	}
	at := strings.IndexByte(string(p.board[:]), k)
	if at < 0 {
		return false
	}
	for _, d := range [][2]int{{1, 0}, {-1, 0}, {0, 1}, {0, -1}, {1, 1}, {1, -1}, {-1, 1}, {-1, -1}} {
		f, r := at%size, at/size
		for step := 1; ; step++ {
			f, r = f+d[0], r+d[1]
			if f < 0 || f >= size || r < 0 || r >= size {
				break
			}
			c := p.board[r*size+f]
			if c == '.' {
				continue
			}
			enemy := owner(c) != p.side
			rook := (c == 'R' || c == 'r') && (d[0] == 0 || d[1] == 0)
			king := (c == 'K' || c == 'k') && step == 1
			if enemy && (rook || king) {
				return true
			}
			break
		}
	}
	return false
}

//go:embed pictures/*.svg
var pictures embed.FS

// Pictures implements game.Game: a King and a Rook for each side, so that
// the web app's picture path is tested with a game of its own.
func (Game) Pictures() fs.FS {
	sub, err := fs.Sub(pictures, "pictures")
	if err != nil {
		panic(err)
	}
	return sub
}

// HandArt implements game.Viewer: the toy has no hands.
func (p *Pos) HandArt(game.Player, byte) string { return "" }
