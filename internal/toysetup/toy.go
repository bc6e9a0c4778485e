// Package toygame is a tiny two-player game on a 5x5 board (kings and rooks,
// capture the king to win) that implements the whole game contract the
// server uses, so the server and the web app can be tested before and
// independently of the real games.
package toysetup

import (
	"errors"
	"fmt"
	"strings"

	"wyrm/game"
)

const size = 5

// Game is the toy game. With option "setup" true it has a deploy stage in
// which each seat names its king's square on its back rank.
type Game struct{}

// Info implements game.Game.
func (Game) Info() game.Info { return game.Info{Name: "toy", Title: "Toy Chess", Variant: "toy"} }

// Options implements game.Game.
func (Game) Options() []game.Option {
	return []game.Option{{Name: "setup", Description: "Each side places its king first", Kind: game.Bool, Default: "false"}}
}

// Start implements game.Game.
func (Game) Start(opts game.Options) (game.Position, error) {
	if err := game.Validate(Game{}.Options(), opts); err != nil {
		return nil, err
	}
	return Game{}.Parse("r.k.r/...../...../...../R.K.R 0", opts)
}

// Parse implements game.Game: five ranks from the top separated by '/',
// then the seat to move.
func (Game) Parse(s string, _ game.Options) (game.Position, error) {
	f := strings.Fields(s)
	if len(f) != 2 {
		return nil, errors.New("toy: want board and side to move")
	}
	rows := strings.Split(f[0], "/")
	if len(rows) != size {
		return nil, fmt.Errorf("toy: want %d ranks, got %d", size, len(rows))
	}
	p := &Pos{}
	for i, row := range rows {
		if len(row) != size {
			return nil, fmt.Errorf("toy: rank %d has %d squares", size-i, len(row))
		}
		for file := 0; file < size; file++ {
			c := row[file]
			if c != '.' && !strings.ContainsRune("KRkr", rune(c)) {
				return nil, fmt.Errorf("toy: bad piece %q", c)
			}
			p.board[(size-1-i)*size+file] = c
		}
	}
	switch f[1] {
	case "0":
	case "1":
		p.side = 1
	default:
		return nil, fmt.Errorf("toy: bad side %q", f[1])
	}
	for i, k := range "Kk" {
		if n := strings.Count(string(p.board[:]), string(k)); n != 1 {
			return nil, fmt.Errorf("toy: %s has %d Kings, want 1", p.SeatName(game.Player(i)), n)
		}
	}
	return p, nil
}

// NewSetup implements game.SetupGame. Without option "setup" the setup is
// already finished.
func (Game) NewSetup(opts game.Options) (game.Setup, error) {
	if err := game.Validate(Game{}.Options(), opts); err != nil {
		return nil, err
	}
	s := &Setup{kings: [2]int{-1, -1}}
	if !opts.Bool("setup") {
		s.kings = [2]int{2, 22}
	}
	return s, nil
}

// Setup is the deploy stage: each seat places its king on its back rank.
type Setup struct{ kings [2]int }

// Stage implements game.Setup.
func (s *Setup) Stage() string {
	if len(s.Waiting()) > 0 {
		return "deploy"
	}
	return ""
}

// Waiting implements game.Setup.
func (s *Setup) Waiting() []game.Player {
	var w []game.Player
	for i, k := range s.kings {
		if k < 0 {
			w = append(w, game.Player(i))
		}
	}
	return w
}

// Submit implements game.Setup.
func (s *Setup) Submit(p game.Player, choice string) error {
	if p < 0 || p > 1 || s.kings[p] >= 0 {
		return fmt.Errorf("seat %d has nothing to place", p)
	}
	sq, err := parseSquare(strings.TrimSpace(choice))
	if err != nil {
		return err
	}
	rank := 0
	if p == 1 {
		rank = size - 1
	}
	if sq/size != rank {
		return fmt.Errorf("the king must stand on rank %d", rank+1)
	}
	s.kings[p] = sq
	return nil
}

// Suggest proposes a valid choice for p, for computer seats.
func (s *Setup) Suggest(p game.Player) (string, error) {
	return squareName(2 + int(p)*(size-1)*size), nil
}

// Visible implements game.Setup.
func (s *Setup) Visible(p game.Player) string {
	if s.kings[p] >= 0 {
		return "Your king stands on " + squareName(s.kings[p]) + "."
	}
	return "Place your king on your back rank, e.g. c1 or c5."
}

// Position implements game.Setup.
func (s *Setup) Position() (game.Position, error) {
	if s.Stage() != "" {
		return nil, errors.New("setup not finished")
	}
	p := &Pos{}
	for i := range p.board {
		p.board[i] = '.'
	}
	p.board[0], p.board[4], p.board[20], p.board[24] = 'R', 'R', 'r', 'r'
	p.board[s.kings[0]], p.board[s.kings[1]] = 'K', 'k'
	return p, nil
}

// Pos is a toy position.
type Pos struct {
	board   [size * size]byte
	side    game.Player
	history []undo
}

type undo struct {
	m        game.Move
	captured byte
}

func owner(c byte) game.Player {
	switch {
	case c == '.':
		return game.NoPlayer
	case c >= 'a':
		return 1
	}
	return 0
}

func encode(from, to int) game.Move { return game.Move(from*64 + to + 1) }
func decode(m game.Move) (int, int) { return int(m-1) / 64, int(m-1) % 64 }

// Players implements game.Position.
func (p *Pos) Players() int { return 2 }

// ToMove implements game.Position.
func (p *Pos) ToMove() game.Player {
	if p.Outcome().Over {
		return game.NoPlayer
	}
	return p.side
}

// LegalMoves implements game.Position.
func (p *Pos) LegalMoves(dst []game.Move) []game.Move {
	if p.Outcome().Over {
		return dst
	}
	for from, c := range p.board {
		if owner(c) != p.side {
			continue
		}
		for _, d := range [][2]int{{1, 0}, {-1, 0}, {0, 1}, {0, -1}, {1, 1}, {1, -1}, {-1, 1}, {-1, -1}} {
			if (c == 'R' || c == 'r') && d[0] != 0 && d[1] != 0 {
				continue
			}
			f, r := from%size, from/size
			for {
				f, r = f+d[0], r+d[1]
				if f < 0 || f >= size || r < 0 || r >= size {
					break
				}
				to := r*size + f
				if owner(p.board[to]) == p.side {
					break
				}
				dst = append(dst, encode(from, to))
				if p.board[to] != '.' || c == 'K' || c == 'k' {
					break
				}
			}
		}
	}
	return dst
}

// Play implements game.Position.
func (p *Pos) Play(m game.Move) {
	from, to := decode(m)
	p.history = append(p.history, undo{m, p.board[to]})
	p.board[to], p.board[from] = p.board[from], '.'
	p.side = 1 - p.side
}

// Undo implements game.Position.
func (p *Pos) Undo() {
	u := p.history[len(p.history)-1]
	p.history = p.history[:len(p.history)-1]
	from, to := decode(u.m)
	p.board[from], p.board[to] = p.board[to], u.captured
	p.side = 1 - p.side
}

// Hash implements game.Position.
func (p *Pos) Hash() uint64 {
	var h uint64 = 14695981039346656037
	for _, c := range p.board {
		h = (h ^ uint64(c)) * 1099511628211
	}
	return h ^ uint64(p.side)
}

// Outcome implements game.Position.
func (p *Pos) Outcome() game.Outcome {
	var kings [2]bool
	for _, c := range p.board {
		if c == 'K' {
			kings[0] = true
		} else if c == 'k' {
			kings[1] = true
		}
	}
	switch {
	case !kings[0]:
		return game.Decided(2, 1, "king captured")
	case !kings[1]:
		return game.Decided(2, 0, "king captured")
	case len(p.history) >= 200:
		return game.Drawn(2, "move limit")
	}
	return game.Outcome{}
}

// String implements game.Position.
func (p *Pos) String() string {
	var b strings.Builder
	for r := size - 1; r >= 0; r-- {
		b.Write(p.board[r*size : r*size+size])
		if r > 0 {
			b.WriteByte('/')
		}
	}
	fmt.Fprintf(&b, " %d", p.side)
	return b.String()
}

// MoveString implements game.Position.
func (p *Pos) MoveString(m game.Move) string {
	from, to := decode(m)
	return squareName(from) + squareName(to)
}

// SAN writes a move as piece letter, x for captures, destination.
func (p *Pos) SAN(m game.Move) string {
	from, to := decode(m)
	s := string(p.board[from] &^ 0x20)
	if p.board[to] != '.' {
		s += "x"
	}
	return s + squareName(to)
}

// ParseMove implements game.Position.
func (p *Pos) ParseMove(s string) (game.Move, error) {
	for _, m := range p.LegalMoves(nil) {
		if p.MoveString(m) == s || p.SAN(m) == s {
			return m, nil
		}
	}
	return game.NoMove, fmt.Errorf("%q is not a legal move here", s)
}

// Clone implements game.Position.
func (p *Pos) Clone() game.Position {
	c := *p
	c.history = append([]undo(nil), p.history...)
	return &c
}

// Geometry implements game.Viewer.
func (p *Pos) Geometry() game.Geometry {
	return game.Geometry{Levels: 1, Files: size, Ranks: size, LevelNames: []string{"Board"}}
}

// Pieces implements game.Viewer.
func (p *Pos) Pieces(dst []game.PieceView) []game.PieceView {
	for sq, c := range p.board {
		if c == '.' {
			continue
		}
		name := "King"
		if c == 'R' || c == 'r' {
			name = "Rook"
		}
		dst = append(dst, game.PieceView{Square: sq, Owner: owner(c), Letter: c &^ 0x20, Name: name, Royal: name == "King", Art: []string{"south-", "north-"}[owner(c)] + strings.ToLower(name)})
	}
	return dst
}

// Hands implements game.Viewer.
func (p *Pos) Hands() [game.MaxPlayers]string { return [game.MaxPlayers]string{} }

// DescribeMove implements game.Viewer.
func (p *Pos) DescribeMove(m game.Move) game.MoveView {
	from, to := decode(m)
	v := game.MoveView{Text: p.MoveString(m), From: from, To: to, Target: -1}
	if p.board[to] != '.' {
		v.Target = to
	}
	return v
}

// SquareName implements game.Viewer.
func (p *Pos) SquareName(sq int) string { return squareName(sq) }

func squareName(sq int) string { return fmt.Sprintf("%c%d", 'a'+sq%size, sq/size+1) }

func parseSquare(s string) (int, error) {
	if len(s) != 2 || s[0] < 'a' || s[0] >= 'a'+size || s[1] < '1' || s[1] >= '1'+size {
		return 0, fmt.Errorf("%q is not a square a1..e5", s)
	}
	return int(s[1]-'1')*size + int(s[0]-'a'), nil
}
