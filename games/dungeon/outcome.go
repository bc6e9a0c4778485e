package dungeon

import "wyrm/game"

// Outcome implements game.Position.
func (p *Position) Outcome() game.Outcome {
	var o game.Outcome
	for s := 0; s < p.n; s++ {
		if !p.isLive(s) {
			o.Results[s] = game.Eliminated
		}
	}
	switch {
	case p.toMove < 0:
		o.Over = true
		o.Reason = game.EndKingCaptured
		if p.resigned != 0 {
			o.Reason = game.EndResignation
		}
		var lastOut uint8 // seats that went out in the final action
		if len(p.undo) > 0 {
			lastOut = p.undo[len(p.undo)-1].live &^ p.live
		}
		for s := 0; s < p.n; s++ {
			switch {
			case p.isLive(s):
				o.Results[s] = game.Win
			case p.live == 0 && (lastOut == 0 || lastOut&(1<<s) != 0):
				o.Results[s] = game.Draw
			default:
				o.Results[s] = game.Loss
			}
		}
		if p.live == 0 {
			o.Reason = game.EndKingsRemovedTogether
		}
	case p.quiet >= p.quietLimit() || p.repeated():
		o.Over = true
		o.Reason = game.EndThreefold
		if p.quiet >= p.quietLimit() {
			o.Reason = game.EndQuietRounds
		}
		for s := 0; s < p.n; s++ {
			if p.isLive(s) {
				o.Results[s] = game.Draw
			} else {
				o.Results[s] = game.Loss
			}
		}
	}
	return o
}

// Eliminate implements game.Eliminator: seat pl resigns and leaves the
// game with all its units. With two seats the other wins. It cannot be
// undone, so it also clears the undo history.
//
// The quiet count keeps its share of the limit: the rule counts rounds,
// and a round is now one turn shorter, so the turns counted are scaled to
// the seats left (160 of 200 with four seats become 120 of 150 with
// three, rounded down). Keeping the turns instead would let a resignation
// draw the others' game at once, or cut their remaining rounds short.
func (p *Position) Eliminate(pl game.Player) {
	s := int(pl)
	if s < 0 || s >= p.n || !p.isLive(s) || p.toMove < 0 {
		return
	}
	before := int32(p.liveCount())
	p.eliminate(s)
	p.quiet = p.quiet * int32(p.liveCount()) / before
	p.resigned |= 1 << s
	p.undo, p.removed, p.hashes, p.thrice = p.undo[:0], p.removed[:0], p.hashes[:0], false
	if p.liveCount() <= 1 {
		p.toMove = -1
	} else if int(p.toMove) == s {
		p.toMove = p.nextLive(s)
	}
	p.hash = p.recomputeHash()
}
