package dragon

import "wyrm/game"

// Outcome reports mate, stalemate and the draws by rule.
func (p *Position) Outcome() game.Outcome {
	if !p.hasLegalMove() {
		if p.inCheck() {
			return game.Decided(2, game.Player(p.side^1), game.EndCheckmate)
		}
		return game.Drawn(2, game.EndStalemate)
	}
	if r := p.drawnByRule(); r != "" {
		return game.Drawn(2, r)
	}
	return game.Outcome{}
}

// drawn reports whether a draw by rule ends the game here, trusting a
// cached "still playing" from ToMove.
func (p *Position) drawn() bool {
	return p.status != statusPlaying && p.drawnByRule() != ""
}

// drawnByRule names the draw by rule that ends the game here, or "".
// Mate on the move that reaches the fiftieth move still counts as mate,
// which Outcome checks first.
func (p *Position) drawnByRule() game.EndReason {
	switch {
	case p.halfmove >= 100:
		return game.EndFiftyMoveRule
	case p.repetitions() >= 3:
		return game.EndThreefold
	case p.insufficientMaterial():
		return game.EndInsufficientMaterial
	}
	return ""
}

// repetitions counts how often the current position has occurred, itself
// included, since the last irreversible move.
func (p *Position) repetitions() int {
	n := 1
	h := len(p.hist)
	for i := 2; i <= int(p.halfmove) && i <= h; i += 2 {
		if p.hist[h-i].hash == p.hash {
			n++
		}
	}
	return n
}

// insufficientMaterial: no side can ever mate. Only kings and at most one
// minor piece, or kings and bishops all on squares of one colour; never
// while a Dragon waits in either hand.
func (p *Position) insufficientMaterial() bool {
	if p.hand[white]|p.hand[black] != 0 ||
		p.byType[pawn]|p.byType[rook]|p.byType[queen]|p.byType[dragon] != 0 {
		return false
	}
	minors := p.byType[knight] | p.byType[bishop]
	if popcount(minors) <= 1 {
		return true
	}
	const darkSquares uint64 = 0xAA55AA55AA55AA55
	return p.byType[knight] == 0 && (minors&darkSquares == 0 || minors&^darkSquares == 0)
}
