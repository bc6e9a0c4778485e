package dragonchess

import (
	"math/bits"

	"wyrm/game"
)

// testEveryMove makes generate test every move by making it, as a
// reference for tests of the shortcut.
var testEveryMove = false

// mustTest reports whether the moves of the piece pc of colour us on from
// must be made and tested: when in check (check), when it is a lone blocker
// in front of an attacker (marked by analyze), when it is the King, and
// when it is a Basilisk freezing an enemy piece that its leaving would free.
func (p *Position) mustTest(check bool, pc uint8, from, us int) bool {
	if check || p.mark[from] == p.stamp {
		return true
	}
	switch kindOf(pc) {
	case king:
		return true
	case basilisk:
		above := p.b[from+perLevel]
		return above != 0 && int(above&1) != us
	}
	return false
}

// generate appends the legal moves of the side to move in table order
// (piece by piece, each piece's targets as the move tables list them),
// ignoring the draw rules; with noisy only captures and promotions.
func (p *Position) generate(dst []game.Move, noisy bool) []game.Move {
	us := p.side
	r := p.r
	check := p.analyze() || testEveryMove
	st := p.stamp
	frozenBy := code(basilisk, us^1)
	n := p.n[us]
	for j := 0; j < n; j++ {
		from := int(p.list[us][j])
		pc := p.b[from]
		if p.b[r.below[from]] == frozenBy {
			continue
		}
		test := p.mustTest(check, pc, from, us)
		es := r.moveList[pc][from]
		for i := 0; i < len(es); i++ {
			e := es[i]
			t := p.b[e.to()]
			if t == 0 {
				if e.mode() == modeCapture || p.b[e.cond()] != 0 || noisy && r.promoted[pc][e.to()] == pc {
					continue
				}
				m := game.Move(uint32(from) | e.bits())
				if !test || p.safeAfter(m) {
					dst = append(dst, m)
				}
				continue
			}
			i += e.skip()
			if int(t&1) != us && e.mode() != modeMove && p.b[e.cond()] == 0 {
				m := game.Move(uint32(from) | e.bits())
				if !(test || e.bits()&afarBit != 0 && p.mark[e.to()] == st) || p.safeAfter(m) {
					dst = append(dst, m)
				}
			}
		}
	}
	if p.ep != noSq {
		for j := 0; j < n; j++ {
			if m, ok := p.epCapture(int(p.list[us][j])); ok {
				dst = append(dst, m)
			}
		}
	}
	return dst
}

// countMoves counts the legal moves (perft's last ply), ignoring the draw
// rules. Steps and jumps come from bit sets and are counted by popcount
// when no move of the piece needs testing; lines and conditional moves come
// from entries.
func (p *Position) countMoves() int {
	us := p.side
	r := p.r
	check := p.analyze() || testEveryMove
	st := p.stamp
	frozenBy := code(basilisk, us^1)
	own, opp := &p.occ[us], &p.occ[us^1]
	cnt := 0
	n := p.n[us]
	for j := 0; j < n; j++ {
		from := int(p.list[us][j])
		pc := p.b[from]
		if p.b[r.below[from]] == frozenBy {
			continue
		}
		test := p.mustTest(check, pc, from, us)
		ls := &r.leap[pc][from]
		for w := int(ls.lo); w <= int(ls.hi); w++ {
			t := ls.both[w]&^own[w] | ls.move[w]&^(own[w]|opp[w]) | ls.capt[w]&opp[w]
			if !test {
				cnt += bits.OnesCount64(t)
				continue
			}
			for ; t != 0; t &= t - 1 {
				if p.safeAfter(game.Move(uint32(from) | uint32(w<<6|bits.TrailingZeros64(t))<<9)) {
					cnt++
				}
			}
		}
		es := r.special[pc][from]
		for i := 0; i < len(es); i++ {
			e := es[i]
			t := p.b[e.to()]
			if t == 0 {
				if e.mode() != modeCapture && p.b[e.cond()] == 0 &&
					(!test || p.safeAfter(game.Move(uint32(from)|e.bits()))) {
					cnt++
				}
				continue
			}
			i += e.skip()
			if int(t&1) != us && e.mode() != modeMove && p.b[e.cond()] == 0 &&
				(!(test || e.bits()&afarBit != 0 && p.mark[e.to()] == st) || p.safeAfter(game.Move(uint32(from)|e.bits()))) {
				cnt++
			}
		}
	}
	if p.ep != noSq {
		for j := 0; j < n; j++ {
			if _, ok := p.epCapture(int(p.list[us][j])); ok {
				cnt++
			}
		}
	}
	return cnt
}

// epCapture returns the legal en-passant capture of the Dragon on p.ep by
// the piece on from, if it has one: any Sylph of the side to move on the
// Sky may make it, except one whose ordinary capture already reaches it.
func (p *Position) epCapture(from int) (game.Move, bool) {
	us := p.side
	if p.b[from] != code(sylph, us) || levelOf(from) != lvSky ||
		square(lvSky, fileOf(from), rankOf(from)+forward(us)) == p.ep {
		return game.NoMove, false
	}
	m := game.Move(uint32(from) | uint32(p.ep)<<9)
	return m, p.safeAfter(m)
}

// anyLegal reports whether the side to move has a legal move, stopping at
// the first one found (the search asks this at every node).
func (p *Position) anyLegal() bool {
	us := p.side
	r := p.r
	frozenBy := code(basilisk, us^1)
	for j := 0; j < p.n[us]; j++ {
		from := int(p.list[us][j])
		if p.b[r.below[from]] == frozenBy {
			continue
		}
		es := r.moveList[p.b[from]][from]
		for i := 0; i < len(es); i++ {
			e := es[i]
			t := p.b[e.to()]
			var ok bool
			if t == 0 {
				ok = e.mode() != modeCapture
			} else {
				i += e.skip()
				ok = int(t&1) != us && e.mode() != modeMove
			}
			if ok && p.b[e.cond()] == 0 && p.safeAfter(game.Move(uint32(from)|e.bits())) {
				return true
			}
		}
		if p.ep != noSq {
			if _, ok := p.epCapture(from); ok {
				return true
			}
		}
	}
	return false
}

// LegalMoves appends every legal move; none when the game is over.
func (p *Position) LegalMoves(dst []game.Move) []game.Move {
	if p.status != statusPlaying && p.drawnByRule() != "" {
		return dst
	}
	return p.generate(dst, false)
}
