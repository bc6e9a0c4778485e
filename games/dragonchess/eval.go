package dragonchess

import (
	"math/bits"

	"wyrm/game"
)

// The evaluation's weights live in its parameter table (params.go,
// weights): material, a bonus for the middle of each board and for each
// level by kind, mobility, frozen pieces, King safety and the move.

// Evaluate scores the position for player pl: material (frozen pieces at
// a share of it), the squares and levels pieces stand on, mobility, King
// safety and the move.
func (p *Position) Evaluate(pl game.Player) int {
	w := p.w
	s := p.sideScore(gold, w) - p.sideScore(scarlet, w)
	if p.side == gold {
		s += w.tempo
	} else {
		s -= w.tempo
	}
	if pl == scarlet {
		return -s
	}
	return s
}

func (p *Position) sideScore(c int, w *weights) int {
	r := p.r
	frozenBy := code(basilisk, c^1)
	score := 0
	for j := 0; j < p.n[c]; j++ {
		sq := int(p.list[c][j])
		pc := p.b[sq]
		k := kindOf(pc) & (pstKinds - 1) // a mask the compiler needs no bounds check after
		if p.b[r.below[sq]] == frozenBy {
			score += w.frozenVal[k]
			continue
		}
		score += int(w.pst[k][sq&(pstRow-1)])
		if !isPawnKind(k) {
			// Pawn-like pieces have few moves that say little; skipping
			// them halves the cost of the evaluation.
			score += p.mobility(pc, sq, c) * w.mobility[k]
		}
	}
	ks := p.king[c]
	if levelOf(ks) != lvGround {
		score -= w.kingOff
	}
	l, f, rk := levelOf(ks), fileOf(ks), rankOf(ks)
	for _, d := range kingDirs {
		if sq := square(l, f+d[0], rk+d[1]); sq >= 0 && p.b[sq] != 0 && colourOf(p.b[sq]) == c {
			score += w.shield
		}
	}
	return score
}

// mobility counts the squares the piece pc of colour c on sq could move to
// or capture on, ignoring pins.
func (p *Position) mobility(pc uint8, sq, c int) int {
	r := p.r
	own, opp := &p.occ[c], &p.occ[c^1]
	ls := &r.leap[pc][sq]
	mob := 0
	for w := int(ls.lo); w <= int(ls.hi); w++ {
		mob += bits.OnesCount64(ls.both[w]&^own[w] | ls.move[w]&^(own[w]|opp[w]) | ls.capt[w]&opp[w])
	}
	es := r.special[pc][sq]
	for i := 0; i < len(es); i++ {
		e := es[i]
		t := p.b[e.to()]
		if t == 0 {
			if e.mode() != modeCapture && p.b[e.cond()] == 0 {
				mob++
			}
			continue
		}
		i += e.skip()
		if int(t&1) != c && e.mode() != modeMove && p.b[e.cond()] == 0 {
			mob++
		}
	}
	return mob
}

// NoisyMoves appends the legal captures and promotions.
func (p *Position) NoisyMoves(dst []game.Move) []game.Move {
	if p.status != statusPlaying && p.drawnByRule() != "" {
		return dst
	}
	return p.generate(dst, true)
}

// IsNoisy reports whether m captures or promotes.
func (p *Position) IsNoisy(m game.Move) bool {
	from, to := moveFrom(m), moveTo(m)
	return p.b[to] != 0 || (m&afarBit == 0 && p.r.promoted[p.b[from]][to] != p.b[from])
}

// Gain estimates what m wins: the victim's value plus any promotion, less
// the mover's value when the target square is defended (a capture from
// afar risks nothing).
func (p *Position) Gain(m game.Move) int {
	from, to := moveFrom(m), moveTo(m)
	victim := p.b[to]
	g := kindValues[kindOf(victim)]
	if m&afarBit != 0 {
		return g
	}
	pc := p.b[from]
	if np := p.r.promoted[pc][to]; np != pc {
		g += kindValues[kindOf(np)] - kindValues[kindOf(pc)]
	}
	if victim != 0 && p.attacked(to, p.side^1) {
		mover := kindValues[kindOf(pc)]
		if kindOf(pc) == king {
			mover = 10000
		}
		g -= mover
	}
	return g
}

var (
	_ game.Position  = (*Position)(nil)
	_ game.NullMover = (*Position)(nil)
)
