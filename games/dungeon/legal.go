package dungeon

import "wyrm/game"

// testEveryMove turns off the shortcuts (danger lines, board-only trials),
// so tests can check them against Play and Undo on every move.
var testEveryMove = false

// over reports whether no further move may be played.
func (p *Position) over() bool {
	return p.toMove < 0 || p.quiet >= p.quietLimit() || p.repeated()
}

// repeated reports whether the current position has occurred three times
// with the same seat to move.
func (p *Position) repeated() bool { return p.thrice }

// countRepeats works out repeated after a Play. Only positions since the
// last capture can match, and the seat to move is part of the hash.
func (p *Position) countRepeats() bool {
	if p.quiet < 4 {
		return false
	}
	n := min(int(p.quiet), len(p.hashes))
	count := 1
	for i := len(p.hashes) - 1; i >= len(p.hashes)-n; i-- {
		if p.hashes[i] == p.hash {
			count++
			if count >= 3 {
				return true
			}
		}
	}
	return false
}

// LegalMoves implements game.Position: the actions (moves, captures and
// hexes) the units allow that keep the mover's King out of check; all of
// them when none does (the check rule is lifted); a pass when the units
// allow nothing.
func (p *Position) LegalMoves(dst []game.Move) []game.Move {
	if p.over() {
		return dst
	}
	base := len(dst)
	dst = p.pseudo(dst, false)
	if len(dst) == base {
		return append(dst, passMove)
	}
	return p.filter(dst, base)
}

// filter keeps the moves in dst[base:] that obey the check rule, or all of
// them when none does.
func (p *Position) filter(dst []game.Move, base int) []game.Move {
	dst, _ = p.keepSafe(dst, base)
	return dst
}

// keepSafe keeps the moves in dst[base:] that obey the check rule and
// reports whether any did; when none does it leaves dst as it was.
func (p *Position) keepSafe(dst []game.Move, base int) ([]game.Move, bool) {
	s := int(p.toMove)
	k := p.kingSq(s)
	if k < 0 {
		return dst, true
	}
	var dz danger
	if testEveryMove || p.inCheck(s) || (p.live3() && p.nearEnemyDemonics(s, k)) {
		dz.all = true
	} else {
		p.findDanger(s, k, &dz)
	}
	w := base
	for i := base; i < len(dst); i++ {
		mv := dst[i]
		if p.needsTest(mv, k, &dz) && !p.safeAfter(mv, s) {
			continue
		}
		dst[w] = mv
		w++
	}
	if w == base {
		return dst, false
	}
	return dst[:w], true
}

// safeAfter plays mv and reports whether seat s's King is then neither
// gone nor in check.
func (p *Position) safeAfter(mv game.Move, s int) bool {
	if !testEveryMove {
		switch mType(mv) {
		case mtMove:
			if ok, done := p.trialOnBoard(mv, s); done {
				return ok
			}
		case mtHex:
			return p.trialHex(mv, s)
		}
	}
	p.Play(mv)
	ok := !p.inCheck(s)
	p.Undo()
	return ok
}

// InCheck implements game.Evaluator.
func (p *Position) InCheck() bool {
	if p.toMove < 0 {
		return false
	}
	return p.inCheck(int(p.toMove))
}
