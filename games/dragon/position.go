package dragon

import (
	"wyrm/game"
	"wyrm/game/nnue"
)

// Castling right bits.
const (
	castleWK = 1
	castleWQ = 2
	castleBK = 4
	castleBQ = 8
)

// castleKeep[sq] is ANDed into the rights when a move leaves or reaches sq.
var castleKeep [64]uint8

func init() {
	for i := range castleKeep {
		castleKeep[i] = 15
	}
	castleKeep[sqE1] &^= castleWK | castleWQ
	castleKeep[sqH1] &^= castleWK
	castleKeep[sqA1] &^= castleWQ
	castleKeep[sqE8] &^= castleBK | castleBQ
	castleKeep[sqH8] &^= castleBK
	castleKeep[sqA8] &^= castleBQ
}

const (
	sqA1 = 0
	sqB1 = 1
	sqC1 = 2
	sqD1 = 3
	sqE1 = 4
	sqF1 = 5
	sqG1 = 6
	sqH1 = 7
	sqA8 = 56
	sqB8 = 57
	sqC8 = 58
	sqD8 = 59
	sqE8 = 60
	sqF8 = 61
	sqG8 = 62
	sqH8 = 63
)

// undo is what Undo needs beyond the move itself.
type undo struct {
	move     game.Move
	captured uint8
	castle   uint8
	ep       int8
	halfmove int32
	hash     uint64
}

// Position is a Dragon Chess position with its history. It implements
// game.Position and the optional interfaces the engine and the web app use.
type Position struct {
	byType   [8]uint64 // by piece type, both colours
	byColor  [2]uint64
	board    [64]uint8 // piece codes, 0 for empty
	hash     uint64
	side     int
	castle   uint8
	ep       int8 // en-passant target square, -1 when none
	hand     [2]uint8
	halfmove int32
	fullmove int32
	hist     []undo
	// status caches ToMove's verdict for the current state (statusUnknown
	// after every change): the search asks several times per node, and
	// the answer needs a legal-move test and a repetition scan.
	status uint8
	// w is the evaluation's parameter table: the game's own, shared by
	// every position, unless SetWeights gave another.
	w *weights
	// acc holds the network's accumulators, one per perspective, while
	// accOK says they match the board (see nnue.go): only when the
	// weights evaluate with the network.
	acc   [2]nnue.Accumulator
	accOK bool
}

// ToMove's cached verdicts.
const (
	statusUnknown uint8 = iota
	statusPlaying
	statusOver
)

func (p *Position) occ() uint64 { return p.byColor[white] | p.byColor[black] }

func (p *Position) pieces(c, t int) uint64 { return p.byColor[c] & p.byType[t] }

func (p *Position) kingSq(c int) int { return lsb(p.pieces(c, king)) }

func (p *Position) put(pc uint8, sq int) {
	b := sqBB(sq)
	p.board[sq] = pc
	p.byType[pc&7] |= b
	p.byColor[pc>>3] |= b
	if p.accOK {
		p.netPut(pc, sq)
	}
}

func (p *Position) remove(sq int) {
	pc := p.board[sq]
	b := sqBB(sq)
	p.board[sq] = 0
	p.byType[pc&7] &^= b
	p.byColor[pc>>3] &^= b
	if p.accOK {
		p.netRemove(pc, sq)
	}
}

func (p *Position) shift(from, to int) {
	pc := p.board[from]
	b := sqBB(from) | sqBB(to)
	p.board[from] = 0
	p.board[to] = pc
	p.byType[pc&7] ^= b
	p.byColor[pc>>3] ^= b
	if p.accOK {
		p.netShift(pc, from, to)
	}
}

// Play makes m, which must be legal here.
func (p *Position) Play(m game.Move) {
	p.hist = append(p.hist, undo{move: m, castle: p.castle, ep: p.ep, halfmove: p.halfmove, hash: p.hash})
	p.hist[len(p.hist)-1].captured = p.doMove(m)
}

// doMove changes the board, rights, clocks and hash for m and returns the
// captured piece code; Play records what Undo needs, perft copies instead.
func (p *Position) doMove(m game.Move) (captured uint8) {
	us := p.side
	p.status = statusUnknown
	from, to, kind := moveFrom(m), moveTo(m), moveKind(m)
	h := p.hash ^ zSide
	if p.ep >= 0 {
		h ^= zEP[p.ep&7]
		p.ep = -1
	}
	p.halfmove++
	switch kind {
	case kindDrop:
		pc := makePiece(us, dragon)
		p.put(pc, to)
		h ^= zPiece[pc][to] ^ zHand[us][p.hand[us]] ^ zHand[us][p.hand[us]-1]
		if p.accOK {
			p.netHand(us, int(p.hand[us]), false)
		}
		p.hand[us]--
		p.halfmove = 0
	case kindCastle:
		rf, rt := castleRookSquares(to)
		kp, rp := makePiece(us, king), makePiece(us, rook)
		p.shift(from, to)
		p.shift(rf, rt)
		h ^= zPiece[kp][from] ^ zPiece[kp][to] ^ zPiece[rp][rf] ^ zPiece[rp][rt]
	case kindEnPassant:
		capSq := to ^ 8
		pc := p.board[from]
		captured = p.board[capSq]
		p.remove(capSq)
		p.shift(from, to)
		h ^= zPiece[pc][from] ^ zPiece[pc][to] ^ zPiece[captured][capSq]
		p.halfmove = 0
	default:
		pc := p.board[from]
		if captured = p.board[to]; captured != 0 {
			p.remove(to)
			h ^= zPiece[captured][to]
			p.halfmove = 0
		}
		p.shift(from, to)
		h ^= zPiece[pc][from] ^ zPiece[pc][to]
		if pc&7 == pawn {
			p.halfmove = 0
			if kind >= kindPromoKnight {
				np := makePiece(us, kind-kindPromoKnight+knight)
				p.remove(to)
				p.put(np, to)
				h ^= zPiece[pc][to] ^ zPiece[np][to]
			} else if kind == kindDouble && pawnAttacks[us][to^8]&p.pieces(us^1, pawn) != 0 {
				// The field is kept only when an enemy pawn stands beside
				// the arrival square, as the reference engine writes it.
				p.ep = int8(to ^ 8)
				h ^= zEP[to&7]
			}
		}
	}
	if nc := p.castle & castleKeep[from] & castleKeep[to]; nc != p.castle {
		h ^= zCastle[p.castle] ^ zCastle[nc]
		p.castle = nc
	}
	if us == black {
		p.fullmove++
	}
	p.side = us ^ 1
	p.hash = h
	return captured
}

// Undo takes back the last Play.
func (p *Position) Undo() {
	u := &p.hist[len(p.hist)-1]
	m := u.move
	p.status = statusUnknown
	p.side ^= 1
	us := p.side
	from, to, kind := moveFrom(m), moveTo(m), moveKind(m)
	switch kind {
	case kindDrop:
		p.remove(to)
		if p.accOK {
			p.netHand(us, int(p.hand[us]), true)
		}
		p.hand[us]++
	case kindCastle:
		rf, rt := castleRookSquares(to)
		p.shift(to, from)
		p.shift(rt, rf)
	case kindEnPassant:
		p.shift(to, from)
		p.put(u.captured, to^8)
	default:
		if kind >= kindPromoKnight {
			p.remove(to)
			p.put(makePiece(us, pawn), to)
		}
		p.shift(to, from)
		if u.captured != 0 {
			p.put(u.captured, to)
		}
	}
	if us == black {
		p.fullmove--
	}
	p.castle, p.ep, p.halfmove, p.hash = u.castle, u.ep, u.halfmove, u.hash
	p.hist = p.hist[:len(p.hist)-1]
}

// castleRookSquares gives the rook's squares for a king arriving on kingTo.
func castleRookSquares(kingTo int) (from, to int) {
	switch kingTo {
	case sqG1:
		return sqH1, sqF1
	case sqC1:
		return sqA1, sqD1
	case sqG8:
		return sqH8, sqF8
	default:
		return sqA8, sqD8
	}
}
