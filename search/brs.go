package search

import "wyrm/game"

// brsLayer searches one opponent round of Best-Reply Search (BRS+). The
// position has an opponent of the root player to move. Each opponent in turn
// order is tried as the one that really chooses; the opponents before and
// after it play their first-ordered move instead, so every position stays a
// legal one. The whole round counts as one ply of depth. The value is for
// the opponents' team, as in the paranoid search.
func (e *Engine) brsLayer(depth, ply, alpha, beta int) int {
	pos := e.pos
	e.keys = append(e.keys, pos.Hash())
	best := -Infinity
	sd := &e.stack[ply]
	sd.key = noKey // a round of several moves has no one move to follow
	for chooser := 0; chooser < game.MaxPlayers; chooser++ {
		played := 0
		for played < chooser && pos.ToMove() != game.NoPlayer && !e.rootTeam() {
			m := e.defaultMove()
			if m == game.NoMove {
				break
			}
			pos.Play(m)
			played++
		}
		if played < chooser || pos.ToMove() == game.NoPlayer || e.rootTeam() {
			for ; played > 0; played-- {
				pos.Undo()
			}
			break
		}
		sd.moves = pos.LegalMoves(sd.moves[:0])
		e.scoreMoves(ply, game.NoMove)
		cut := false
		for i := range sd.moves {
			m, _ := e.pick(ply, i)
			noisy := pos.IsNoisy(m)
			pos.Play(m)
			extra := 0
			for pos.ToMove() != game.NoPlayer && !e.rootTeam() {
				d := e.defaultMove()
				if d == game.NoMove {
					break
				}
				noisy = noisy || pos.IsNoisy(d)
				pos.Play(d)
				extra++
			}
			var s int
			if i == 0 && chooser == 0 {
				s = e.child(false, depth-1, ply+1, alpha, beta, noisy)
			} else {
				s = e.child(false, depth-1, ply+1, alpha, alpha+1, noisy)
				if s > alpha && s < beta {
					s = e.child(false, depth-1, ply+1, alpha, beta, noisy)
				}
			}
			for ; extra > 0; extra-- {
				pos.Undo()
			}
			pos.Undo()
			if e.stopped {
				break
			}
			if s > best {
				best = s
				if s > alpha {
					alpha = s
					if s >= beta {
						if !noisy {
							e.goodQuiet(ply, depth, m, i)
						}
						cut = true
						break
					}
				}
			}
		}
		for ; played > 0; played-- {
			pos.Undo()
		}
		if cut || e.stopped {
			break
		}
	}
	e.keys = e.keys[:len(e.keys)-1]
	if e.stopped {
		return 0
	}
	if best == -Infinity {
		return e.evaluate()
	}
	return best
}

// defaultMove is the move an opponent who is not the chooser plays in a
// BRS+ round: the hash move, else the best-gaining noisy move, else the
// quiet move with the best history.
func (e *Engine) defaultMove() game.Move {
	pos := e.pos
	e.scratch = pos.LegalMoves(e.scratch[:0])
	if len(e.scratch) == 0 {
		return game.NoMove
	}
	if ent, ok := e.tt.probe(pos.Hash()); ok && ent.move != game.NoMove {
		for _, m := range e.scratch {
			if m == ent.move {
				return m
			}
		}
	}
	seat := pos.ToMove()
	best, bestScore := e.scratch[0], int32(-1<<31)
	for _, m := range e.scratch {
		var s int32
		if pos.IsNoisy(m) {
			s = orderNoisy + int32(min(max(pos.Gain(m), -(1<<20)), 1<<20))
		} else {
			s = e.history[seat][histIndex(m)]
		}
		if s > bestScore {
			best, bestScore = m, s
		}
	}
	return best
}
