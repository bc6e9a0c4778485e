package dragon

import "wyrm/game"

// SeatName implements game.SeatNamer: seat 0 is White, seat 1 Black.
func (p *Position) SeatName(s game.Player) string {
	switch s {
	case 0:
		return "White"
	case 1:
		return "Black"
	}
	return ""
}
