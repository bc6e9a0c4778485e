package dungeon

// kingNet measures how tightly seat s holds the King of another seat
// standing on k: of the squares next to it that the King could step to
// (floor not held by its own units), attacked counts those s attacks and
// free those it does not. Each square is judged with the King standing on
// it, so the King no longer shields the squares behind it. Without this
// term the search has no idea how to corner a King: it wins the material
// and then walks around a lone King until the no-capture rule draws.
func (p *Position) kingNet(s, k int) (attacked, free int) {
	m := p.m
	kid := p.board[k]
	king := &p.units[kid-1]
	for _, d := range m.queen {
		sq := k + d
		if m.terrain[sq] != tFloor {
			continue
		}
		tid := p.board[sq]
		var taken *unit
		if tid != 0 {
			taken = &p.units[tid-1]
			if taken.owner == king.owner {
				continue
			}
			taken.alive = false
		}
		p.board[k], p.board[sq], king.sq = 0, kid, int16(sq)
		hit := p.threatens(1<<s, sq)
		p.board[k], p.board[sq], king.sq = kid, tid, int16(k)
		if taken != nil {
			taken.alive = true
		}
		if hit {
			attacked++
		} else {
			free++
		}
	}
	return attacked, free
}
