package dragonchess

import "wyrm/game"

// SeatName implements game.SeatNamer: Gold moves first, Scarlet second.
func (p *Position) SeatName(s game.Player) string {
	switch s {
	case 0:
		return "Gold"
	case 1:
		return "Scarlet"
	}
	return ""
}
