package dungeon

import "wyrm/game"

// Play implements game.Position. m must come from LegalMoves.
func (p *Position) Play(mv game.Move) {
	z := p.z
	s := int(p.toMove)
	p.undo = append(p.undo, undoRec{
		move: mv, hash: p.hash, quiet: p.quiet, turn: p.turn, toMove: p.toMove, live: p.live,
		mover: noUnit, target: noUnit, pushedTo: -1, nHexed: p.nHexed,
		removed0: uint16(len(p.removed)), removed1: uint16(len(p.removed)), thrice: p.thrice,
	})
	rec := &p.undo[len(p.undo)-1]
	p.hashes = append(p.hashes, p.hash)
	captured := false
	switch mType(mv) {
	case mtPass:
	case mtHex:
		sh, t := p.board[mFrom(mv)]-1, p.board[mTo(mv)]-1
		rec.mover, rec.target = sh, t
		su, tu := &p.units[sh], &p.units[t]
		rec.hexPrev = tu.hexLeft
		p.hash ^= z.ukey(su)
		su.hexUsed = true
		p.hash ^= z.ukey(su) ^ z.ukey(tu)
		if tu.hexLeft == 0 {
			p.nHexed++
		}
		tu.hexLeft = hexTurns
		p.hash ^= z.ukey(tu)
	default:
		from, to := mFrom(mv), mTo(mv)
		id := p.board[from] - 1
		rec.mover, rec.from = id, int16(from)
		if tid := p.board[to]; tid != 0 {
			captured = true
			t := tid - 1
			rec.target = t
			tu := &p.units[t]
			if b := p.pushSquare(tu, to); b >= 0 {
				p.hash ^= z.ukey(tu)
				p.board[to] = 0
				tu.sq = int16(b)
				tu.wounded = true
				p.board[b] = tid
				p.hash ^= z.ukey(tu)
				rec.pushedTo = int16(b)
			} else {
				p.removeUnit(t)
			}
			rec.removed1 = uint16(len(p.removed))
			p.moveUnit(id, to)
			if tu.kind == Demonics {
				p.explode(to, tu.owner)
				if p.units[id].alive {
					p.removeUnit(id)
				}
			} else if r := mRetreat(mv); r != 0 {
				p.moveUnit(id, r)
			}
		} else {
			p.moveUnit(id, to)
		}
	}
	if captured {
		for q := 0; q < p.n; q++ {
			if p.isLive(q) && p.kingSq(q) < 0 {
				p.eliminate(q)
			}
		}
		p.quiet = 0
	} else {
		p.quiet++
	}
	if p.nHexed > 0 {
		rec.hexDec = p.countDownHexes(s)
	}
	p.turn++
	p.hash ^= z.toMove[p.toMove+1]
	if p.liveCount() <= 1 {
		p.toMove = -1
	} else {
		p.toMove = p.nextLive(s)
	}
	p.hash ^= z.toMove[p.toMove+1]
	p.thrice = p.countRepeats()
}

// explode removes every unit not owned by owner on the eight squares
// around sq: the Demonics' explosion.
func (p *Position) explode(sq int, owner uint8) {
	for _, d := range p.m.queen {
		if id := p.board[sq+d]; id != 0 && p.units[id-1].owner != owner {
			p.removeUnit(id - 1)
		}
	}
}

// eliminate takes seat q out of the game; all its units leave the board
// (leaving is not destruction: a Demonics that leaves does not explode).
func (p *Position) eliminate(q int) {
	st := &p.seats[q]
	for id := st.first; id < st.end; id++ {
		if p.units[id].alive {
			p.removeUnit(id)
		}
	}
	p.live &^= 1 << q
	p.hash ^= p.z.out[q]
}

// countDownHexes lowers the hex counters of seat s's units at the end of
// its turn and returns which were lowered.
func (p *Position) countDownHexes(s int) uint32 {
	z := p.z
	st := &p.seats[s]
	var mask uint32
	for id := st.first; id < st.end; id++ {
		u := &p.units[id]
		if u.hexLeft == 0 {
			continue
		}
		if u.alive {
			p.hash ^= z.ukey(u)
		}
		u.hexLeft--
		if u.alive {
			p.hash ^= z.ukey(u)
		}
		if u.hexLeft == 0 {
			p.nHexed--
		}
		mask |= 1 << (id - st.first)
	}
	return mask
}

// Undo implements game.Position.
func (p *Position) Undo() {
	rec := &p.undo[len(p.undo)-1]
	for len(p.removed) > int(rec.removed1) {
		id := p.removed[len(p.removed)-1]
		p.removed = p.removed[:len(p.removed)-1]
		p.restoreUnit(id)
	}
	if rec.hexDec != 0 {
		st := &p.seats[rec.toMove]
		for b := 0; b < maxArmy; b++ {
			if rec.hexDec&(1<<b) != 0 {
				p.units[int(st.first)+b].hexLeft++
			}
		}
	}
	switch mType(rec.move) {
	case mtPass:
	case mtHex:
		p.units[rec.mover].hexUsed = false
		p.units[rec.target].hexLeft = rec.hexPrev
	default:
		u := &p.units[rec.mover]
		p.board[u.sq] = 0
		u.sq = rec.from
		p.board[rec.from] = rec.mover + 1
		if rec.target != noUnit {
			to := mTo(rec.move)
			if rec.pushedTo >= 0 {
				t := &p.units[rec.target]
				p.board[rec.pushedTo] = 0
				t.sq = int16(to)
				t.wounded = false
				p.board[to] = rec.target + 1
			}
			for len(p.removed) > int(rec.removed0) {
				id := p.removed[len(p.removed)-1]
				p.removed = p.removed[:len(p.removed)-1]
				p.restoreUnit(id)
			}
		}
	}
	p.hash, p.quiet, p.turn, p.toMove, p.live, p.nHexed = rec.hash, rec.quiet, rec.turn, rec.toMove, rec.live, rec.nHexed
	p.thrice = rec.thrice
	p.undo = p.undo[:len(p.undo)-1]
	p.hashes = p.hashes[:len(p.hashes)-1]
}
