package dragon

import "wyrm/game"

// nullMove marks a passed turn in the history; it is never legal.
const nullMove = game.Move(15 << 12)

// PlayNull passes the turn (for null-move pruning). The halfmove clock is
// zeroed so that repetition checks never look across a null move.
func (p *Position) PlayNull() {
	p.hist = append(p.hist, undo{move: nullMove, castle: p.castle, ep: p.ep, halfmove: p.halfmove, hash: p.hash})
	p.status = statusUnknown
	h := p.hash ^ zSide
	if p.ep >= 0 {
		h ^= zEP[p.ep&7]
		p.ep = -1
	}
	p.halfmove = 0
	p.side ^= 1
	p.hash = h
}

// UndoNull takes back PlayNull.
func (p *Position) UndoNull() {
	u := &p.hist[len(p.hist)-1]
	p.status = statusUnknown
	p.side ^= 1
	p.ep, p.halfmove, p.hash = u.ep, u.halfmove, u.hash
	p.hist = p.hist[:len(p.hist)-1]
}
