package dragonchess

import (
	"math/bits"

	"wyrm/game"
)

// Evaluation weights in centipawns.
const (
	mobilityWeight = 2   // per square a piece could move to or capture on
	frozenShare    = 2   // a frozen piece counts 1/frozenShare of its value
	kingOffGround  = 40  // a King driven off the Ground is exposed
	kingShield     = 6   // per own piece next to the King on its level
	promotionGain  = 350 // Hero minus Warrior
)

// centre holds a small bonus per square for being near the middle of its
// board (up to 12 cp), which also pulls pieces towards the Ground.
var centre [nSq]int

func init() {
	for sq := 0; sq < nSq; sq++ {
		f, r := fileOf(sq), rankOf(sq)
		df, dr := 2*f-(files-1), 2*r-(ranks-1)
		if df < 0 {
			df = -df
		}
		if dr < 0 {
			dr = -dr
		}
		centre[sq] = (22 - df - dr) / 2
	}
}

// Evaluate scores the position for player pl: material at Gygax's exchange
// values (frozen pieces at half), centralisation, mobility and King safety.
func (p *Position) Evaluate(pl game.Player) int {
	s := p.sideScore(gold) - p.sideScore(scarlet)
	if pl == scarlet {
		return -s
	}
	return s
}

func (p *Position) sideScore(c int) int {
	r := p.r
	frozenBy := code(basilisk, c^1)
	score := 0
	for j := 0; j < p.n[c]; j++ {
		sq := int(p.list[c][j])
		pc := p.b[sq]
		k := kindOf(pc)
		v := kindValues[k]
		if p.b[r.below[sq]] == frozenBy {
			score += v / frozenShare
			continue
		}
		score += v + centre[sq]
		if !isPawnKind(k) {
			// Pawn-like pieces have few moves that say little; skipping
			// them halves the cost of the evaluation.
			score += p.mobility(pc, sq, c) * mobilityWeight
		}
	}
	ks := p.king[c]
	if levelOf(ks) != lvGround {
		score -= kingOffGround
	}
	l, f, rk := levelOf(ks), fileOf(ks), rankOf(ks)
	for _, d := range kingDirs {
		if sq := square(l, f+d[0], rk+d[1]); sq >= 0 && p.b[sq] != 0 && colourOf(p.b[sq]) == c {
			score += kingShield
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
	_ game.Searchable = (*Position)(nil)
	_ game.NullMover  = (*Position)(nil)
)
