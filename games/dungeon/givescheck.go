package dungeon

import "wyrm/game"

var _ game.CheckGiver = (*Position)(nil)

// GivesCheck implements game.CheckGiver. A move here can change who moves
// next (a capture eliminates a seat) and check is any enemy's threat to the
// King of the seat to move, so m is played and InCheck asked: correct for
// every case and allocation-free, if not faster than the search's own way.
func (p *Position) GivesCheck(m game.Move) bool {
	p.Play(m)
	c := p.InCheck()
	p.Undo()
	return c
}

var _ game.Materialer = (*Position)(nil)

// Material implements game.Materialer: the seat's units at ten times their
// XP cost (Kings not counted; nothing once the seat is out).
func (p *Position) Material(pl game.Player) int {
	if pl < 0 || int(pl) >= p.n || !p.isLive(int(pl)) {
		return 0
	}
	return p.material(int(pl))
}
