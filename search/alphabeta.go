package search

import "wyrm/game"

// Values inside the search are for the "team" of the player to move: in a
// two-player game that is the player to move; with more players it is the
// root player or the coalition of the others (paranoid). Children of the
// same team share the window; children of the other team get the negated
// one.

func (e *Engine) rootTeam() bool { return e.pos.ToMove() == e.root }

// teamValue turns a value for the root player into one for team.
func teamValue(v int, team bool) int {
	if team {
		return v
	}
	return -v
}

// child searches the position after a move made by a node of team
// parentTeam and returns its value for parentTeam.
func (e *Engine) child(parentTeam bool, depth, ply, alpha, beta int, noisy bool) int {
	return e.childNull(parentTeam, depth, ply, alpha, beta, noisy, true)
}

// childNull is child with the choice of whether the child may try a null
// move: not right after one, where two passes in a row would only search
// the same position shallower.
func (e *Engine) childNull(parentTeam bool, depth, ply, alpha, beta int, noisy, nullOK bool) int {
	if e.rootTeam() == parentTeam {
		return e.negamax(depth, ply, alpha, beta, noisy, nullOK)
	}
	return -e.negamax(depth, ply, -beta, -alpha, noisy, nullOK)
}

// evaluate scores a quiet position for the team to move. Game evaluations
// are clamped below the mate scores, so that a game's own "lost" value
// (for an eliminated player, say) cannot pass for a mate or overflow the
// table.
func (e *Engine) evaluate() int {
	var v int
	team := e.rootTeam()
	if e.players == 2 {
		v = e.pos.Evaluate(e.pos.ToMove())
		if e.noise > 0 {
			v += teamValue(e.noiseOf(e.pos.Hash()), team)
		}
	} else {
		v = e.pos.Evaluate(e.root)
		if e.noise > 0 {
			v += e.noiseOf(e.pos.Hash())
		}
		v = teamValue(v, team)
	}
	return clampEval(e.fade(v))
}

// fade moves an evaluation for the team to move towards the draw value as
// a no-progress rule nears its limit, half way there at the limit: the
// side ahead then prefers the capture or exchange that resets the count to
// a position that only looks good until the game is drawn.
func (e *Engine) fade(v int) int {
	if e.quiet == nil {
		return v
	}
	n, limit := e.quiet.Quiet()
	if n <= 0 || limit <= 0 {
		return v
	}
	n = min(n, limit)
	return (v*(2*limit-n) + e.drawValue()*n) / (2 * limit)
}

const maxEval = mateBound - 1

func clampEval(v int) int { return min(max(v, -maxEval), maxEval) }

// noiseOf is the weaker levels' deterministic error for a position: the
// same within a search (so the tree stays consistent), new each search.
func (e *Engine) noiseOf(key uint64) int {
	z := key ^ e.noiseSeed
	z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9
	z = (z ^ (z >> 27)) * 0x94d049bb133111eb
	z ^= z >> 31
	return int(z%uint64(2*e.noise+1)) - e.noise
}

// terminal scores a position without legal moves for the team to move.
func (e *Engine) terminal(ply int) int {
	v := rootResult(e.pos.Outcome(), e.root, ply)
	if v == 0 {
		return e.drawValue()
	}
	return teamValue(v, e.rootTeam())
}

// drawValue is a draw for the team to move: a little worse than even for
// the root player, so that it plays on when it can (see SetContempt).
func (e *Engine) drawValue() int { return teamValue(-e.contempt, e.rootTeam()) }

func rootResult(o game.Outcome, root game.Player, ply int) int {
	switch o.Results[root] {
	case game.Win:
		return MateScore - ply
	case game.Loss, game.Eliminated:
		return -(MateScore - ply)
	}
	return 0
}

// rootOut reports, in games of more than two players, whether the root
// player has just been eliminated (checked after noisy moves only, since
// eliminations come from captures).
func (e *Engine) rootOut() bool {
	r := e.pos.Outcome().Results[e.root]
	return r == game.Loss || r == game.Eliminated
}

// repeated reports whether the current position occurred before on the
// path or in the game history: a repetition is scored as a draw.
func (e *Engine) repeated() bool {
	h := e.pos.Hash()
	lo := max(0, len(e.keys)-100)
	for i := len(e.keys) - 1; i >= lo; i-- {
		if e.keys[i] == h {
			return true
		}
	}
	return false
}

// Pruning of quiet moves near the leaves: late move pruning keeps the
// first lmpCount[depth] quiet moves, futility pruning drops them all when
// the static evaluation is futilityMargin per ply below alpha.
const (
	lmpDepth       = 4
	futilityDepth  = 2
	futilityMargin = 150
)

var lmpCount = [lmpDepth + 1]int{0, 4, 7, 12, 19}

// In selective games late move pruning reaches lmpDeepDepth and keeps
// (3 + depth²) / 2 quiet moves, twice that when improving; and a quiet
// move that loses more than quietSEEMargin·depth² by the exchange on its
// square is skipped up to quietSEEDepth.
const (
	lmpDeepDepth   = 8
	quietSEEDepth  = 8
	quietSEEMargin = 25
)

// lateQuiets is how many quiet moves a node of depth keeps before late
// move pruning skips the rest; deep is the selective games' formula.
func lateQuiets(depth int, improving, deep bool) int {
	if deep {
		return (3 + depth*depth) / (2 - b2i(improving))
	}
	return lmpCount[depth]
}

// Reverse futility pruning returns the static evaluation up to rfpDepth
// when it stands rfpMargin per ply (one ply fewer when improving) above
// beta.
const (
	rfpDepth  = 7
	rfpMargin = 100
)

func b2i(b bool) int {
	if b {
		return 1
	}
	return 0
}

// Losing captures are pruned up to seeDepth when they lose more than
// seeMargin per ply of depth.
const (
	seeDepth  = 6
	seeMargin = 150
)

// singularDepth is the least depth at which the hash move is tested for a
// singular extension.
const singularDepth = 7

// lmrHistDiv is the quiet ordering score (history plus continuation
// histories, see quietScore) worth one ply of reduction.
const lmrHistDiv = 1 << 18

func (e *Engine) negamax(depth, ply, alpha, beta int, afterNoisy, nullOK bool) int {
	e.pvLen[ply] = ply
	e.nodes++
	e.poll()
	if e.stopped {
		return 0
	}
	pos := e.pos
	root := ply == 0
	pvNode := beta-alpha > 1
	if pos.ToMove() == game.NoPlayer {
		return e.terminal(ply)
	}
	if !root {
		if e.repeated() {
			return e.drawValue()
		}
		if ply >= MaxPly {
			return e.evaluate()
		}
		if e.players > 2 && afterNoisy && e.rootOut() {
			return teamValue(-(MateScore - ply), e.rootTeam())
		}
		// Mate distance pruning: no line here beats a mate found nearer.
		alpha = max(alpha, -(MateScore - ply))
		beta = min(beta, MateScore-ply-1)
		if alpha >= beta {
			return alpha
		}
	}
	inCheck := pos.InCheck()
	if inCheck && e.feat.checkExt && ply < 2*e.rootDepth {
		depth++
	}
	if depth <= 0 {
		if e.noQS {
			return e.evaluate()
		}
		return e.quiesce(ply, alpha, beta, 0)
	}
	if e.players > 2 && e.mode == BRS && !e.rootTeam() {
		return e.brsLayer(depth, ply, alpha, beta)
	}
	key := pos.Hash()
	ttMove := game.NoMove
	sd := &e.stack[ply]
	// excluded is the move a singular-extension search leaves out of this
	// node; the node's table entry belongs to the full search.
	excluded := sd.excluded
	ent, ttHit := e.tt.probe(key)
	if ttHit {
		ttMove = ent.move
		d := int(ent.depth)
		if !pvNode && excluded == game.NoMove && (d == depth || d > depth && !e.feat.exactTT) {
			s := fromTT(int(ent.score), ply)
			switch ent.bound() {
			case boundExact:
				return s
			case boundLower:
				if s >= beta {
					return s
				}
			case boundUpper:
				if s <= alpha {
					return s
				}
			}
		}
	}
	// Internal iterative reduction: a node without a hash move was not
	// searched before, or not usefully; searching it a ply shallower
	// costs little and fills the table for the next iteration.
	if e.feat.iir && ttMove == game.NoMove && depth >= 4 && !root && excluded == game.NoMove {
		depth--
	}
	team := e.rootTeam()
	sd.eval = -Infinity
	// eval is the static evaluation, or the table's score when its bound
	// says the position is better (or worse) than that: pruning decisions
	// use the better estimate, the improving signal the static one.
	eval := -Infinity
	if !inCheck {
		sd.eval = e.evaluate()
		eval = sd.eval
		if ttHit && e.selective && e.feat.ttEval && excluded == game.NoMove {
			s := fromTT(int(ent.score), ply)
			if !IsMate(s) && (ent.bound() == boundLower && s > eval || ent.bound() == boundUpper && s < eval) {
				eval = s
			}
		}
	}
	// improving: the static evaluation is better than at the side's own
	// previous turn, so a fail-low here is less likely and pruning and
	// reductions can be bolder when it is false.
	improving := true
	if e.players == 2 && !inCheck && ply >= 2 && e.stack[ply-2].eval != -Infinity {
		improving = sd.eval > e.stack[ply-2].eval
	}
	if !inCheck && !pvNode && excluded == game.NoMove {
		// Reverse futility: far above beta near the leaves, a quiet move
		// will not bring it back down.
		// The margin is smaller when the side is improving. With more
		// than two players a ply is not the side's own turn, and the
		// shallower, wider pruning measured there before is kept.
		maxDepth, margin := rfpDepth, rfpMargin*(depth-b2i(improving))
		if e.players > 2 {
			maxDepth, margin = 3, 120*depth
		}
		if e.feat.rfp && depth <= maxDepth && !IsMate(beta) && eval-margin >= beta {
			return eval
		}
		if e.feat.nullMove && nullOK && e.null != nil && e.selective && depth >= 3 && eval >= beta && !IsMate(beta) {
			// The reduction grows with depth and with how far the
			// evaluation (the table's bound where it is sharper) stands above beta.
			r := 3 + depth/3 + min((eval-beta)/200, 3)
			e.keys = append(e.keys, key)
			sd.key = noKey
			e.null.PlayNull()
			s := e.childNull(team, depth-1-r, ply+1, beta-1, beta, false, false)
			e.null.UndoNull()
			e.keys = e.keys[:len(e.keys)-1]
			if e.stopped {
				return 0
			}
			if s >= beta {
				if IsMate(s) {
					s = beta
				}
				return s
			}
		}
	}

	// Singular extension: when the hash move scored well at nearly this
	// depth, search the others at half depth against a bound below its
	// score. If none reaches it, the hash move is the only good one and
	// is searched a ply deeper; if one does and the bound is above beta
	// too, several moves beat beta and the node is cut (multi-cut).
	singular := false
	if e.feat.singular && !root && excluded == game.NoMove && ttHit && ttMove != game.NoMove && e.players == 2 &&
		depth >= singularDepth && int(ent.depth) >= depth-3 && ent.bound() != boundUpper && ply < 2*e.rootDepth {
		ttScore := fromTT(int(ent.score), ply)
		if !IsMate(ttScore) {
			sBeta := ttScore - 2*depth
			sd.excluded = ttMove
			s := e.negamax((depth-1)/2, ply, sBeta-1, sBeta, afterNoisy, false)
			sd.excluded = game.NoMove
			if e.stopped {
				return 0
			}
			if s < sBeta {
				singular = true
			} else if sBeta >= beta {
				return sBeta
			}
		}
	}

	sd.moves = pos.LegalMoves(sd.moves[:0])
	if len(sd.moves) == 0 {
		return e.terminal(ply)
	}
	if root && len(e.exclude) > 0 {
		sd.moves = e.excluded(sd.moves)
	}
	e.scoreMoves(ply, ttMove)
	best, bestMove := -Infinity, game.NoMove
	origAlpha := alpha
	e.keys = append(e.keys, key)
	// Near the leaves of a node not on the principal variation, quiet moves
	// late in the order, or that cannot lift a hopeless static evaluation
	// to alpha, are skipped unless they give check.
	deepLMP := e.selective && e.feat.lmpDeep
	maxLMP := lmpDepth
	if deepLMP {
		maxLMP = lmpDeepDepth
	}
	pruneQuiets := !root && !pvNode && !inCheck && depth <= maxLMP
	keepQuiets := 0
	if pruneQuiets {
		keepQuiets = lateQuiets(depth, improving, deepLMP)
	}
	quietSEE := e.selective && e.feat.quietSEE && e.exch != nil && !root && !inCheck && depth <= quietSEEDepth
	futile := pruneQuiets && e.feat.futility && depth <= futilityDepth && eval+futilityMargin*depth <= alpha
	quiets := 0
	sd.dropped = sd.dropped[:0]
	dropDone := false
	for i := 0; i < len(sd.moves); i++ {
		m, order := e.pick(ply, i)
		if m == excluded {
			continue
		}
		noisy := pos.IsNoisy(m)
		// A capture that loses material by the exchange estimate (a
		// noisy move ordered below the killers, see scoreMoves) by more
		// than a margin per ply of depth is skipped near the leaves.
		if e.feat.seePrune && noisy && order < orderKiller && !root && !pvNode && !inCheck && depth <= seeDepth &&
			best > -mateBound && noisyGain(order) < -seeMargin*depth && !e.givesCheck(m) {
			continue
		}
		if pruneQuiets && !noisy && order < orderKiller && best > -mateBound {
			late := e.feat.lmp && quiets >= keepQuiets
			quiets++
			if late || futile {
				// Every quiet move after this one is pruned too unless
				// it gives check: in selective games, drop them now
				// rather than pick them one by one.
				if !dropDone && e.selective {
					e.dropPrunedQuiets(ply, i+1)
					dropDone = true
				}
				if !e.givesCheck(m) {
					continue
				}
			}
		}
		if quietSEE && !noisy && m != ttMove && best > -mateBound &&
			e.exch.Exchange(m) < -quietSEEMargin*depth*depth && !e.givesCheck(m) {
			continue
		}
		sd.key = e.moveKey(m)
		pos.Play(m)
		var s int
		if singular && m == ttMove {
			s = e.child(team, depth, ply+1, alpha, beta, noisy)
		} else if i == 0 {
			s = e.child(team, depth-1, ply+1, alpha, beta, noisy)
		} else {
			r := 0
			if e.feat.lmr && depth >= 3 && !noisy && !inCheck && order < orderKiller {
				r = int(e.lmrTab[b2i(e.players > 2)][min(depth, 63)][min(e.rankOf(ply, i, order), 63)])
				if pvNode {
					r--
				}
				if !improving {
					r++
				}
				// Quiet moves with a good history (and continuation
				// history) are reduced less, bad ones more.
				r -= int(order) / lmrHistDiv
				r = min(max(r, 0), depth-2)
			}
			s = e.child(team, depth-1-r, ply+1, alpha, alpha+1, noisy)
			if s > alpha && r > 0 {
				s = e.child(team, depth-1, ply+1, alpha, alpha+1, noisy)
			}
			if s > alpha && s < beta {
				s = e.child(team, depth-1, ply+1, alpha, beta, noisy)
			}
		}
		pos.Undo()
		if e.stopped {
			e.keys = e.keys[:len(e.keys)-1]
			return 0
		}
		if s > best {
			best, bestMove = s, m
			if s > alpha {
				alpha = s
				e.pv[ply][ply] = m
				copy(e.pv[ply][ply+1:], e.pv[ply+1][ply+1:e.pvLen[ply+1]])
				e.pvLen[ply] = max(e.pvLen[ply+1], ply+1)
				if root {
					e.rootBest, e.rootScore = m, s
				}
				if s >= beta {
					if !noisy {
						e.goodQuiet(ply, depth, m, i)
					}
					break
				}
			}
		}
	}
	e.keys = e.keys[:len(e.keys)-1]
	bound := boundOf(best, origAlpha, beta)
	// A root searched without some of its moves has no value to store,
	// nor a best move the next iteration should try first.
	if excluded != game.NoMove {
		if best == -Infinity {
			return alpha // only the excluded move was worth searching
		}
		return best
	}
	if !root || len(e.exclude) == 0 {
		e.tt.store(key, bestMove, toTT(best, ply), depth, bound)
	}
	return best
}

// givesCheck reports whether m leaves the next player in check: asked
// of the game when it can tell without playing m (game.CheckGiver).
func (e *Engine) givesCheck(m game.Move) bool {
	if e.checker != nil {
		return e.checker.GivesCheck(m)
	}
	e.pos.Play(m)
	c := e.pos.InCheck()
	e.pos.Undo()
	return c
}

// quiesce searches noisy moves until the position is quiet, so that the
// evaluation is never taken in the middle of an exchange.
func (e *Engine) quiesce(ply, alpha, beta, qply int) int {
	e.pvLen[ply] = ply
	e.nodes++
	e.poll()
	if e.stopped {
		return 0
	}
	e.seldepth = max(e.seldepth, ply)
	pos := e.pos
	if pos.ToMove() == game.NoPlayer {
		return e.terminal(ply)
	}
	if e.players > 2 && e.rootOut() {
		return teamValue(-(MateScore - ply), e.rootTeam())
	}
	if ply >= MaxPly {
		return e.evaluate()
	}
	sd := &e.stack[ply]
	// In selective two-player games the table serves quiescence too: its
	// cut-offs and its best capture (BRS+ and paranoid stand-pats with a
	// pass, so their values here are not a position's own).
	useTT := e.selective && e.feat.ttEval
	var key uint64
	ttMove := game.NoMove
	if useTT {
		key = pos.Hash()
		if ent, ok := e.tt.probe(key); ok {
			ttMove = ent.move
			s := fromTT(int(ent.score), ply)
			if beta-alpha == 1 {
				switch b := ent.bound(); {
				case b == boundExact, b == boundLower && s >= beta, b == boundUpper && s <= alpha:
					return s
				}
			}
		}
	}
	origAlpha := alpha
	bestMove := game.NoMove
	inCheck := e.players == 2 && qply < 6 && pos.InCheck()
	best := -Infinity
	if inCheck {
		// In check every legal move is an evasion worth trying.
		sd.moves = pos.LegalMoves(sd.moves[:0])
		if len(sd.moves) == 0 {
			return e.terminal(ply)
		}
	} else {
		stand := e.standPat(ply, alpha, beta, qply)
		if e.stopped {
			return 0
		}
		if stand >= beta {
			return stand
		}
		best = stand
		alpha = max(alpha, stand)
		sd.moves = pos.NoisyMoves(sd.moves[:0])
		if qply == 0 && e.selective && e.feat.qsChecks && e.checker != nil && e.exch != nil {
			sd.moves = e.quietChecks(sd.moves)
		}
	}
	e.scoreMoves(ply, ttMove)
	team := e.rootTeam()
	for i := range sd.moves {
		m, order := e.pick(ply, i)
		// Quiet checks (ordered between the good and the bad noisy
		// moves) are not pruned by material: they may mate.
		quietCheck := order > orderBad/2 && order < orderNoisy
		if !inCheck && e.feat.deltaPrune && !quietCheck {
			// Every other move here is noisy, so its ordering score holds
			// its gain (see scoreMoves): no second call to Gain, but for
			// the hash move, whose score says only that it is the hash move.
			g := 0
			if order >= orderTT {
				g = e.pos.Gain(m)
			} else {
				g = noisyGain(order)
			}
			// A losing exchange, or one that cannot lift the score to
			// alpha even with a margin, is not worth searching.
			if g < 0 || best+g+200 <= alpha {
				continue
			}
		}
		pos.Play(m)
		var s int
		if e.rootTeam() == team {
			s = e.quiesce(ply+1, alpha, beta, qply+1)
		} else {
			s = -e.quiesce(ply+1, -beta, -alpha, qply+1)
		}
		pos.Undo()
		if e.stopped {
			return 0
		}
		if s > best {
			best = s
			if s > alpha {
				alpha, bestMove = s, m
				e.pv[ply][ply] = m
				copy(e.pv[ply][ply+1:], e.pv[ply+1][ply+1:e.pvLen[ply+1]])
				e.pvLen[ply] = max(e.pvLen[ply+1], ply+1)
				if s >= beta {
					break
				}
			}
		}
	}
	if useTT && best > -Infinity {
		e.tt.store(key, bestMove, toTT(best, ply), 0, boundOf(best, origAlpha, beta))
	}
	return best
}

// standPat is what the team to move gets in quiescence by taking nothing.
// With more than two players an opponent of the root player that takes
// nothing leaves the next seat to act, and if that is an opponent too, it
// may take what the first one left: otherwise a unit that two opponents
// attack looked safe whenever the first of them had nothing to gain, and
// the engine lost its army a unit at a time to the others.
func (e *Engine) standPat(ply, alpha, beta, qply int) int {
	if e.players > 2 && e.null != nil && !e.rootTeam() && ply+1 < MaxPly {
		e.null.PlayNull()
		if e.pos.ToMove() != game.NoPlayer && !e.rootTeam() {
			v := e.quiesce(ply+1, alpha, beta, qply+1)
			e.null.UndoNull()
			return v
		}
		e.null.UndoNull()
	}
	return e.evaluate()
}

// quietChecks appends to dst the quiet moves that give check without
// losing material by the exchange: at quiescence's first ply they find
// the mates and forks that captures alone would miss.
func (e *Engine) quietChecks(dst []game.Move) []game.Move {
	e.scratch = e.pos.LegalMoves(e.scratch[:0])
	for _, m := range e.scratch {
		if !e.pos.IsNoisy(m) && e.checker.GivesCheck(m) && e.exch.Exchange(m) >= 0 {
			dst = append(dst, m)
		}
	}
	return dst
}
