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
