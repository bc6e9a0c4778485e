package dragon

import "wyrm/game"

// Material in centipawns (middlegame, endgame). A Dragon is worth a little
// less than a Queen; one in hand a little less than one on the board,
// because it still costs a tempo to bring in, but it is safe from attack.
var (
	mgValue   = [8]int{0, 90, 320, 335, 480, 950, 850, 0}
	egValue   = [8]int{0, 120, 300, 320, 520, 940, 860, 0}
	handValue = [2]int{800, 830} // middlegame, endgame
)

// phaseWeight counts towards the game phase; maxPhase is a full board.
var phaseWeight = [8]int{0, 0, 1, 1, 2, 4, 3, 0}

const maxPhase = 32

// Piece-square bonuses, built from simple shapes rather than tuned tables:
// centralisation for the minor pieces and the Dragon, advancement for
// pawns, the seventh rank for rooks, shelter then activity for the king.
var mgPST, egPST [8][64]int // from White's side; Black mirrors the rank

func init() {
	for sq := 0; sq < 64; sq++ {
		f, r := sq&7, sq>>3
		md := abs(2*f-7) + abs(2*r-7) // 2 in the centre .. 14 in a corner
		mgPST[knight][sq] = 24 - 4*md
		egPST[knight][sq] = 16 - 3*md
		mgPST[dragon][sq] = 14 - 2*md
		egPST[dragon][sq] = 10 - 2*md
		mgPST[bishop][sq] = 10 - 2*md
		egPST[bishop][sq] = 8 - md
		mgPST[queen][sq] = 6 - md
		egPST[queen][sq] = 10 - 2*md
		if r == 6 {
			mgPST[rook][sq], egPST[rook][sq] = 20, 15
		}
		if f == 3 || f == 4 {
			mgPST[rook][sq] += 5
		}
		adv := [8]int{0, 0, 4, 10, 20, 35, 60, 0}
		advEG := [8]int{0, 0, 8, 18, 32, 55, 90, 0}
		mgPST[pawn][sq] = adv[r]
		egPST[pawn][sq] = advEG[r]
		if (f == 3 || f == 4) && (r == 3 || r == 4) {
			mgPST[pawn][sq] += 15
		}
		shelter := [8]int{15, 25, 10, 0, 0, 5, 25, 15}
		mgPST[king][sq] = shelter[f] - 25*r
		egPST[king][sq] = 28 - 4*md
	}
}

func abs(x int) int {
	if x < 0 {
		return -x
	}
	return x
}

// relSq mirrors a square for Black so that tables read from the owner's side.
func relSq(c, sq int) int { return sq ^ (c * 56) }

// Mobility: points per reachable square beyond a typical count.
var (
	mobWeight = [8]int{0, 0, 4, 4, 3, 2, 3, 0}
	mobBase   = [8]int{0, 0, 4, 6, 7, 13, 10, 0}
	// attackWeight is how much an attack on a square next to the enemy
	// king counts.
	attackWeight = [8]int{0, 0, 2, 2, 3, 5, 4, 0}
)

// Evaluate scores the position for player pl in centipawns. Any other
// value of pl (such as NoPlayer in a finished position) means the side
// to move.
func (p *Position) Evaluate(pl game.Player) int {
	if pl != 0 && pl != 1 {
		pl = game.Player(p.side)
	}
	var mg, eg [2]int
	// The attack maps of the pieces other than pawns and kings, for the
	// threat terms: all of them, the minor pieces', the rooks'.
	var att [2]uint64
	var minorAtt, rookAtt [2]uint64
	phase := 0
	occ := p.occ()
	for c := white; c <= black; c++ {
		own := p.byColor[c]
		for _, t := range [2]int{pawn, king} {
			for b := p.pieces(c, t); b != 0; b &= b - 1 {
				rs := relSq(c, lsb(b))
				mg[c] += mgValue[t] + mgPST[t][rs]
				eg[c] += egValue[t] + egPST[t][rs]
			}
		}
		// Each piece's attacks serve both its mobility and the attack on
		// the enemy king's surroundings.
		eksq := p.kingSq(c ^ 1)
		zone := kingAttacks[eksq] | sqBB(eksq)
		weight, attackers := 0, 0
		for t := knight; t <= dragon; t++ {
			for b := p.pieces(c, t); b != 0; b &= b - 1 {
				sq := lsb(b)
				rs := relSq(c, sq)
				mg[c] += mgValue[t] + mgPST[t][rs]
				eg[c] += egValue[t] + egPST[t][rs]
				phase += phaseWeight[t]
				var a uint64
				switch t {
				case knight:
					a = knightAttacks[sq]
				case bishop:
					a = bishopAttacks(sq, occ)
				case rook:
					a = rookAttacks(sq, occ)
				case queen:
					a = queenAttacks(sq, occ)
				default:
					a = dragonAttacks(sq, occ)
				}
				att[c] |= a
				switch t {
				case knight, bishop:
					minorAtt[c] |= a
				case rook:
					rookAtt[c] |= a
				}
				mob := mobWeight[t] * (popcount(a&^own) - mobBase[t])
				mg[c] += mob
				eg[c] += mob
				if n := popcount(a & zone); n > 0 {
					weight += attackWeight[t] * n
					attackers++
				}
			}
		}
		// Attacks only become dangerous together, so they count
		// quadratically, and only in the middlegame.
		if attackers >= 2 {
			mg[c] += min(weight*weight/2, 500)
		}
		mg[c] += p.shelter(c)
		n := int(p.hand[c])
		mg[c] += n * handValue[0]
		eg[c] += n * handValue[1]
		if n > 0 && homeRank[c]&^occ == 0 {
			// No square to drop on yet: develop the back rank first.
			mg[c] -= 15 * n
		}
		phase += n * phaseWeight[dragon]
		pmg, peg := p.pawnStructure(c)
		mg[c] += pmg
		eg[c] += peg
		if popcount(p.pieces(c, bishop)) >= 2 {
			mg[c] += 30
			eg[c] += 45
		}
	}
	for c := white; c <= black; c++ {
		tm, te := p.threats(c, att, minorAtt[c], rookAtt[c])
		mg[c] += tm
		eg[c] += te
	}
	phase = min(phase, maxPhase)
	us := int(pl)
	them := us ^ 1
	score := ((mg[us]-mg[them])*phase + (eg[us]-eg[them])*(maxPhase-phase)) / maxPhase
	if us == p.side {
		score += 10 // the move is worth something
	} else {
		score -= 10
	}
	return score
}

// shelter rewards pawns in front of c's king while it stays home.
func (p *Position) shelter(c int) int {
	ksq := p.kingSq(c)
	if relSq(c, ksq)>>3 > 1 {
		return 0
	}
	front := (kingAttacks[ksq] | pushUp(kingAttacks[ksq], c)) &^ homeRank[c]
	return 12 * min(popcount(front&p.pieces(c, pawn)), 3)
}

// Threat weights: an enemy piece attacked by a pawn, a heavy piece
// attacked by a lighter one, and any piece attacked but not defended. The
// search sees these too, but only when it reaches them; scoring them in
// the quiet evaluation keeps the horizon from hiding a lost piece.
const (
	threatPawnMG, threatPawnEG   = 80, 65
	threatLightMG, threatLightEG = 50, 45
	hangingMG, hangingEG         = 45, 35
)

// threats scores c's attacks on the other side's pieces, given both
// sides' attack maps of the pieces other than pawns and kings.
func (p *Position) threats(c int, att [2]uint64, minorAtt, rookAtt uint64) (mg, eg int) {
	them := c ^ 1
	pawnAtt := pawnSetAttacks(p.pieces(c, pawn), c)
	theirPawnAtt := pawnSetAttacks(p.pieces(them, pawn), them)
	enemy := p.byColor[them] &^ p.byType[king]
	targets := enemy &^ p.byType[pawn]
	n := popcount(targets & pawnAtt)
	mg += n * threatPawnMG
	eg += n * threatPawnEG
	heavy := targets & (p.byType[rook] | p.byType[queen] | p.byType[dragon])
	n = popcount(heavy&minorAtt | targets&(p.byType[queen]|p.byType[dragon])&rookAtt)
	mg += n * threatLightMG
	eg += n * threatLightEG
	defended := att[them] | theirPawnAtt | kingAttacks[p.kingSq(them)]
	all := att[c] | pawnAtt | kingAttacks[p.kingSq(c)]
	n = popcount(enemy & all &^ defended)
	mg += n * hangingMG
	eg += n * hangingEG
	return mg, eg
}

// pawnSetAttacks returns the squares the pawns b of colour c attack.
func pawnSetAttacks(b uint64, c int) uint64 { return captureWest(b, c) | captureEast(b, c) }
