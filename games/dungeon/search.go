package dungeon

import (
	"math/bits"

	"wyrm/game"
)

var _ game.Position = (*Position)(nil)
var _ game.Perfter = (*Position)(nil)
var _ game.Eliminator = (*Position)(nil)

// The evaluation's weights live in its parameter table (params.go,
// weights). These constants are its fixed structure.
const (
	xpScale = 10 // the exchange value of a unit is its XP cost times this
	// pressMul: the approach weighs up to this many times more at the
	// quiet-turn limit.
	pressMul = 2
	// Mopping up: against a seat with at most a third of the own material
	// (not counting Kings) the King hunt counts for much more, the enemy
	// King is driven to where few floor squares surround it, and every
	// unit, the own King included, closes in.
	mopRatio      = 3
	eliminatedVal = -20000 // beyond any real score, inside the search's mate bounds
	// outBonus is what each opponent out of a game of three or four is
	// worth to a seat: more than the mop-up terms a hunted King gives.
	outBonus = 2000
)

// unitValue is a unit's exchange value in centipawns, for Gain and
// Material: ten times its XP cost (a King none), adjusted as worth says.
func unitValue(u *unit) int {
	v := u.kind.Cost() * xpScale
	if u.kind.Role() == King {
		v = 0 // the King is the game, not material
	}
	return adjustWorth(u, v)
}

// worth is a unit's material for the evaluation, from its kind's value in
// the parameter table (a King has none).
func (w *weights) worth(u *unit) int { return adjustWorth(u, w.value[u.kind]) }

// adjustWorth takes from a unit's value v what its state costs: a wounded
// Troll is worth half, and a hexed unit loses a quarter per turn of hex
// left.
func adjustWorth(u *unit, v int) int {
	if u.wounded {
		v /= 2
	}
	v -= v * int(u.hexLeft) / 4
	return v
}

// score is seat s's standing on its own: material, mobility, King safety,
// unspent hexes and Demonics explosion threats. mat holds every live seat's
// material, computed once per evaluation.
func (p *Position) score(s int, mat *[game.MaxPlayers]int) int {
	if !p.isLive(s) {
		return eliminatedVal
	}
	w := p.w
	m := p.m
	st := &p.seats[s]
	k := p.kingSq(s)
	kf, kr := m.fileRank(k)
	own := mat[s]
	v := own
	// The enemy Kings, for the approach term: without it the search sees
	// no reason to cross the long maps and games end by the no-capture
	// rule. Distances are walking distances over floor (see walkDist).
	walk, nsq, ref, far := m.walkDist(), m.Files*m.Ranks, m.approachRef(), m.farthestWalk()
	// The approach presses harder the longer the game has gone without a
	// capture where the search began (the root, not the position scored,
	// so that a capture in the search does not look like a loss of it).
	press := w.approach + int(p.rootPress)
	var ekv [game.MaxPlayers]int
	var mop [game.MaxPlayers]bool
	mopping := false
	ne := 0
	for o := 0; o < p.n; o++ {
		if o != s && p.isLive(o) {
			if ek := p.kingSq(o); ek >= 0 {
				ekv[ne] = int(m.fromBox[ek])
				att, free := p.kingNet(s, ek)
				v += w.netAttack*att - w.netFree*free
				if mat[o]*mopRatio <= own {
					mop[ne], mopping = true, p.n == 2
					v += w.mopNet*att - w.mopFree*free - w.mopEdge*p.floorAround(ek)
				}
				ne++
			}
		}
	}
	for id := st.first; id < st.end; id++ {
		u := &p.units[id]
		if !u.alive {
			continue
		}
		if ne > 0 {
			from := int(m.fromBox[u.sq]) * nsq
			// Closing in on a King that is being mopped up, the own King too,
			// from anywhere on the map: pulled only from nearby, far units
			// stayed put and a lone King could run until the no-capture rule.
			for i := 0; i < ne; i++ {
				if mop[i] {
					v += w.mopClose * max(0, far-int(walk[from+ekv[i]]))
				}
			}
			if u.kind.Role() != King {
				// Mopping up, every unit counts more than its material: a
				// Skeleton (10 cp) stepped next to a lone King to check it
				// and was taken, and then another, until a Warlock and a
				// Vampire were left, too few to corner a Red Dragon. Two
				// players only: with more, the other opponents still need
				// the units, and the figures of those games stand.
				if mopping {
					v += w.mopUnit
				}
				// Counted from the farthest walk, not clamped at ref: a unit
				// still at home then gains for its first steps out too.
				d := far
				for i := 0; i < ne; i++ {
					d = min(d, int(walk[from+ekv[i]]))
				}
				v += press * (ref - d)
			}
		}
		if u.kind == Shaman && !u.hexUsed {
			v += w.unspentHex
		}
		if u.kind == Demonics {
			for _, d := range m.queen {
				if e := p.unitAt(int(u.sq) + d); e != nil && e.owner != u.owner {
					v += w.worth(e) * w.explosion / 1000
				}
			}
		}
	}
	for i := 0; i < p.nUnits; i++ {
		u := &p.units[i]
		if !u.alive || u.owner == uint8(s) {
			continue
		}
		f, r := m.fileRank(int(u.sq))
		if iabs(f-kf) <= 2 && iabs(r-kr) <= 2 {
			v -= w.kingThreat
		}
	}
	for _, d := range m.queen {
		if u := p.unitAt(k + d); u != nil && u.owner == uint8(s) {
			v += w.kingGuard
		}
	}
	// Mobility from the seat's own pseudo-legal moves, in a stack buffer.
	var buf [256]game.Move
	saved := p.toMove
	p.toMove = int8(s)
	v += w.mobility * len(p.pseudo(buf[:0], true))
	v += w.quiet * p.quietCount(s)
	p.toMove = saved
	if p.threatens(p.live&^(1<<s), k) {
		v -= w.check
	}
	if s == int(p.toMove) {
		v += w.tempo
	}
	return v
}

// material is seat s's units' exchange value (unitValue), Kings not
// counted.
func (p *Position) material(s int) int {
	st := &p.seats[s]
	v := 0
	for id := st.first; id < st.end; id++ {
		if u := &p.units[id]; u.alive {
			v += unitValue(u)
		}
	}
	return v
}

// evalMaterial is seat s's units' material by the evaluation's values.
func (p *Position) evalMaterial(s int) int {
	st := &p.seats[s]
	w := p.w
	v := 0
	for id := st.first; id < st.end; id++ {
		if u := &p.units[id]; u.alive {
			v += w.worth(u)
		}
	}
	return v
}

// floorAround counts the floor squares next to b.
func (p *Position) floorAround(b int) int {
	n := 0
	for _, d := range p.m.queen {
		if p.m.terrain[b+d] == tFloor {
			n++
		}
	}
	return n
}

// quietCount counts the moves onto empty squares of seat s's units, each
// against half of what its kind has on an open board (a hexed unit has
// none). Counted raw, every extra cheap unit added its moves, so a swarm
// scored for its numbers alone.
func (p *Position) quietCount(s int) int {
	st := &p.seats[s]
	n := 0
	for id := st.first; id < st.end; id++ {
		u := &p.units[id]
		if !u.alive {
			continue
		}
		if u.hexLeft == 0 {
			n += p.countQuiet(int(u.sq), kinds[u.kind].move)
		}
		n -= int(mobilityCentre[u.kind])
	}
	return n
}

// mobilityCentre is half the moves a unit of each kind has in the open.
var mobilityCentre = func() (c [numKinds]int8) {
	for k := range c {
		pat, open := kinds[k].move, 0
		if pat&pStepO != 0 && pat&pSlideO == 0 {
			open += 4
		}
		if pat&pStepD != 0 && pat&pSlideD == 0 {
			open += 4
		}
		if pat&pSlideO != 0 {
			open += 14 // a rook's moves on an open 8 by 8 board
		}
		if pat&pSlideD != 0 {
			open += 9 // about a bishop's average
		}
		if pat&pLeap != 0 {
			open += 8
		}
		if pat&(pOrc2|pGapD) != 0 {
			open += 4
		}
		c[k] = int8(open / 2)
	}
	return c
}()

// Evaluate implements game.Evaluator. With several opponents it is p's
// score minus the score of its strongest live opponent: what matters in a
// free-for-all is not falling behind the leader.
func (p *Position) Evaluate(pl game.Player) int {
	s := int(pl)
	if !p.isLive(s) {
		return eliminatedVal
	}
	var mat [game.MaxPlayers]int
	for o := 0; o < p.n; o++ {
		if p.isLive(o) {
			mat[o] = p.evalMaterial(o)
		}
	}
	own := p.score(s, &mat)
	if p.n > 2 {
		// Every opponent out of the game is a step to the win. The score
		// alone saw none: an eliminated seat only took away the approach
		// and mop-up terms its King gave, so the engine hunted a lone King
		// and then would not take it.
		own += outBonus * bits.OnesCount8(^p.live&(1<<p.n-1)&^(1<<s))
		// With s to move, its units under attack are lost but for the one
		// it saves (see hang.go); with an opponent to move, the search's
		// captures show what the opponents take.
		if int(p.toMove) == s {
			sum, top := p.hangLoss(s)
			own -= (sum - top) * hangPct / 100
		}
	}
	best := eliminatedVal
	for o := 0; o < p.n; o++ {
		if o != s && p.isLive(o) {
			best = max(best, p.score(o, &mat))
		}
	}
	if best == eliminatedVal {
		return -eliminatedVal
	}
	return min(max(own-best, eliminatedVal+1), -eliminatedVal-1)
}

// NoisyMoves implements game.Evaluator: the legal captures. Only the
// captures are generated and tested, unless none of them obeys the check
// rule: then they are all legal if no other move obeys it either.
func (p *Position) NoisyMoves(dst []game.Move) []game.Move {
	if p.over() {
		return dst
	}
	base := len(dst)
	dst = p.pseudo(dst, true)
	if len(dst) == base {
		return dst
	}
	if safe, ok := p.keepSafe(dst, base); ok {
		return safe
	}
	dst = p.LegalMoves(dst[:base])
	w := base
	for _, mv := range dst[base:] {
		if p.IsNoisy(mv) {
			dst[w] = mv
			w++
		}
	}
	return dst[:w]
}

// IsNoisy implements game.Evaluator: captures are noisy.
func (p *Position) IsNoisy(mv game.Move) bool {
	return mType(mv) == mtMove && p.board[mTo(mv)] != 0
}

// Gain implements game.Evaluator: the victim's value (half for an
// unwounded Troll, which is only wounded), a King counted as decisive; for
// a Demonics, plus the enemies the explosion takes and minus the captor.
func (p *Position) Gain(mv game.Move) int {
	if !p.IsNoisy(mv) {
		return 0
	}
	t := p.unitAt(mTo(mv))
	g := unitValue(t)
	if t.kind.Role() == King {
		g = 10000
	}
	if t.kind == Troll && !t.wounded {
		g /= 2
	}
	if t.kind == Demonics {
		for _, d := range p.m.queen {
			if e := p.unitAt(mTo(mv) + d); e != nil && e.owner != t.owner && e.owner != uint8(p.toMove) {
				g += unitValue(e)
			} else if e != nil && e.owner == uint8(p.toMove) {
				g -= unitValue(e)
			}
		}
		g -= unitValue(p.unitAt(mFrom(mv)))
	}
	return g
}

var _ game.NullMover = (*Position)(nil)

// PlayNull implements game.NullMover: the player to move passes (hex
// counters run down as for any pass).
func (p *Position) PlayNull() { p.Play(passMove) }

// UndoNull implements game.NullMover.
func (p *Position) UndoNull() { p.Undo() }

var _ game.QuietCounter = (*Position)(nil)

// Quiet implements game.QuietCounter: turns since the last capture, and
// the limit in force, 50 rounds of the seats still in.
func (p *Position) Quiet() (plies, limit int) { return int(p.quiet), int(p.quietLimit()) }

// drawContempt is the engine's default draw penalty in Dungeon Chess.
// Armies differ, and the evaluation of one against another at the start is
// rough (up to 250 cp either way between the example armies), so with the
// search's small default the engine took draws by repetition in the first
// moves whenever it misjudged its army as the weaker one.
const drawContempt = 150

// Contempt is the draw penalty the engine uses here (game.Info.Contempt).
func (p *Position) Contempt() int { return drawContempt }

var _ game.RootMarker = (*Position)(nil)

// MarkRoot implements game.RootMarker: the approach term grows with the
// quiet count at the root of the search, as a share of the limit in force
// there (up to pressMul times approachW more at the limit, whatever the
// number of seats), so that a game without captures is pressed towards
// contact instead of drifting into the draw.
func (p *Position) MarkRoot() {
	p.rootPress = 0
	if limit := p.quietLimit(); limit > 0 {
		p.rootPress = int32(p.w.approach * pressMul * int(min(p.quiet, limit)) / int(limit))
	}
}
