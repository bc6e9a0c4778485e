package dragonchess

import "wyrm/game"

var _ game.CheckGiver = (*Position)(nil)

// GivesCheck implements game.CheckGiver: m is made on the board only (as
// safeAfter does for the mover's own King) and the other King tested.
func (p *Position) GivesCheck(m game.Move) bool {
	from, to := int(m&511), int(m>>9&511)
	them := p.side ^ 1
	if m&afarBit != 0 {
		v := p.b[to]
		p.b[to] = 0
		c := p.attacked(p.king[them], p.side)
		p.b[to] = v
		return c
	}
	pc, cp := p.b[from], p.b[to]
	p.b[to], p.b[from] = p.r.promoted[pc][to], 0
	c := p.attacked(p.king[them], p.side)
	p.b[from], p.b[to] = pc, cp
	return c
}

var _ game.Materialer = (*Position)(nil)

// Material implements game.Materialer: Gygax's exchange values of a
// side's pieces (the King counts nothing).
func (p *Position) Material(pl game.Player) int {
	if pl < 0 || pl > 1 {
		return 0
	}
	c := int(pl)
	v := 0
	for j := 0; j < p.n[c]; j++ {
		v += kindValues[kindOf(p.b[p.list[c][j]])]
	}
	return v
}
