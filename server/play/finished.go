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
	if hook == nil {
		return
	}
	f, over := finishOf(s.id, s.g, s.t)
	if !over {
		return
	}
	anyone := false
	for _, u := range f.Users {
		anyone = anyone || u != 0
	}
	if !anyone {
		return
	}
	s.srv.life.Go(func() { hook(f) })
}

// finishOf is how game id, played on t, ended; over is false while it goes
// on.
func finishOf(id string, g game.Game, t *table.Table) (f challenge.Finish, over bool) {
	o := t.Outcome()
	if !o.Over {
		return f, false
	}
	f = challenge.Finish{ID: id, Game: g.Info().Name, Users: append([]int64(nil), t.Users...),
		Reason: string(o.Reason), Placings: t.Places(), Plies: len(t.Plies)}
	if n := len(t.Log); n > 0 && t.Log[n-1].Kind == table.ActAbort {
		f.NoShow = &[]int{t.Log[n-1].Seat}[0]
	}
	for i := range f.Users {
		f.Results = append(f.Results, o.Results[i].String())
	}
	if w := o.Winner(); w != game.NoPlayer {
		f.Winner = &[]int{int(w)}[0]
	}
	return f, true
}
