// Package toygame is a small chess-like game used to test the search, the
// UCI front end and the match runner without depending on the real games.
//
// The board is W×H (at most 8×8) with kings, queens, rooks, bishops and
// knights and no pawns. Two players play by chess rules: a move may not leave
// the own king attacked, no move while in check is mate, no move otherwise is
// stalemate. With three or four players kings may be captured: the owner of
// a captured king is eliminated (their pieces leave the board) and the last
// king standing wins. Threefold repetition and 40 plies without a capture
// are draws.
package toygame

import (
	"errors"
	"fmt"
	"strconv"
	"strings"

	"wyrm/game"
)

// Piece kinds.
const (
	empty = iota
	king
	queen
	rook
	bishop
	knight
)

const kindLetters = ".KQRBN"

var values = [...]int{0, 0, 900, 500, 330, 320}

// quietLimit is the number of plies without a capture that draws.
const quietLimit = 40

// Game is the toy game. Players is 2, 3 or 4; Start returns a fixed start
// position for that number.
type Game struct{}

// Info implements game.Game.
func (Game) Info() game.Info { return game.Info{Name: "toy", Title: "Toy Chess"} }

// Options implements game.Game.
func (Game) Options() []game.Option {
	return []game.Option{{Name: "players", Kind: game.Int, Min: 2, Max: 4, Default: "2"}}
}

// Start implements game.Game.
func (g Game) Start(opts game.Options) (game.Position, error) {
	if err := game.Validate(g.Options(), opts); err != nil {
		return nil, err
	}
	switch opts.Get("players", "2") {
	case "3":
		return Parse("k2q2r2...../......../......../......../......../......../......../K0Q0R0..R1Q1K1 0")
	case "4":
		return Parse("k3r3....r2k2/......../......../......../......../......../......../K0R0....R1K1 0")
	}
	return Parse("r1n1b1q1k1b1n1r1/......../......../......../......../......../......../R0N0B0Q0K0B0N0R0 0")
}

// Parse implements game.Game.
func (Game) Parse(s string, _ game.Options) (game.Position, error) { return Parse(s) }

// Move encoding: from | to<<8 | 1<<16, so that no move is zero.
func mv(from, to int) game.Move { return game.Move(from | to<<8 | 1<<16) }
func mFrom(m game.Move) int     { return int(m & 0xff) }
func mTo(m game.Move) int       { return int(m>>8) & 0xff }

type undo struct {
	m        game.Move
	captured uint8
	quiet    int
	removed  []int // squares of pieces removed by an elimination (rare: allocation allowed)
	removedP []uint8
	elimWho  int8
	hash     uint64
	toMove   int8
}

// Position is a toy position.
type Position struct {
	w, h    int
	n       int
	board   [64]uint8 // kind | owner<<4 ; 0 empty
	toMove  int
	alive   [game.MaxPlayers]bool
	quiet   int
	hash    uint64
	hist    []uint64
	undos   []undo
	nullCnt int
}

var keys [64][game.MaxPlayers][6]uint64
var sideKeys [game.MaxPlayers]uint64

func init() {
	ks := game.NewKeySource(0x70792)
	for sq := range keys {
		for p := range keys[sq] {
			for k := range keys[sq][p] {
				keys[sq][p][k] = ks.Next()
			}
		}
	}
	for i := range sideKeys {
		sideKeys[i] = ks.Next()
	}
}

// Parse reads "<rank H>/.../<rank 1> <to move>": each rank lists squares
// from file a, "." for empty or a letter (KQRBN, any case) and the owner's
// seat digit. The number of players is one more than the highest seat digit
// seen, at least 2.
func Parse(s string) (*Position, error) {
	fields := strings.Fields(s)
	if len(fields) != 2 {
		return nil, errors.New("toy: want '<ranks> <seat to move>'")
	}
	ranks := strings.Split(fields[0], "/")
	p := &Position{h: len(ranks)}
	if p.h < 2 || p.h > 8 {
		return nil, errors.New("toy: 2 to 8 ranks")
	}
	maxSeat := 1
	for i, row := range ranks {
		r := p.h - 1 - i
		f := 0
		for j := 0; j < len(row); {
			if f >= 8 {
				return nil, errors.New("toy: rank too long")
			}
			c := row[j]
			if c == '.' {
				f++
				j++
				continue
			}
			k := strings.IndexByte(kindLetters, upper(c))
			if k <= 0 || j+1 >= len(row) || row[j+1] < '0' || row[j+1] > '3' {
				return nil, fmt.Errorf("toy: bad square %q in rank %q", row[j:], row)
			}
			owner := int(row[j+1] - '0')
			maxSeat = max(maxSeat, owner)
			p.board[r*8+f] = uint8(k | owner<<4)
			f++
			j += 2
		}
		if i == 0 {
			p.w = f
		} else if f != p.w {
			return nil, errors.New("toy: ranks differ in length")
		}
	}
	if p.w < 2 {
		return nil, errors.New("toy: at least 2 files")
	}
	p.n = maxSeat + 1
	tm, err := strconv.Atoi(fields[1])
	if err != nil || tm < 0 || tm >= p.n {
		return nil, fmt.Errorf("toy: bad seat to move %q", fields[1])
	}
	p.toMove = tm
	kings := [game.MaxPlayers]int{}
	for sq, v := range p.board {
		if v != 0 {
			if v&15 == king {
				kings[v>>4]++
			}
			p.hash ^= keys[sq][v>>4][v&15]
		}
	}
	for i := 0; i < p.n; i++ {
		if kings[i] != 1 {
			return nil, fmt.Errorf("toy: seat %d must have exactly one king", i)
		}
		p.alive[i] = true
	}
	p.hash ^= sideKeys[p.toMove]
	p.hist = make([]uint64, 0, 256)
	p.undos = make([]undo, 0, 256)
	return p, nil
}

func upper(c byte) byte {
	if c >= 'a' && c <= 'z' {
		return c - 32
	}
	return c
}

// Players implements game.Position.
func (p *Position) Players() int { return p.n }

// ToMove implements game.Position.
func (p *Position) ToMove() game.Player {
	if p.over() {
		return game.NoPlayer
	}
	return game.Player(p.toMove)
}

// Hash implements game.Position.
func (p *Position) Hash() uint64 { return p.hash }

// Clone implements game.Position.
func (p *Position) Clone() game.Position {
	q := *p
	q.hist = append(make([]uint64, 0, cap(p.hist)), p.hist...)
	q.undos = append(make([]undo, 0, cap(p.undos)), p.undos...)
	return &q
}

func (p *Position) sq(f, r int) int { return r*8 + f }

var kingDirs = [8][2]int{{1, 0}, {-1, 0}, {0, 1}, {0, -1}, {1, 1}, {1, -1}, {-1, 1}, {-1, -1}}
var knightDirs = [8][2]int{{1, 2}, {2, 1}, {-1, 2}, {-2, 1}, {1, -2}, {2, -1}, {-1, -2}, {-2, -1}}

func (p *Position) on(f, r int) bool { return f >= 0 && f < p.w && r >= 0 && r < p.h }

// pseudo appends pseudo-legal moves of seat s; capturesOnly limits to captures.
func (p *Position) pseudo(dst []game.Move, s int, capturesOnly bool) []game.Move {
	for sq := 0; sq < 64; sq++ {
		v := p.board[sq]
		if v == 0 || int(v>>4) != s {
			continue
		}
		f, r := sq%8, sq/8
		k := v & 15
		switch k {
		case king, knight:
			dirs := &kingDirs
			if k == knight {
				dirs = &knightDirs
			}
			for _, d := range dirs {
				tf, tr := f+d[0], r+d[1]
				if !p.on(tf, tr) {
					continue
				}
				t := p.board[p.sq(tf, tr)]
				if t != 0 && int(t>>4) == s || t == 0 && capturesOnly {
					continue
				}
				dst = append(dst, mv(sq, p.sq(tf, tr)))
			}
		default:
			lo, hi := 0, 8
			if k == rook {
				hi = 4
			} else if k == bishop {
				lo = 4
			}
			for _, d := range kingDirs[lo:hi] {
				for tf, tr := f+d[0], r+d[1]; p.on(tf, tr); tf, tr = tf+d[0], tr+d[1] {
					t := p.board[p.sq(tf, tr)]
					if t != 0 {
						if int(t>>4) != s {
							dst = append(dst, mv(sq, p.sq(tf, tr)))
						}
						break
					}
					if !capturesOnly {
						dst = append(dst, mv(sq, p.sq(tf, tr)))
					}
				}
			}
		}
	}
	return dst
}

// attacked reports whether a piece of any seat other than s attacks square t.
func (p *Position) attacked(t, s int) bool {
	f, r := t%8, t/8
	for _, d := range knightDirs {
		tf, tr := f+d[0], r+d[1]
		if p.on(tf, tr) {
			v := p.board[p.sq(tf, tr)]
			if v != 0 && int(v>>4) != s && v&15 == knight {
				return true
			}
		}
	}
	for i, d := range kingDirs {
		for tf, tr, dist := f+d[0], r+d[1], 1; p.on(tf, tr); tf, tr, dist = tf+d[0], tr+d[1], dist+1 {
			v := p.board[p.sq(tf, tr)]
			if v == 0 {
				continue
			}
			if int(v>>4) != s {
				k := v & 15
				if k == queen || k == rook && i < 4 || k == bishop && i >= 4 || k == king && dist == 1 {
					return true
				}
			}
			break
		}
	}
	return false
}

func (p *Position) kingSq(s int) int {
	for sq, v := range p.board {
		if v == uint8(king|s<<4) {
			return sq
		}
	}
	return -1
}

func (p *Position) aliveCount() int {
	c := 0
	for i := 0; i < p.n; i++ {
		if p.alive[i] {
			c++
		}
	}
	return c
}

func (p *Position) repetitions() int {
	c := 0
	for _, h := range p.hist {
		if h == p.hash {
			c++
		}
	}
	return c
}

func (p *Position) over() bool {
	return p.aliveCount() < 2 || p.quiet >= quietLimit || p.repetitions() >= 2
}

// LegalMoves implements game.Position.
func (p *Position) LegalMoves(dst []game.Move) []game.Move {
	if p.over() {
		return dst
	}
	return p.legal(dst, false)
}

func (p *Position) legal(dst []game.Move, capturesOnly bool) []game.Move {
	start := len(dst)
	dst = p.pseudo(dst, p.toMove, capturesOnly)
	if p.n > 2 {
		return dst // kings may be captured; no check rule
	}
	out := dst[:start]
	for _, m := range dst[start:] {
		if p.safeAfter(m) {
			out = append(out, m)
		}
	}
	return out
}

func (p *Position) safeAfter(m game.Move) bool {
	from, to := mFrom(m), mTo(m)
	mover, cap := p.board[from], p.board[to]
	p.board[to], p.board[from] = mover, 0
	k := to
	if mover&15 != king {
		k = p.kingSq(p.toMove)
	}
	ok := !p.attacked(k, p.toMove)
	p.board[from], p.board[to] = mover, cap
	return ok
}

func (p *Position) next(s int) int {
	for i := 1; i <= p.n; i++ {
		t := (s + i) % p.n
		if p.alive[t] {
			return t
		}
	}
	return s
}

// Play implements game.Position.
func (p *Position) Play(m game.Move) {
	from, to := mFrom(m), mTo(m)
	mover, cap := p.board[from], p.board[to]
	u := undo{m: m, captured: cap, quiet: p.quiet, hash: p.hash, toMove: int8(p.toMove), elimWho: -1}
	p.hist = append(p.hist, p.hash)
	s := p.toMove
	p.hash ^= keys[from][s][mover&15] ^ keys[to][s][mover&15] ^ sideKeys[s]
	if cap != 0 {
		p.hash ^= keys[to][cap>>4][cap&15]
		p.quiet = 0
	} else {
		p.quiet++
	}
	p.board[to], p.board[from] = mover, 0
	if cap&15 == king {
		victim := int(cap >> 4)
		p.alive[victim] = false
		u.elimWho = int8(victim)
		for sq, v := range p.board {
			if v != 0 && int(v>>4) == victim {
				u.removed = append(u.removed, sq)
				u.removedP = append(u.removedP, v)
				p.hash ^= keys[sq][victim][v&15]
				p.board[sq] = 0
			}
		}
	}
	p.toMove = p.next(s)
	p.hash ^= sideKeys[p.toMove]
	p.undos = append(p.undos, u)
}

// Undo implements game.Position.
func (p *Position) Undo() {
	u := p.undos[len(p.undos)-1]
	p.undos = p.undos[:len(p.undos)-1]
	p.hist = p.hist[:len(p.hist)-1]
	if u.m == game.NoMove {
		p.toMove, p.hash = int(u.toMove), u.hash
		return
	}
	for i, sq := range u.removed {
		p.board[sq] = u.removedP[i]
	}
	if u.elimWho >= 0 {
		p.alive[u.elimWho] = true
	}
	from, to := mFrom(u.m), mTo(u.m)
	p.board[from], p.board[to] = p.board[to], u.captured
	p.toMove, p.quiet, p.hash = int(u.toMove), u.quiet, u.hash
}

// PlayNull implements game.NullMover.
func (p *Position) PlayNull() {
	p.undos = append(p.undos, undo{hash: p.hash, toMove: int8(p.toMove), quiet: p.quiet})
	p.hist = append(p.hist, p.hash)
	p.hash ^= sideKeys[p.toMove]
	p.toMove = p.next(p.toMove)
	p.hash ^= sideKeys[p.toMove]
}

// UndoNull implements game.NullMover.
func (p *Position) UndoNull() { p.Undo() }

// Outcome implements game.Position.
func (p *Position) Outcome() game.Outcome {
	if p.aliveCount() == 1 {
		for i := 0; i < p.n; i++ {
			if p.alive[i] {
				o := game.Decided(p.n, game.Player(i), "king captured")
				return o
			}
		}
	}
	if p.repetitions() >= 2 {
		return game.Drawn(p.n, "threefold repetition")
	}
	if p.quiet >= quietLimit {
		return game.Drawn(p.n, "quiet-move rule")
	}
	var buf [128]game.Move
	if len(p.legal(buf[:0], false)) > 0 {
		o := game.Outcome{}
		for i := 0; i < p.n; i++ {
			if !p.alive[i] {
				o.Results[i] = game.Eliminated
			}
		}
		return o
	}
	if p.InCheck() {
		return game.Decided(p.n, game.Player(p.next(p.toMove)), "checkmate")
	}
	return game.Drawn(p.n, "stalemate")
}

// String implements game.Position.
func (p *Position) String() string {
	var b strings.Builder
	for r := p.h - 1; r >= 0; r-- {
		for f := 0; f < p.w; f++ {
			v := p.board[p.sq(f, r)]
			if v == 0 {
				b.WriteByte('.')
				continue
			}
			b.WriteByte(kindLetters[v&15])
			b.WriteByte('0' + v>>4)
		}
		if r > 0 {
			b.WriteByte('/')
		}
	}
	fmt.Fprintf(&b, " %d", p.toMove)
	return b.String()
}

func (p *Position) sqName(sq int) string {
	return string(rune('a'+sq%8)) + strconv.Itoa(sq/8+1)
}

// MoveString implements game.Position.
func (p *Position) MoveString(m game.Move) string { return p.sqName(mFrom(m)) + p.sqName(mTo(m)) }

// ParseMove implements game.Position.
func (p *Position) ParseMove(s string) (game.Move, error) {
	var buf [128]game.Move
	for _, m := range p.LegalMoves(buf[:0]) {
		if p.MoveString(m) == s {
			return m, nil
		}
	}
	return game.NoMove, fmt.Errorf("toy: %q is not a legal move", s)
}

// Evaluate implements game.Evaluator: own material minus the strongest
// opponent's, plus a little centralisation, less a rook for every opponent
// beyond the first that is still in the game.
func (p *Position) Evaluate(pl game.Player) int {
	var mat [game.MaxPlayers]int
	for sq, v := range p.board {
		if v == 0 {
			continue
		}
		f, r := sq%8, sq/8
		centre := 6 - abs(2*f-(p.w-1)) - abs(2*r-(p.h-1))
		mat[v>>4] += values[v&15] + centre*2
	}
	best, others := -1<<30, 0
	for i := 0; i < p.n; i++ {
		if i != int(pl) && p.alive[i] {
			best = max(best, mat[i])
			others++
		}
	}
	if best == -1<<30 {
		best = 0
	}
	// Every opponent still in the game is a threat worth a rook.
	return mat[pl] - best - 500*max(others-1, 0)
}

func abs(x int) int {
	if x < 0 {
		return -x
	}
	return x
}

// NoisyMoves implements game.Evaluator: captures.
func (p *Position) NoisyMoves(dst []game.Move) []game.Move {
	if p.over() {
		return dst
	}
	return p.legal(dst, true)
}

// IsNoisy implements game.Evaluator.
func (p *Position) IsNoisy(m game.Move) bool { return p.board[mTo(m)] != 0 }

// Gain implements game.Evaluator: the victim's value, less the mover's
// when the victim is defended (a crude exchange estimate).
func (p *Position) Gain(m game.Move) int {
	v := p.board[mTo(m)]
	if v == 0 {
		return 0
	}
	g := values[v&15]
	if v&15 == king {
		g = 5000
	}
	mover := p.board[mFrom(m)]
	if p.attackedBy(mTo(m), int(v>>4)) {
		g -= values[mover&15]
	}
	return g
}

func (p *Position) attackedBy(t, owner int) bool {
	// A square is defended by owner when some piece of owner attacks it; the
	// attack test looks for "not s" pieces, so ask from every other seat.
	for s := 0; s < p.n; s++ {
		if s != owner && p.alive[s] {
			save := p.board[t]
			p.board[t] = uint8(knight | s<<4)
			a := p.attackedOnlyBy(t, owner)
			p.board[t] = save
			return a
		}
	}
	return false
}

func (p *Position) attackedOnlyBy(t, owner int) bool {
	f, r := t%8, t/8
	for _, d := range knightDirs {
		tf, tr := f+d[0], r+d[1]
		if p.on(tf, tr) {
			v := p.board[p.sq(tf, tr)]
			if v != 0 && int(v>>4) == owner && v&15 == knight {
				return true
			}
		}
	}
	for i, d := range kingDirs {
		for tf, tr, dist := f+d[0], r+d[1], 1; p.on(tf, tr); tf, tr, dist = tf+d[0], tr+d[1], dist+1 {
			v := p.board[p.sq(tf, tr)]
			if v == 0 {
				continue
			}
			if int(v>>4) == owner {
				k := v & 15
				if k == queen || k == rook && i < 4 || k == bishop && i >= 4 || k == king && dist == 1 {
					return true
				}
			}
			break
		}
	}
	return false
}

// InCheck implements game.Evaluator.
func (p *Position) InCheck() bool {
	k := p.kingSq(p.toMove)
	return k >= 0 && p.attacked(k, p.toMove)
}

// Plies returns the number of moves played since the position was parsed.
func (p *Position) Plies() int { return len(p.undos) }
