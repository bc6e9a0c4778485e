package server

import (
	"testing"

	"wyrm/server/play"
	"wyrm/server/table"
)

// An action that names the version it was chosen on is refused once the
// game has moved on, and taken while it has not; without one it is taken.
func TestActionsNamingAnOldVersionAreRefused(t *testing.T) {
	h := newHarness(t, "")
	cr := h.create(play.CreateRequest{Game: "toy", Seats: []table.Seat{{Kind: table.SeatLocal}, {Kind: table.SeatLocal}}})
	c := h.dial(cr.ID, cr.Tokens[0], cr.Tokens[1])
	c.send(map[string]any{"type": "move", "move": "c1c2", "version": 0, "id": 2})
	c.expect("ack")
	c.send(map[string]any{"type": "move", "move": "c5c4", "version": 0, "id": 3})
	if m := c.expect("error"); m["code"] != "conflict" {
		t.Errorf("a move on version 0 after one move: %v", m)
	}
	c.send(map[string]any{"type": "move", "move": "c5c4", "version": 1, "id": 4})
	c.expect("ack")
	c.send(map[string]any{"type": "move", "move": "c2c3", "id": 5})
	c.expect("ack")
}
