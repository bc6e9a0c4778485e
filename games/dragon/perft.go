package dragon

// Perft counts the leaf nodes of the legal move tree to depth, counting the
// last ply in bulk without playing it. It does not stop at draws by rule,
// like the reference engine's perft.
func (p *Position) Perft(depth int) uint64 {
	if depth <= 0 {
		return 1
	}
	return p.perft(depth)
}

func (p *Position) perft(depth int) uint64 {
	if depth == 1 {
		return uint64(p.countMoves())
	}
	var l moveList
	p.generate(&l)
	var n uint64
	for _, m := range l.moves[:l.n] {
		p.Play(m)
		n += p.perft(depth - 1)
		p.Undo()
	}
	return n
}
