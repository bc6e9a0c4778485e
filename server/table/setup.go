package table

import (
	"slices"

	"wyrm/game"
)

func (t *Table) setup(a Action) error {
	if err := t.playing(a.Seat); err != nil {
		return err
	}
	if t.Setup == nil {
		return errorf(Conflict, "the game is past its setup")
	}
	if !slices.Contains(t.Setup.Waiting(), game.Player(a.Seat)) {
		return errorf(NotYourTurn, "this seat has nothing to submit now")
	}
	if err := t.Setup.Submit(game.Player(a.Seat), a.Data); err != nil {
		return refuse(Invalid, err)
	}
	if t.Setup.Stage() == "" {
		p, err := t.Setup.Position()
		if err != nil {
			return errorf(Broken, "setup finished but gave no position: %v", err)
		}
		t.Pos, t.Start, t.Setup = p, p.String(), nil
		t.Clock.LastAt = a.At()
	}
	return nil
}
