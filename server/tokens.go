package server

import (
	"wyrm/server/table"
)

// The definition types of a game, as clients send them when creating one.
type (
	// Seat is one seat of a game definition.
	Seat = table.Seat
	// Def is what is stored when a game is created.
	Def = table.Def
)

// Seat kinds.
const (
	SeatLocal    = table.SeatLocal
	SeatInvite   = table.SeatInvite
	SeatOpen     = table.SeatOpen
	SeatComputer = table.SeatComputer
)
