package dungeon

import "wyrm/game"

// SeatName implements game.Viewer: a seat is known by its faction, which
// no other seat shares.
func (p *Position) SeatName(s game.Player) string {
	if s < 0 || int(s) >= p.n {
		return ""
	}
	return p.seats[s].faction.Title()
}
