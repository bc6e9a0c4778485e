package dragonchess

import "wyrm/game"

// Perft counts the leaf nodes of the legal move tree to depth, counting the
// last ply in bulk.
func (p *Position) Perft(depth int) uint64 {
	if depth <= 0 {
		return 1
	}
	return p.perft(depth)
}

func (p *Position) perft(depth int) uint64 {
	if p.half >= 8 && p.drawnByRule() != "" || p.half >= 100 {
		return 0
	}
	if depth == 1 {
		return uint64(p.countMoves())
	}
	moves := p.generate(p.scratch(depth), false)
	var n uint64
	for _, m := range moves {
		p.Play(m)
		n += p.perft(depth - 1)
		p.Undo()
	}
	return n
}

var _ game.Perfter = (*Position)(nil)
