package dragon

import "wyrm/game"

// The evaluation's weights live in its parameter table (params.go,
// weights): material by game phase, piece-square bonuses built from simple
// shapes (centralisation for the minor pieces and the Dragon, advancement
// for pawns, the seventh rank for rooks, shelter then activity for the
// king), mobility, king safety (king.go), the placement of minor pieces
// and space (placement.go), pawn structure (pawns.go) and threats.

// phaseWeight counts towards the game phase; maxPhase is a full board.
var phaseWeight = [8]int{0, 0, 1, 1, 2, 4, 3, 0}

const maxPhase = 32

func abs(x int) int {
	if x < 0 {
		return -x
	}
	return x
}

// relSq mirrors a square for Black so that tables read from the owner's side.
func relSq(c, sq int) int { return sq ^ (c * 56) }

// Evaluate scores the position for player pl in centipawns. Any other
// value of pl (such as NoPlayer in a finished position) means the side
// to move.
func (p *Position) Evaluate(pl game.Player) int {
	if pl != 0 && pl != 1 {
		pl = game.Player(p.side)
	}
	w := p.w
	if w.net != nil {
		return p.netEvaluate(pl)
	}
	var mg, eg [2]int
	// The attack maps of the pieces other than pawns and kings, for the
	// threat terms: all of them, the minor pieces', the rooks'.
	var att [2]uint64
	var minorAtt, rookAtt [2]uint64
	// byType holds each side's attacks by piece type, for safe checks;
	// weight and attackers the attack on the enemy king's surroundings.
	var byType [2][8]uint64
	var weight, attackers [2]int
	// area[c] is where c's pieces' mobility does not count: squares
	// enemy pawns attack.
	var area [2]uint64
	phase := 0
	occ := p.occ()
	for c := white; c <= black; c++ {
		own := p.byColor[c]
		area[c] = pawnSetAttacks(p.pieces(c^1, pawn), c^1)
		// Outposts stand where an own pawn defends: most minor pieces
		// are ruled out by this one map.
		outposts := outpostRanks[c] & pawnSetAttacks(p.pieces(c, pawn), c)
		ksq := p.kingSq(c)
		for _, t := range [2]int{pawn, king} {
			for b := p.pieces(c, t); b != 0; b &= b - 1 {
				rs := relSq(c, lsb(b))
				mg[c] += w.pst[0][t][rs]
				eg[c] += w.pst[1][t][rs]
			}
		}
		// Each piece's attacks serve both its mobility and the attack on
		// the enemy king's surroundings.
		eksq := p.kingSq(c ^ 1)
		zone := kingAttacks[eksq] | sqBB(eksq)
		for t := knight; t <= dragon; t++ {
			for b := p.pieces(c, t); b != 0; b &= b - 1 {
				sq := lsb(b)
				rs := relSq(c, sq)
				mg[c] += w.pst[0][t][rs]
				eg[c] += w.pst[1][t][rs]
				phase += phaseWeight[t]
				a := pieceAttacks(t, sq, occ)
				att[c] |= a
				byType[c][t] |= a
				switch t {
				case knight, bishop:
					minorAtt[c] |= a
				case rook:
					rookAtt[c] |= a
				}
				if t == knight || t == bishop {
					if outposts&sqBB(sq) != 0 && p.outpost(c, sq) {
						mg[c] += w.outpost[0]
						eg[c] += w.outpost[1]
					}
					d := distance(sq, ksq)
					mg[c] -= d * w.protector[0]
					eg[c] -= d * w.protector[1]
					if pushUp(sqBB(sq), c)&p.byType[pawn] != 0 {
						mg[c] += w.behindPawn[0]
						eg[c] += w.behindPawn[1]
					}
				}
				mob := popcount(a &^ (own | area[c]))
				mg[c] += w.mob[0][t][mob]
				eg[c] += w.mob[1][t][mob]
				if n := popcount(a & zone); n > 0 {
					weight[c] += w.attack[t] * n
					attackers[c]++
				}
			}
		}
		mg[c] += p.shelter(c, w) + p.kingFiles(c, w)
		n := int(p.hand[c])
		mg[c] += n * w.hand[0]
		eg[c] += n * w.hand[1]
		if n > 0 && homeRank[c]&^occ == 0 {
			// No square to drop on yet: develop the back rank first.
			mg[c] -= w.handBlocked * n
		}
		phase += n * phaseWeight[dragon]
		pmg, peg := p.pawnStructure(c, w)
		mg[c] += pmg
		eg[c] += peg
		mg[c] += w.space * p.spaceCount(c)
		for b := p.pieces(c, bishop); b != 0; b &= b - 1 {
			n := popcount(p.pieces(c, pawn) & sameColour(lsb(b)))
			mg[c] -= n * w.bishopPawns[0]
			eg[c] -= n * w.bishopPawns[1]
		}
		if popcount(p.pieces(c, bishop)) >= 2 {
			mg[c] += w.bishopPair[0]
			eg[c] += w.bishopPair[1]
		}
	}
	for c := white; c <= black; c++ {
		tm, te := p.threats(c, w, att, minorAtt[c], rookAtt[c])
		mg[c] += tm
		eg[c] += te
		n := p.pushThreats(c, att)
		mg[c] += n * w.pushThreat[0]
		eg[c] += n * w.pushThreat[1]
		// Attacks only become dangerous together, so they count
		// quadratically, and only in the middlegame.
		if attackers[c] >= 2 {
			d := weight[c] + p.kingDanger(c, w, att[c^1], &byType[c])
			mg[c] += min(d*d/2, w.dangerCap)
		}
	}
	phase = min(phase, maxPhase)
	us := int(pl)
	them := us ^ 1
	score := ((mg[us]-mg[them])*phase + (eg[us]-eg[them])*(maxPhase-phase)) / maxPhase
	if us == p.side {
		score += w.tempo // the move is worth something
	} else {
		score -= w.tempo
	}
	return score
}

// threats scores c's attacks on the other side's pieces, given both
// sides' attack maps of the pieces other than pawns and kings: an enemy
// piece attacked by a pawn, a heavy piece attacked by a lighter one, and
// any piece attacked but not defended. The search sees these too, but only
// when it reaches them; scoring them in the quiet evaluation keeps the
// horizon from hiding a lost piece.
func (p *Position) threats(c int, w *weights, att [2]uint64, minorAtt, rookAtt uint64) (mg, eg int) {
	them := c ^ 1
	pawnAtt := pawnSetAttacks(p.pieces(c, pawn), c)
	theirPawnAtt := pawnSetAttacks(p.pieces(them, pawn), them)
	enemy := p.byColor[them] &^ p.byType[king]
	targets := enemy &^ p.byType[pawn]
	n := popcount(targets & pawnAtt)
	mg += n * w.threatPawn[0]
	eg += n * w.threatPawn[1]
	heavy := targets & (p.byType[rook] | p.byType[queen] | p.byType[dragon])
	n = popcount(heavy&minorAtt | targets&(p.byType[queen]|p.byType[dragon])&rookAtt)
	mg += n * w.threatLight[0]
	eg += n * w.threatLight[1]
	defended := att[them] | theirPawnAtt | kingAttacks[p.kingSq(them)]
	all := att[c] | pawnAtt | kingAttacks[p.kingSq(c)]
	n = popcount(enemy & all &^ defended)
	mg += n * w.hanging[0]
	eg += n * w.hanging[1]
	return mg, eg
}

// pawnSetAttacks returns the squares the pawns b of colour c attack.
func pawnSetAttacks(b uint64, c int) uint64 { return captureWest(b, c) | captureEast(b, c) }
