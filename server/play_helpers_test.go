package server

import (
	"wyrm/server/play"
	"wyrm/server/table"
)

// testSession is a test's handle on a game the server plays: lock holds
// the game's lock and reads its table into t (play.Hall.Locked), unlock
// lets it go.
type testSession struct {
	hall    *play.Hall
	id      string
	t       *table.Table
	release func()
}

// session is the game id as the server plays it now, nil when it does not
// (it lives on another node, or nowhere); its t is the table as it was.
func (srv *Server) session(id string) *testSession {
	t, unlock, ok := srv.hall.Locked(id)
	if !ok {
		return nil
	}
	unlock()
	return &testSession{hall: srv.hall, id: id, t: t}
}

func (s *testSession) lock() {
	t, unlock, ok := s.hall.Locked(s.id)
	if !ok {
		panic("the game " + s.id + " is gone")
	}
	s.t, s.release = t, unlock
}

func (s *testSession) unlock() { s.release() }
