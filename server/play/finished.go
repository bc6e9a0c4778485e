package play

import (
	"wyrm/game"
	"wyrm/server/challenge"
	"wyrm/server/table"
)

// tellFinished tells the hall's Finished hook that s just ended, when an
// account holds one of its seats, so that the accounts' event streams hear
// of it (gameFinish). It is called once, by the action that ended the game:
// a game replayed after a restart, already over, is not told again. Caller
// holds s.mu; the hook runs outside it, since it may write to the database.
func (s *session) tellFinished() {
	hook := s.srv.finished
	t := s.t
	o := t.Outcome()
	if hook == nil || !o.Over {
		return
	}
	f := challenge.Finish{ID: s.id, Game: s.g.Info().Name, Users: append([]int64(nil), t.Users...),
		Reason: string(o.Reason), Placings: t.Places(), Plies: len(t.Plies)}
	if n := len(t.Log); n > 0 && t.Log[n-1].Kind == table.ActAbort {
		f.NoShow = &[]int{t.Log[n-1].Seat}[0]
	}
	anyone := false
	for i, u := range f.Users {
		anyone = anyone || u != 0
		f.Results = append(f.Results, o.Results[i].String())
	}
	if !anyone {
		return
	}
	if w := o.Winner(); w != game.NoPlayer {
		f.Winner = &[]int{int(w)}[0]
	}
	s.srv.life.Go(func() { hook(f) })
}
