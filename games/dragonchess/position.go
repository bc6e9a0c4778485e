package dragonchess

import (
	"wyrm/game"
)

// maxPieces bounds the pieces of one colour (42 at the start).
const maxPieces = 64

// undo is what Undo needs to take a move back.
type undo struct {
	hash     uint64
	m        game.Move
	half     int32
	ep       uint16
	moved    uint8 // the mover's code before the move
	captured uint8 // the captured piece's code, 0 when none
	capIdx   uint8 // the captured piece's place in its piece list
	null     bool
}

// Position is a Dragonchess position with its history. It implements
// game.Position, game.NullMover and game.Perfter.
type Position struct {
	b [boardLen]uint8
	// status caches ToMove's verdict until the next Play, Undo or null
	// move: the search asks several times per node, and the answer needs
	// a legal-move test and a repetition scan. It sits in the padding
	// after b, so that the table pointer w costs the struct no size.
	status uint8
	occ    [2]bitset // squares of each colour's pieces
	list   [2][maxPieces]uint16
	n      [2]int
	at     [nSq]uint8
	king   [2]int
	side   int
	half   int
	full   int
	ep     int // square of a Dragon that may be captured en passant, noSq if none
	hash   uint64
	r      *rules
	hist   []undo
	mark   [boardLen]uint32
	stamp  uint32
	// bufs are per-depth move buffers for Perft and scratch use.
	bufs [][]game.Move
	// w is the evaluation's parameter table: the game's own, shared by
	// every position, unless SetWeights gave another.
	w *weights
}

// ToMove's cached verdicts.
const (
	statusUnknown uint8 = iota
	statusPlaying
	statusOver
)

func newPosition(r *rules) *Position {
	p := &Position{r: r, ep: noSq, full: 1, w: defaultWeights}
	p.king = [2]int{-1, -1}
	p.hist = make([]undo, 0, 256)
	return p
}

// put places piece pc on an empty square (setup only).
func (p *Position) put(pc uint8, sq int) {
	c := colourOf(pc)
	p.b[sq] = pc
	p.occ[c].set(sq)
	p.at[sq] = uint8(p.n[c])
	p.list[c][p.n[c]] = uint16(sq)
	p.n[c]++
	p.hash ^= zPiece[pc][sq]
	if kindOf(pc) == king {
		p.king[c] = sq
	}
}

func (p *Position) removeAt(c, sq int) uint8 {
	i := p.at[sq]
	last := p.n[c] - 1
	lsq := p.list[c][last]
	p.list[c][i] = lsq
	p.at[lsq] = i
	p.n[c] = last
	return i
}

func (p *Position) restoreAt(c, sq int, i uint8) {
	lsq := p.list[c][i]
	p.list[c][p.n[c]] = lsq
	p.at[lsq] = uint8(p.n[c])
	p.n[c]++
	p.list[c][i] = uint16(sq)
	p.at[sq] = i
}

// Players is always 2: Gold (seat 0) and Scarlet (seat 1).
func (p *Position) Players() int { return 2 }

// Game is Dragonchess.
func (p *Position) Game() game.Game { return Game }

// ToMove is the side to move, or game.NoPlayer when the game is over.
func (p *Position) ToMove() game.Player {
	if p.status == statusUnknown {
		p.status = statusPlaying
		if p.drawnByRule() != "" || !p.anyLegal() {
			p.status = statusOver
		}
	}
	if p.status == statusOver {
		return game.NoPlayer
	}
	return game.Player(p.side)
}

// Hash identifies the board, the side to move and any en-passant right;
// reversed Dwarves are distinct pieces and so hashed too.
func (p *Position) Hash() uint64 { return p.hash }

// Play makes a move returned by LegalMoves.
func (p *Position) Play(m game.Move) {
	from, to := int(m&511), int(m>>9&511)
	us := p.side
	them := us ^ 1
	p.status = statusUnknown
	p.hist = append(p.hist, undo{hash: p.hash, m: m, half: int32(p.half), ep: uint16(p.ep)})
	u := &p.hist[len(p.hist)-1]
	h := p.hash
	if p.ep != noSq {
		h ^= zEp[p.ep]
		p.ep = noSq
	}
	if m&afarBit != 0 {
		v := p.b[to]
		u.captured = v
		u.moved = p.b[from]
		u.capIdx = p.removeAt(them, to)
		p.b[to] = 0
		p.occ[them][to>>6] ^= 1 << (to & 63)
		h ^= zPiece[v][to]
		p.half = 0
	} else {
		pc := p.b[from]
		cp := p.b[to]
		u.moved, u.captured = pc, cp
		if cp != 0 {
			u.capIdx = p.removeAt(them, to)
			p.occ[them][to>>6] ^= 1 << (to & 63)
			h ^= zPiece[cp][to]
		}
		p.occ[us][from>>6] ^= 1 << (from & 63)
		p.occ[us][to>>6] ^= 1 << (to & 63)
		np := p.r.promoted[pc][to]
		p.b[from] = 0
		p.b[to] = np
		i := p.at[from]
		p.list[us][i] = uint16(to)
		p.at[to] = i
		h ^= zPiece[pc][from] ^ zPiece[np][to]
		k := kindOf(pc)
		if k == king {
			p.king[us] = to
		}
		if cp != 0 || isPawnKind(k) {
			p.half = 0
		} else {
			p.half++
		}
		if k == dragon && kindOf(cp) == sylph && p.epTrigger(from, to, them) {
			p.ep = to
			h ^= zEp[to]
		}
	}
	p.side = them
	if us == scarlet {
		p.full++
	}
	p.hash = h ^ zSide
}

// epTrigger reports whether a Dragon capturing, from from, a Sylph of
// colour c on to opens an en-passant capture under the chosen variants.
func (p *Position) epTrigger(from, to, c int) bool {
	v := p.r.v
	if v.has(vEnPassant1) && p.r.epHome[c][to] {
		return true
	}
	if v.has(vEnPassant2) {
		df, dr := fileOf(to)-fileOf(from), rankOf(to)-rankOf(from)
		if df < 0 {
			df = -df
		}
		// The Dragon came along a diagonal from the side the Sylph moves to.
		return df != 0 && (dr == df || dr == -df) && -dr*forward(c) > 0
	}
	return false
}

// Undo takes back the last Play or PlayNull.
func (p *Position) Undo() {
	n := len(p.hist) - 1
	u := &p.hist[n]
	p.hist = p.hist[:n]
	p.status = statusUnknown
	p.side ^= 1
	us := p.side
	if us == scarlet {
		p.full--
	}
	p.hash, p.half, p.ep = u.hash, int(u.half), int(u.ep)
	if u.null {
		return
	}
	m := u.m
	from, to := int(m&511), int(m>>9&511)
	if m&afarBit != 0 {
		p.b[to] = u.captured
		p.occ[us^1][to>>6] ^= 1 << (to & 63)
		p.restoreAt(us^1, to, u.capIdx)
		return
	}
	p.b[from] = u.moved
	p.b[to] = u.captured
	p.occ[us][from>>6] ^= 1 << (from & 63)
	p.occ[us][to>>6] ^= 1 << (to & 63)
	i := p.at[to]
	p.list[us][i] = uint16(from)
	p.at[from] = i
	if kindOf(u.moved) == king {
		p.king[us] = from
	}
	if u.captured != 0 {
		p.occ[us^1][to>>6] ^= 1 << (to & 63)
		p.restoreAt(us^1, to, u.capIdx)
	}
}

// PlayNull passes the turn (for null-move pruning).
func (p *Position) PlayNull() {
	p.status = statusUnknown
	p.hist = append(p.hist, undo{hash: p.hash, half: int32(p.half), ep: uint16(p.ep), null: true})
	if p.ep != noSq {
		p.hash ^= zEp[p.ep]
		p.ep = noSq
	}
	if p.side == scarlet {
		p.full++
	}
	p.side ^= 1
	p.hash ^= zSide
	p.half++
}

// UndoNull takes back PlayNull.
func (p *Position) UndoNull() { p.Undo() }

// Clone returns an independent copy, history included.
func (p *Position) Clone() game.Position {
	q := *p
	q.hist = append(make([]undo, 0, cap(p.hist)), p.hist...)
	q.bufs = nil
	return &q
}
