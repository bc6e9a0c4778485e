package dragonchess

import "wyrm/game"

// drawnByRule names the draw rule that ends the game here ("" when none):
// the 100-move rule or threefold repetition.
func (p *Position) drawnByRule() game.EndReason {
	if p.half >= 100 {
		return game.EndHundredMoveRule
	}
	if p.half >= 8 && p.repetitions() >= 2 {
		return game.EndThreefold
	}
	return ""
}

// repetitions counts earlier occurrences of this position (same side to
// move) since the last capture or pawn-like move.
func (p *Position) repetitions() int {
	n := 0
	h := len(p.hist)
	for back := 2; back <= p.half && back <= h; back += 2 {
		u := &p.hist[h-back]
		if p.hist[h-back+1].null || u.null {
			break
		}
		if u.hash == p.hash {
			n++
		}
	}
	return n
}

// scratch returns an empty reusable move buffer for depth slot d.
func (p *Position) scratch(d int) []game.Move {
	for len(p.bufs) <= d {
		p.bufs = append(p.bufs, make([]game.Move, 0, 512))
	}
	return p.bufs[d][:0]
}

// Outcome reports checkmate (a win), stalemate, the 100-move rule and
// threefold repetition (draws). Mate takes precedence over the draw rules.
func (p *Position) Outcome() game.Outcome {
	if !p.anyLegal() {
		if p.InCheck() {
			return game.Decided(2, game.Player(p.side^1), game.EndCheckmate)
		}
		return game.Drawn(2, game.EndStalemate)
	}
	if why := p.drawnByRule(); why != "" {
		return game.Drawn(2, why)
	}
	return game.Outcome{}
}
